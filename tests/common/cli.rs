//! Running the `perceptron-lab` binary from an integration test, and the files it reads.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary with `args`, whatever its exit status.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perceptron-lab"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs the binary with `args` and `stdout` (stdin empty, stderr captured), killing it and
/// failing the test if it has not ended within `limit` (a hang, not a slow machine: give a
/// generous limit). The output's stdout is empty unless `stdout` was [`Stdio::piped`]; a piped
/// output must fit the pipe's buffer (it is read at the end).
pub fn run_within(args: &[&str], stdout: Stdio, limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_perceptron-lab"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("perceptron-lab {args:?} did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Runs the binary; panics with its stderr unless it succeeds; returns its stdout.
pub fn cli(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "perceptron-lab {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs the binary expecting failure; returns its stderr.
pub fn cli_fails(args: &[&str]) -> String {
    let out = run(args);
    assert!(!out.status.success(), "perceptron-lab {args:?} should fail");
    String::from_utf8(out.stderr).unwrap()
}

/// Runs the binary expecting a refusal: a non-zero exit, nothing on stdout, and `message` in its
/// stderr (which it returns).
pub fn cli_refuses(args: &[&str], message: &str) -> String {
    let out = run(args);
    assert!(!out.status.success(), "perceptron-lab {args:?} should fail");
    assert!(
        out.stdout.is_empty(),
        "perceptron-lab {args:?} printed to stdout"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains(message), "{err}");
    err
}

/// The message of a CSV at `path` that has a header and no rows.
pub fn header_only_message(path: &std::path::Path) -> String {
    format!(
        "{}: line 1: the header x1,x2,label is followed by no rows: the file has no points",
        path.display()
    )
}

/// A file `name` holding `text`, in a directory of this test run (one a test file and process:
/// `perceptron-lab-<test file>-<process id>` in the system's temporary directory).
pub fn file(name: &str, text: &str) -> PathBuf {
    let test = env!("CARGO_CRATE_NAME").replace('_', "-");
    let dir = std::env::temp_dir().join(format!("perceptron-lab-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `data` times `c` as a CSV file `x1,…,xN,label` named `name` (as [`file`]; numbers in
/// shortest round-trip form).
pub fn data_file(data: &perceptron_lab::data::Dataset, c: f64, name: &str) -> PathBuf {
    use std::fmt::Write as _;
    let header: Vec<String> = (1..=data.dim()).map(|i| format!("x{i}")).collect();
    let mut text = format!("{},label\n", header.join(","));
    for mu in 0..data.len() {
        let row: Vec<String> = data.x(mu).iter().map(|v| format!("{:e}", v * c)).collect();
        writeln!(text, "{},{}", row.join(","), data.y(mu)).unwrap();
    }
    file(name, &text)
}
