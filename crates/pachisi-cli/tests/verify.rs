//! `pachisi verify` and `pachisi record random --fair`, run as real processes: an honest record
//! passes, a changed throw is named, and records that cannot be checked say why.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SERVER_SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fn pachisi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pachisi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pachisi-verify-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// A game of Ludo between random players with fair throws, written to `name`.
fn fair_record(name: &str, extra: &[&str]) -> (PathBuf, String) {
    let path = temp_file(name);
    let mut args = vec![
        "record",
        "random",
        "--rules",
        "ludo",
        "--seed",
        "5",
        "--fair",
        "--player-seed",
        "R:lucky 7",
        "--player-seed",
        "G:50%, or more",
        "--out",
    ];
    args.push(path.to_str().expect("utf-8 path"));
    args.extend_from_slice(extra);
    let out = pachisi(&args);
    assert!(out.status.success(), "record random: {}", stderr(&out));
    let text = std::fs::read_to_string(&path).expect("the record was written");
    (path, text)
}

fn verify(path: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["verify", path.to_str().expect("utf-8 path")];
    args.extend_from_slice(extra);
    pachisi(&args)
}

/// Fails unless the command failed cleanly: exit status 1, not a panic's 101.
fn assert_fails(out: &Output) {
    assert_eq!(out.status.code(), Some(1), "{}{}", stdout(out), stderr(out));
}

#[test]
fn an_honest_record_passes() {
    let (path, text) = fair_record("honest.record", &["--server-seed", SERVER_SEED]);
    assert!(
        text.contains("[PlayerSeeds \"R:lucky 7,G:50%25%2C or more\"]"),
        "{text}"
    );
    assert!(
        text.contains(&format!("[ServerSeed \"{SERVER_SEED}\"]")),
        "{text}"
    );
    let out = verify(&path, &[]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let said = stdout(&out);
    assert!(
        said.contains("the server seed matches its commitment"),
        "{said}"
    );
    let throws = text.matches('(').count();
    assert!(
        said.contains(&format!("all {throws} throws match")),
        "{said}"
    );
}

#[test]
fn a_changed_throw_is_named_and_fails() {
    let (_, text) = fair_record("tampered-source.record", &["--server-seed", SERVER_SEED]);
    // Ludo has no throw-off: the body's throws are numbered from 0. Change throw 6.
    let (head, body) = text.split_once("\n\n").expect("a header and a body");
    let mut seen = 0;
    let mut changed = None;
    let body: Vec<String> = body
        .lines()
        .map(|line| {
            line.split(' ')
                .map(
                    |token| match token.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
                        Some(value) => {
                            seen += 1;
                            if seen != 7 {
                                return token.to_string();
                            }
                            let value: u8 = value.parse().expect("a die");
                            let other = value % 6 + 1;
                            changed = Some((value, other));
                            format!("({other})")
                        }
                        None => token.to_string(),
                    },
                )
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let (was, now) = changed.expect("seven throws");
    let path = temp_file("tampered.record");
    std::fs::write(&path, format!("{head}\n\n{}\n", body.join("\n"))).expect("written");
    let out = verify(&path, &[]);
    assert_fails(&out);
    let said = stdout(&out);
    assert!(said.contains("throw 6 (turn "), "{said}");
    assert!(
        said.contains(&format!("should be {was} but the record says {now}")),
        "{said}"
    );
    assert!(
        stderr(&out).contains("throws do not match"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_seed_that_is_not_the_one_committed_to_fails() {
    let (_, text) = fair_record("other-seed-source.record", &["--server-seed", SERVER_SEED]);
    let other = format!("ff{}", &SERVER_SEED[2..]);
    let path = temp_file("other-seed.record");
    std::fs::write(&path, text.replace(SERVER_SEED, &other)).expect("written");
    let out = verify(&path, &[]);
    assert_fails(&out);
    assert!(
        stdout(&out).contains("does not match its commitment"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_record_without_its_seed_needs_it_given() {
    let (_, text) = fair_record("unrevealed-source.record", &["--server-seed", SERVER_SEED]);
    let hidden: String = text
        .lines()
        .filter(|l| !l.starts_with("[ServerSeed "))
        .map(|l| format!("{l}\n"))
        .collect();
    let path = temp_file("unrevealed.record");
    std::fs::write(&path, hidden).expect("written");
    let out = verify(&path, &[]);
    assert_fails(&out);
    assert!(
        stderr(&out).contains("--server-seed HEX"),
        "{}",
        stderr(&out)
    );
    let out = verify(&path, &["--server-seed", SERVER_SEED]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let out = verify(&path, &["--server-seed", "12ab"]);
    assert_fails(&out);
    assert!(stderr(&out).contains("64 digits"), "{}", stderr(&out));
}

#[test]
fn a_record_without_fair_throws_is_refused() {
    let path = temp_file("plain.record");
    let out = pachisi(&[
        "record",
        "random",
        "--rules",
        "ludo",
        "--out",
        path.to_str().expect("utf-8"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = verify(&path, &[]);
    assert_fails(&out);
    assert!(
        stderr(&out).contains("has no [ServerSeedCommitment"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn server_seeds_drawn_by_the_system_differ_and_verify() {
    let (a, text_a) = fair_record("drawn-a.record", &[]);
    let (_, text_b) = fair_record("drawn-b.record", &[]);
    let commitment = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("[ServerSeedCommitment "))
            .map(str::to_string)
    };
    assert!(commitment(&text_a).is_some());
    assert_ne!(commitment(&text_a), commitment(&text_b));
    assert!(verify(&a, &[]).status.success());
}

#[test]
fn bad_player_seeds_and_the_help_teach() {
    let out = pachisi(&["record", "random", "--fair", "--player-seed", "Q:x"]);
    assert_fails(&out);
    assert!(
        stderr(&out).contains("the seats are Y, G, B, R"),
        "{}",
        stderr(&out)
    );
    let out = pachisi(&["record", "random", "--fair", "--player-seed", "Y:tab\there"]);
    assert_fails(&out);
    assert!(stderr(&out).contains("printable ASCII"), "{}", stderr(&out));
    let help = stdout(&pachisi(&["verify", "--help"]));
    for words in [
        "ServerSeedCommitment",
        "PlayerSeeds",
        "Example: pachisi",
        "exit status",
    ] {
        assert!(help.contains(words), "{words} missing from:\n{help}");
    }
}
