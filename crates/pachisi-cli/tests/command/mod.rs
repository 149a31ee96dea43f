//! Running the `pachisi` command as a real process, for the command-line tests.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// `command` in English whatever the caller's locale: `LANG=C`, and none of the variables that
/// go before it.
pub fn in_english(command: &mut Command) -> &mut Command {
    for name in ["LC_ALL", "LC_MESSAGES", "LANGUAGE"] {
        command.env_remove(name);
    }
    command.env("LANG", "C")
}

/// Runs `pachisi` with `args`, in English.
pub fn pachisi(args: &[&str]) -> Output {
    in_english(&mut Command::new(env!("CARGO_BIN_EXE_pachisi")))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs a command that must succeed and returns stdout.
pub fn ok(args: &[&str]) -> String {
    let out = pachisi(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs a command that must fail cleanly (exit code 1, never a panic's 101) and returns stderr.
pub fn fails(args: &[&str]) -> String {
    let out = pachisi(args);
    assert_eq!(out.status.code(), Some(1), "{args:?} should fail cleanly");
    String::from_utf8(out.stderr).expect("utf-8 output")
}

/// Runs a command that must succeed and print JSON.
pub fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("valid JSON")
}

/// A fresh directory for a test's files.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pachisi-cli-test-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}
