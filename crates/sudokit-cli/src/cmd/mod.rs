//! One module per subcommand: each has its clap `Args` and a `run` function.

pub mod bench;
pub mod canon;
pub mod count;
pub mod generate;
pub mod solve;
