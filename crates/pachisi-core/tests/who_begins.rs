//! Who begins: the throw-off before the game (`turn.first = "highest-throw"`), one test per
//! rule, each citing its document.

use pachisi_core::ruleset::FirstSeat;
use pachisi_core::{builtin_rules, GameRecord, Rules, Throw, ThrowName, ThrowOff};

fn rules(name: &str) -> Rules {
    builtin_rules(name, &[]).expect("ruleset")
}

/// The throws named, in order, for [`ThrowOff::play`].
fn scripted<'a>(rules: &'a Rules, names: &'a [&str]) -> impl FnMut() -> Throw + 'a {
    let mut next = names.iter();
    move || {
        let name: ThrowName = next.next().expect("enough throws").parse().expect("name");
        rules.throw_named(name).expect("a throw of these rules")
    }
}

/// 000: "At the beginning of the game each player throws shells to determine who plays first.
/// Of course first to move is a player who's got a highest value."
#[test]
fn the_highest_throw_begins_000() {
    let r = rules("pachisi");
    assert_eq!(r.ruleset().turn.first, FirstSeat::HighestThrow);
    let off = ThrowOff::play(&r, scripted(&r, &["2", "25", "3", "10"]));
    assert_eq!(off.first(), 1);
    assert_eq!(off.to_text(&r), "Y 2, G 25, B 3, R 10");
    assert_eq!(
        off.describe(&r),
        "throw-off: Y 2, G 25, B 3, R 10: green begins"
    );
    let start = off.start(&r);
    assert_eq!(start.to_move(), 1);
    assert_eq!(start.to_notation(&r).split(' ').nth(1), Some("Gt"));
}

/// 001: "The player who gets the highest number on their dice or seashells compared to the
/// opponents starts the game". Seats tied for the highest throw again, and only they (a reading:
/// no document says how a tie is broken).
#[test]
fn seats_tied_for_the_highest_throw_again_and_only_they_001() {
    let r = rules("humphries-1904");
    let off = ThrowOff::play(&r, scripted(&r, &["25", "2", "25", "3", "4", "10"]));
    assert_eq!(off.rounds().len(), 2);
    assert_eq!(off.to_text(&r).split("; ").nth(1), Some("Y 4, B 10"));
    assert_eq!(off.first(), 2);
}

/// 003 (SR, MB, TR): "Each player throw the dice. Highest total goes first." Two separate dice
/// count by their total.
#[test]
fn the_highest_total_of_the_dice_goes_first_003() {
    let r = rules("parcheesi-sr");
    let off = ThrowOff::play(&r, scripted(&r, &["1-2", "6-1", "3-3", "5-1"]));
    // 3, 7, 6, 6: green's 7 is highest, although blue threw a doublet.
    assert_eq!(off.first(), 1);
}

/// 004: "The playing order is decided by each player throwing the cowries. The player with the
/// highest score starts." A record keeps the throw-off in its `Opening` tag, from which the
/// replay starts.
#[test]
fn a_record_begins_with_the_winner_of_its_opening_tag_004() {
    let r = rules("pachisi-encyclopedia");
    let off = ThrowOff::play(&r, scripted(&r, &["2", "3", "4", "10"]));
    assert_eq!(off.first(), 3);
    let text = format!(
        "[Ruleset \"pachisi-encyclopedia\"]\n[Opening \"{}\"]\n\n",
        off.to_text(&r)
    );
    let record = GameRecord::parse(&text).expect("parses");
    assert_eq!(record.start_position(&r).expect("start").to_move(), 3);
    assert_eq!(record.replay(&r).expect("replays").to_move(), 3);
    // A throw-off that does not follow its rule is refused with the reason.
    for (bad, why) in [
        ("Y 2, G 3, B 4", "round 1"),
        ("Y 25, G 25, B 2, R 3", "not decided"),
        ("Y 25, G 25, B 2, R 3; Y 10, G 2, B 4", "round 2"),
        ("Y 2, G 3, B 4, R 10; R 2", "decided before"),
        ("Y 2, G 3, B 4, Q 10", "`Q`"),
    ] {
        let e = ThrowOff::parse(&r, bad).expect_err(bad);
        assert!(e.contains(why), "{bad}: {e}");
    }
}

/// A ruleset whose first seat begins (Ludo's rule book is silent; 003's PB edition leaves the
/// choice to the players) needs no throw-off, and a record without an `Opening` tag begins with
/// seat 0, as every record did before the throw-off.
#[test]
fn without_a_throw_off_the_first_seat_begins() {
    let r = rules("ludo");
    assert_eq!(r.ruleset().turn.first, FirstSeat::FirstSeat);
    let record = GameRecord::parse("[Ruleset \"pachisi\"]\n\n").expect("parses");
    assert_eq!(
        record
            .start_position(&rules("pachisi"))
            .expect("start")
            .to_move(),
        0
    );
    let on = builtin_rules("ludo", &["turn.first=highest-throw".into()]).expect("a switch");
    assert_eq!(on.ruleset().turn.first, FirstSeat::HighestThrow);
}

/// A throw-off always ends: after [`ThrowOff::MAX_ROUNDS`] tied rounds the first of the tied
/// seats begins (a reading, for a chance far below one in 10^30).
#[test]
fn a_throw_off_of_endless_ties_still_ends() {
    let r = rules("pachisi");
    let mut twenty_fives = || r.throw_named("25".parse().expect("25")).expect("25");
    let off = ThrowOff::play(&r, &mut twenty_fives);
    assert_eq!(off.rounds().len(), ThrowOff::MAX_ROUNDS);
    assert_eq!(off.first(), 0);
    assert_eq!(ThrowOff::parse(&r, &off.to_text(&r)), Ok(off));
}
