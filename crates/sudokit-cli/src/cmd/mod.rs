//! One module per subcommand: each has its clap `Args` and a `run` function.

pub mod bench;
pub mod count;
pub mod explain;
pub mod hint;
pub mod rate;
pub mod solve;
