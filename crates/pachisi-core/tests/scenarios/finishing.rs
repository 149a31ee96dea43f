//! Scenario tests of going home and of the end of the game: any long enough throw or only a direct
//! one takes a piece home (Herklots' one more than the squares left), capturing before going home
//! and the capture struck out, going round again; then the number of players and pieces, turn
//! order, teams, finished players skipped, and who wins and places.
//!
//! Every test cites the source document it checks, by number as in docs/rules.md (000 the article
//! "Pachisi. Ancestor of Ludo", 001 Humphries 1904, 002 Herklots 1832, 003 the Parcheesi composite
//! rules (for its principles), 004 the encyclopedia section), and quotes the phrase it tests.
//! Progress numbers count along each seat's own route, as tests/scenarios.rs describes.

use crate::common::*;
use pachisi_core::ruleset::MAX_PIECES;
use pachisi_core::{Phase, Position};

// ---------------------------------------------------------------------------------------------
// Going home
// ---------------------------------------------------------------------------------------------

/// 000 optional rule 4 ("A piece can return to the Charkoni only by a direct throw") is
/// optional: by default any throw long enough takes a piece home.
#[test]
fn by_default_any_throw_long_enough_takes_a_piece_home() {
    let rules = rules_of("pachisi", &[]);
    let mut pos = after_throw(&rules, "80,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 10);
    play(&mut pos, &rules, "80+10");
    assert_eq!(pos.pieces_of(0), &[rules.home(), 0, 0, 0]);
}

/// 000 optional rule 4: "A piece can return to the Charkoni only by a direct throw."; 004: "A
/// piece can only return to the Charkoni by a direct throw."
#[test]
fn a_piece_returns_to_the_charkoni_only_by_a_direct_throw() {
    let rules = rules_of("pachisi", &["moves.exact_home=true"]);
    let mut pos = at(&rules, "80,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throw(&mut pos, &rules, 10);
    assert!(!is_legal(&pos, &rules, "80+10"));
    let mut pos = after_throw(&rules, "80,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.pieces_of(0)[0], rules.home());
}

/// 000 optional rule 4, "only by a direct throw": no six-cowrie throw is worth 1, so a piece left
/// one square short of the Charkoni could never get in; such a stop is not allowed (a reading
/// that traps a player is discarded).
#[test]
fn under_the_direct_throw_rule_no_piece_may_stop_where_no_throw_takes_it_home() {
    let rules = rules_of("pachisi", &["moves.exact_home=true"]);
    let pos = after_throw(&rules, "79,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 4);
    assert!(!is_legal(&pos, &rules, "79+4"));
    let pos = after_throw(&rules, "78,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 4);
    assert!(is_legal(&pos, &rules, "78+4"));
    // Where a throw may be split, a single square can always be spent: no stop is forbidden.
    let split = rules_of("pachisi", &["moves.exact_home=true", "moves.split=true"]);
    let pos = after_throw(&split, "79,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 4);
    assert!(is_legal(&pos, &split, "79+4"));
}

/// 002: "At the last step the throw must account exactly to one more than the number of squares
/// ledt to enable the piece to go into the central space".
#[test]
fn herklots_throw_home_must_be_one_more_than_the_squares_left() {
    let rules = rules_of("herklots-1832", &[]);
    // From 80 three squares are left (81, 82, 83): it takes a 4.
    let mut pos = after_throw(&rules, "80,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 4);
    assert_legal(&pos, &rules, &["80+4"]);
    play(&mut pos, &rules, "80+4");
    assert!(pos.seat_finished(&rules, 0));
    let pos = after_throw(&rules, "80,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 6);
    assert_legal(&pos, &rules, &["-"]);
    let mut pos = after_throw(&rules, "80,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 3);
    play(&mut pos, &rules, "80+3");
    assert_eq!(pos.pieces_of(0)[0], 83);
}

/// 002: "If it happen to stop on the last square, therefore, it cannot get off until you throw a
/// 25 or 30."
#[test]
fn herklots_piece_on_the_last_square_gets_off_only_with_the_extra_1_of_a_25() {
    let rules = rules_of("herklots-1832", &[]);
    assert_eq!(square_name(&rules, 0, 83), "0m1");
    for value in [2, 3, 4, 6, 10, 12] {
        let mut pos = at(&rules, "83,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
        throw(&mut pos, &rules, value);
        assert_legal(&pos, &rules, &["-"]);
    }
    let mut pos = at(&rules, "83,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throw(&mut pos, &rules, 25);
    assert_legal(&pos, &rules, &["83+1"]);
    play(&mut pos, &rules, "83+1");
    assert_eq!(
        pos.to_notation(&rules),
        "h,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y placed=0"
    );
}

/// 000 optional rule 3: "Player cannot take his pieces back to the Charkoni, unless he have
/// captured at least one enemy piece". Read so that nobody is trapped (003): a piece of a seat
/// that has not captured may not turn up its lane, where it could never capture; it goes round
/// again instead.
#[test]
fn a_piece_cannot_go_home_before_its_player_has_captured() {
    let rules = rules_of("pachisi", &["capture.before_home=true"]);
    // Yellow at 74 (0r8, one step before its end square) throws 5: turning up the lane would
    // reach 79; without a capture the piece goes round again to 79 - 68 = 11 instead.
    let mut pos = after_throw(&rules, "74,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 5);
    assert!(!is_legal(&pos, &rules, "74+5"));
    assert!(is_legal(&pos, &rules, "74+5o"));
    play(&mut pos, &rules, "74+5o");
    assert_eq!(pos.pieces_of(0)[0], 11);
    // Landing on the end square itself is still allowed: it is on the track.
    let pos = after_throw(&rules, "74,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 2);
    assert!(is_legal(&pos, &rules, "74+2"));
    // After a capture the piece turns up the lane and goes home.
    let mut pos = at(
        &rules,
        "74,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y credits=1,0,0,0",
    );
    throw(&mut pos, &rules, 5);
    assert!(is_legal(&pos, &rules, "74+5"));
    assert!(!is_legal(&pos, &rules, "74+5o"));
    let mut pos = at(
        &rules,
        "80,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y credits=1,0,0,0",
    );
    throw(&mut pos, &rules, 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.pieces_of(0)[0], rules.home());
}

/// 000 optional rule 3: "unless he have captured at least one enemy piece": the capture is
/// credited to the capturing player.
#[test]
fn a_capture_earns_its_player_the_right_to_go_home() {
    let rules = rules_of("pachisi", &["capture.before_home=true"]);
    let mut pos = after_throw(&rules, "10,0,0,0/65,0,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    assert_eq!(
        pos.to_notation(&rules),
        "14,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - credits=1,0,0,0"
    );
    assert_eq!(pos.credits(0), 1);
}

/// 000 optional rule 5: "Capture can be canceled if capturing piece is immediately captured by
/// opponent or his partner."; 004: "then Player 1's capture/kill is invalidated".
#[test]
fn a_capture_is_cancelled_when_the_victim_captures_the_capturer_at_once() {
    let rules = rules_of(
        "pachisi",
        &["capture.before_home=true", "capture.invalidation=true"],
    );
    same_square(&rules, 0, 11, 1, 62);
    let mut pos = after_throw(&rules, "10,0,0,0/65,62,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    assert_eq!(
        pos.to_notation(&rules),
        "14,0,0,0/0,62,0,0/0,0,0,0/0,0,0,0 Gt - credits=1,0,0,0 open=Y:0:14:1"
    );
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "62+3");
    assert_eq!(
        pos.to_notation(&rules),
        "0,0,0,0/0,65,0,0/0,0,0,0/0,0,0,0 Bt - credits=0,1,0,0 open=G:1:65:0"
    );
}

/// 000 optional rule 5: "immediately captured by opponent or his partner".
#[test]
fn the_victims_partner_may_cancel_the_capture_too() {
    let rules = rules_of(
        "pachisi",
        &["capture.before_home=true", "capture.invalidation=true"],
    );
    same_square(&rules, 0, 11, 3, 28);
    let mut pos = after_throw(&rules, "10,0,0,0/65,0,0,0/0,0,0,0/28,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    // Green and Black pass.
    for _ in 0..2 {
        throw(&mut pos, &rules, 2);
        play(&mut pos, &rules, "-");
    }
    assert_eq!(pos.to_move(), 3);
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "28+3");
    assert_eq!(pos.credits(0), 0);
    assert_eq!(pos.credits(3), 1);
}

/// 000 optional rule 5: "immediately": once the capturer's next turn begins, the capture stands.
#[test]
fn a_capture_stands_once_the_capturers_next_turn_has_begun() {
    let rules = rules_of(
        "pachisi",
        &["capture.before_home=true", "capture.invalidation=true"],
    );
    let mut pos = after_throw(&rules, "10,0,0,0/65,62,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    // A full round of passes: Green, Black, Red, then Yellow's own turn.
    for _ in 0..4 {
        throw(&mut pos, &rules, 2);
        play(&mut pos, &rules, "-");
    }
    assert_eq!(pos.to_move(), 1);
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "62+3");
    assert_eq!(pos.pieces_of(0), &[0, 0, 0, 0]);
    assert_eq!(pos.credits(0), 1);
    assert_eq!(pos.credits(1), 1);
}

/// 001: "On reaching block ‘8’after circling the whole board, the player gets two choices.
/// Either they can enter the respective coloured columns and finish the journey of their
/// respective piece,or they can move along the 9th block, then the 10th and continue with the
/// entire journey over again."
#[test]
fn a_piece_back_at_its_end_square_may_go_round_again() {
    let rules = rules_of("humphries-1904", &[]);
    let mut pos = after_throw(&rules, "74,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    assert_legal(&pos, &rules, &["74+4", "74+4o", "-"]);
    play(&mut pos, &rules, "74+4o");
    assert_eq!(pos.pieces_of(0)[0], 10);
    // Both go on from the end square, one into the lane, the other round again.
    assert_eq!(square_name(&rules, 0, 78), "0m6");
    assert_eq!(square_name(&rules, 0, 10), "0l7");
    // Without the rule there is one way only.
    let pachisi = rules_of("pachisi", &[]);
    let pos = after_throw(&pachisi, "74,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    assert_legal(&pos, &pachisi, &["74+4", "-"]);
}

// ---------------------------------------------------------------------------------------------
// Players, pieces and the end of the game
// ---------------------------------------------------------------------------------------------

/// 000 optional rule 7: "Game can be played with different number of pieces (8, 12 or even 16
/// pieces per player)."
#[test]
fn players_may_have_8_12_or_16_pieces() {
    for n in [8usize, 12, 16] {
        let set = format!("players.pieces={n}");
        let rules = rules_of("pachisi", &[set.as_str()]);
        let pos = Position::new(&rules);
        assert_eq!(pos.pieces_of(0).len(), n);
        let group = vec!["0"; n].join(",");
        assert_eq!(
            pos.to_notation(&rules),
            format!("{group}/{group}/{group}/{group} Yt -")
        );
    }
    let too_many = format!("players.pieces={}", MAX_PIECES + 1);
    assert_eq!(
        field_of(&refused("pachisi", &[too_many.as_str()])),
        "players.pieces"
    );
}

/// 000: "Pachisi is a board game of skill and luck for 2, 3 or 4 players." and "Then the game
/// goes counterclockwise."
#[test]
fn two_three_or_four_players_take_turns_counterclockwise() {
    let two = rules_of(
        "pachisi",
        &[
            "players.seats=[0,2]",
            "players.colours=[\"yellow\",\"black\"]",
            "players.teams=[]",
        ],
    );
    let three = rules_of(
        "pachisi",
        &[
            "players.seats=[0,1,2]",
            "players.colours=[\"yellow\",\"green\",\"black\"]",
            "players.teams=[]",
        ],
    );
    let four = rules_of("pachisi", &[]);
    for (rules, order) in [(&two, "YBY"), (&three, "YGBY"), (&four, "YGBRY")] {
        let mut pos = Position::new(rules);
        let mut seen = String::new();
        for _ in 0..=rules.seats() {
            seen.push(rules.seat_letter(pos.to_move()));
            throw(&mut pos, rules, 2);
            play(&mut pos, rules, "-");
        }
        assert_eq!(&seen[..order.len()], order);
    }
}

/// 000: "Traditionally players play in the “Yellow-Black” and “Green-Red” teams." and "One team
/// wins if all pieces of the two team’s members finish the game."
#[test]
fn a_team_wins_only_when_both_partners_pieces_are_home() {
    let rules = rules_of("pachisi", &[]);
    assert_eq!(rules.team_of(0), rules.team_of(2));
    assert_eq!(rules.team_of(1), rules.team_of(3));
    assert_ne!(rules.team_of(0), rules.team_of(1));
    let mut pos = after_throw(&rules, "h,h,h,80/0,0,0,0/h,h,h,h/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.phase(), Phase::Over);
    assert_eq!(pos.winner(), Some(rules.team_of(0)));
    assert_eq!(
        pos.to_notation(&rules),
        "h,h,h,h/0,0,0,0/h,h,h,h/0,0,0,0 Yx - placed=0,1"
    );
    // With Black still out, Yellow's last piece home wins nothing yet.
    let mut pos = after_throw(&rules, "h,h,h,80/0,0,0,0/5,h,h,h/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.phase(), Phase::Throw);
    assert_eq!(pos.placings(), &[] as &[u8]);
}

/// 000: "The aim of the game for players is to move all their pieces completely around the
/// board": a player whose pieces are all home has no more turns.
#[test]
fn a_finished_players_turns_are_skipped() {
    let rules = rules_of("pachisi", &[]);
    let mut pos = at(&rules, "h,h,h,h/0,0,0,0/5,h,h,h/0,0,0,0 Gt -");
    let mut seen = String::new();
    for _ in 0..4 {
        seen.push(rules.seat_letter(pos.to_move()));
        throw(&mut pos, &rules, 2);
        play(&mut pos, &rules, "-");
    }
    assert_eq!(seen, "GBRG");
}

/// 002: "It is sometimes played by two persons, each taking the two opposite rectangles with
/// eight pieces, and playing them all from the rectangle next to him".
#[test]
fn herklots_two_players_take_opposite_arms_with_eight_pieces_each() {
    let rules = rules_of("herklots-1832-two-player", &[]);
    assert_eq!(rules.seats(), 2);
    assert_eq!(rules.pieces(), 8);
    assert_eq!(square_name(&rules, 0, 1), "0m1");
    assert_eq!(square_name(&rules, 1, 1), "2m1");
    assert_ne!(rules.team_of(0), rules.team_of(1));
    let mut pos = Position::new(&rules);
    assert_notation(&pos, &rules, "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 Yt -");
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "0+3");
    assert_eq!(
        pos.to_notation(&rules),
        "3,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 Bt - entered=Y"
    );
}

/// 002: "the game continues till three of the players get out".
#[test]
fn herklots_game_continues_till_three_players_get_out() {
    let rules = rules_of("herklots-1832", &[]);
    let mut pos = at(
        &rules,
        "h,h,h,80/h,h,h,80/h,h,h,80/5,0,0,0 Yt - entered=YGBR",
    );
    for (seat, placed) in [(0u8, "0"), (1, "0,1")] {
        assert_eq!(pos.to_move(), seat);
        throw(&mut pos, &rules, 4);
        play(&mut pos, &rules, "80+4");
        assert_eq!(pos.phase(), Phase::Throw);
        assert!(pos
            .to_notation(&rules)
            .ends_with(&format!("placed={placed}")));
    }
    throw(&mut pos, &rules, 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.phase(), Phase::Over);
    // Red, the one left, is placed last without finishing.
    assert_eq!(pos.placings(), &[0, 1, 2, 3]);
    assert_eq!(pos.pieces_of(3), &[5, 0, 0, 0]);
}

/// 001: "The game continues until only one player is left to land all their pieces on the home.
/// In this game, you also get players who are declared as the first runner-up and the second
/// runner-up."
#[test]
fn humphries_game_decides_the_winner_and_both_runners_up() {
    let rules = rules_of("humphries-1904", &[]);
    let mut pos = at(&rules, "5,0,0,0/h,h,h,80/h,h,h,80/h,h,h,80 Gt -");
    for _ in 0..3 {
        throw(&mut pos, &rules, 4);
        play(&mut pos, &rules, "80+4");
    }
    assert_eq!(pos.phase(), Phase::Over);
    // Winner Green, first runner-up Black, second Red; Yellow last.
    assert_eq!(pos.placings(), &[1, 2, 3, 0]);
}

/// 000: "One team wins if all pieces of the two team’s members finish the game." With
/// finish.placings = "winner" the game ends there.
#[test]
fn with_winner_only_the_game_ends_when_the_first_side_is_home() {
    let rules = rules_of("pachisi", &["players.teams=[]"]);
    let mut pos = after_throw(&rules, "h,h,h,80/5,0,0,0/5,0,0,0/5,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.phase(), Phase::Over);
    assert_eq!(pos.placings(), &[0]);
    assert_eq!(
        pos.to_notation(&rules),
        "h,h,h,h/5,0,0,0/5,0,0,0/5,0,0,0 Yx - placed=0"
    );
    assert!(pos.apply_throw(&rules, pachisi_core::Throw(0)).is_err());
}
