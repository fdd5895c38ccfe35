//! Running the `sudokit` binary from the end-to-end tests.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Starts `sudokit ARGS` from the repository root with `stdout` as its standard
/// output; standard input and error are pipes.
pub fn spawn(args: &[&str], stdout: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs `sudokit ARGS` from the repository root with `stdin` as standard input.
pub fn sudokit(args: &[&str], stdin: &str) -> Output {
    let mut child = spawn(args, Stdio::piped());
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}
