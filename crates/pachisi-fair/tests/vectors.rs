//! The test vectors and the worked example of docs/fair-throws.md, read from the page itself and
//! recomputed, so that the page and the program cannot drift apart.

use pachisi_core::builtin_rules;
use pachisi_fair::derive::{stream_block, stream_message};
use pachisi_fair::{FairDice, PlayerSeeds, ServerSeed};

const PAGE: &str = include_str!("../../../docs/fair-throws.md");

/// The lines between `<!-- NAME: begin -->` and `<!-- NAME: end -->`.
fn section(name: &str) -> Vec<&'static str> {
    let begin = format!("<!-- {name}: begin -->");
    let end = format!("<!-- {name}: end -->");
    let lines: Vec<&str> = PAGE
        .lines()
        .skip_while(|l| l.trim() != begin)
        .skip(1)
        .take_while(|l| l.trim() != end)
        .collect();
    assert!(
        !lines.is_empty(),
        "docs/fair-throws.md has no {name} section"
    );
    lines
}

/// The text between the backquotes that first follow `marker` in `text`.
fn quoted_after<'a>(text: &'a str, marker: &str) -> &'a str {
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("the page has no `{marker}`"));
    text[at + marker.len()..]
        .split('`')
        .nth(1)
        .unwrap_or_else(|| panic!("nothing quoted after `{marker}`"))
}

/// A server seed as the page names it: `- seed A: `hex``.
fn named_seed(name: &str) -> ServerSeed {
    ServerSeed::from_hex(quoted_after(PAGE, &format!("- seed {name}:"))).expect("64 hex digits")
}

#[test]
fn the_pages_test_vectors_hold() {
    let mut rows = 0;
    for line in section("test vectors") {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells[0] == "ruleset" || cells[0].starts_with("---") {
            continue;
        }
        let [ruleset, set, server, players, from, throws] = cells[..] else {
            panic!("a vector has six cells: {line}");
        };
        let set: Vec<String> = if set == "-" { vec![] } else { vec![set.into()] };
        let rules = builtin_rules(ruleset, &set).expect("a built-in ruleset");
        let server = named_seed(server);
        let players = PlayerSeeds::from_tag(&rules, players).expect("player seeds");
        let mut dice = FairDice::new(&rules, &server, &players).expect("device");
        dice.set_count(from.parse().expect("a throw number"));
        let computed: Vec<String> = throws
            .split_whitespace()
            .map(|_| rules.outcome(dice.next_throw()).name.to_string())
            .collect();
        assert_eq!(computed.join(" "), throws, "{line}");
        rows += 1;
    }
    assert_eq!(rows, 10);
}

#[test]
fn the_pages_bot_seeds_hold() {
    let mut rows = 0;
    for line in section("bot seed vectors") {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells[0] == "server seed" || cells[0].starts_with("---") {
            continue;
        }
        let [server, bytes, bot_seed] = cells[..] else {
            panic!("a bot seed vector has three cells: {line}");
        };
        let seed = named_seed(server).bot_seed();
        assert_eq!(
            ::hex::encode(seed.to_le_bytes()),
            bytes.trim_matches('`'),
            "{line}"
        );
        assert_eq!(seed.to_string(), bot_seed, "{line}");
        rows += 1;
    }
    assert_eq!(rows, 2);
}

#[test]
fn the_seeds_commitments_are_as_the_page_says() {
    for name in ["A", "B"] {
        let seed = named_seed(name);
        let listed = &PAGE[PAGE.find(&format!("- seed {name}:")).expect("listed")..];
        let commitment = quoted_after(listed, "commitment");
        assert_eq!(seed.commitment().to_hex(), commitment, "seed {name}");
    }
}

#[test]
fn the_worked_example_holds() {
    let field = |label: &str| -> String {
        section("worked example")
            .into_iter()
            .find_map(|l| l.strip_prefix(label))
            .unwrap_or_else(|| panic!("the worked example has no `{label}` line"))
            .trim()
            .to_string()
    };
    let hex = |label: &str| field(label).replace(' ', "");
    let rules = builtin_rules("pachisi", &[]).expect("builtin");
    let server = ServerSeed::from_hex(&field("server seed")).expect("64 digits");
    assert_eq!(server.commitment().to_hex(), field("commitment"));
    let players = PlayerSeeds::from_tag(&rules, &field("player seeds")).expect("seeds");
    assert_eq!(
        ::hex::encode(players.canonical_bytes()),
        hex("player seed bytes")
    );
    assert_eq!(
        ::hex::encode(stream_message(&players, 0, 0)),
        hex("message, block 0")
    );
    assert_eq!(
        ::hex::encode(stream_block(&server, &players, 0, 0)),
        hex("block 0")
    );
    assert_eq!(
        ::hex::encode(stream_block(&server, &players, 0, 1)),
        hex("block 1")
    );
    // Four shells mouth up: a throw of 4.
    let dice = FairDice::new(&rules, &server, &players).expect("device");
    assert_eq!(rules.outcome(dice.throw_at(0)).value, 4);
}
