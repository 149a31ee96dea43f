//! `pachisi perft` as a real process: counts estimated beyond the bound are refused at once (or,
//! with --force, started with a note), and a progress bar is drawn on a terminal only.

mod common;
use portable_pty::{native_pty_system, CommandBuilder, PtySize};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

const PACHISI: &str = env!("CARGO_BIN_EXE_pachisi");

/// Long enough for any count these tests make, far too short for the ones they refuse.
const DEADLINE: Duration = Duration::from_secs(60);

/// Runs `pachisi` with `args`, killing it at the deadline: its success, stdout and stderr.
fn run(args: &[&str]) -> (bool, String, String) {
    let mut child = Command::new(PACHISI)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run pachisi");
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("pachisi {args:?} was still running after {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_count_estimated_beyond_the_bound_is_refused_at_once() {
    let (ok, _, err) = run(&["perft", "--rules", "pachisi", "--depth", "12"]);
    assert!(!ok, "{err}");
    for words in [
        "perft 12 would count about",
        "trillion sequences",
        "at depth 5",
        "the bound is 10 billion sequences",
        "add --force to count anyway",
    ] {
        assert!(err.contains(words), "`{words}` missing from: {err}");
    }
}

#[test]
fn force_starts_a_count_beyond_the_bound_and_says_how_long_it_takes() {
    let mut child = Command::new(PACHISI)
        .args(["perft", "--rules", "pachisi", "--depth", "12", "--force"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run pachisi");
    let stderr = child.stderr.take().expect("stderr");
    let (send, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let line = lines.recv_timeout(DEADLINE);
    let _ = child.kill();
    let _ = child.wait();
    let line = line.expect("a note on standard error");
    assert!(
        line.contains("perft 12 would count about") && line.contains("counting as --force asks"),
        "{line}"
    );
}

#[test]
fn counts_within_the_bound_are_the_library_s_and_draw_no_bar_off_a_terminal() {
    let rules = pachisi_core::builtin_rules("pachisi", &[]).expect("builtin");
    let start = pachisi_core::Position::new(&rules);
    for depth in [2, 6] {
        let expected = pachisi_core::perft(&rules, &start, depth);
        let depth_text = depth.to_string();
        for force in [false, true] {
            let mut args = vec!["perft", "--rules", "pachisi", "--depth", &depth_text];
            if force {
                args.push("--force");
            }
            let (ok, out, err) = run(&args);
            assert!(ok, "{err}");
            assert_eq!(out, format!("perft {depth}: {expected}\n"));
            // Only the time taken: no bar, no estimate.
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains("sequences/s"), "{err}");
        }
    }
}

#[test]
fn divide_cut_into_subtrees_still_sums_to_the_count() {
    let rules = pachisi_core::builtin_rules("humphries-1904", &[]).expect("builtin");
    let expected = pachisi_core::perft(&rules, &pachisi_core::Position::new(&rules), 5);
    let (ok, out, err) = run(&[
        "perft",
        "--rules",
        "humphries-1904",
        "--depth",
        "5",
        "--divide",
    ]);
    assert!(ok, "{err}");
    let sum: u64 = out
        .lines()
        .filter(|l| l.starts_with('('))
        .filter_map(|l| l.split_whitespace().last()?.parse::<u64>().ok())
        .sum();
    assert_eq!(sum, expected, "{out}");
    assert!(out.ends_with(&format!("perft 5: {expected}\n")), "{out}");
}

#[test]
fn a_terminal_shows_the_progress_of_a_long_count() {
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 120,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut command = CommandBuilder::new(PACHISI);
    command.args(["perft", "--rules", "pachisi", "--depth", "6"]);
    command.env("TERM", "xterm-256color");
    let mut child = pty.slave.spawn_command(command).expect("spawn pachisi");
    drop(pty.slave);
    let output = common::read_in_background(pty.master.try_clone_reader().expect("reader"));
    let started = Instant::now();
    let mut raw = Vec::new();
    loop {
        while let Ok(bytes) = output.try_recv() {
            raw.extend_from_slice(&bytes);
        }
        if child.try_wait().expect("wait").is_some() {
            std::thread::sleep(Duration::from_millis(100));
            while let Ok(bytes) = output.try_recv() {
                raw.extend_from_slice(&bytes);
            }
            break;
        }
        assert!(started.elapsed() < DEADLINE, "perft did not end");
        std::thread::sleep(Duration::from_millis(10));
    }
    let text = String::from_utf8_lossy(&raw);
    assert!(text.contains("subtrees"), "no progress bar: {text}");
    assert!(text.contains("of about"), "no estimate: {text}");
    assert!(text.contains("perft 6: 3774103"), "{text}");
}
