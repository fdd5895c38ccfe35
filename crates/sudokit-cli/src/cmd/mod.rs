//! One module per subcommand: each has its clap `Args` and a `run` function.

pub mod bench;
pub mod canon;
pub mod count;
pub mod explain;
pub mod generate;
pub mod hint;
pub mod rate;
pub mod serve;
pub mod solve;
