//! Scenario tests for `Position::why_not`: one test per reason a piece cannot move, each named
//! after the rule, built from a position in notation and citing the source document it explains
//! (by number, as in docs/rules.md: 000 the article "Pachisi. Ancestor of Ludo", 001 Humphries
//! 1904, 003 "Parcheesi Composite Rules and Instructions", 004 the encyclopedia section, and the
//! Ludo rule book). A last test checks, over seeded random games of every built-in ruleset, that a
//! piece gets an explanation exactly when no legal move starts from where it stands.
//!
//! Progress numbers are as in `scenarios.rs` (Pachisi: Yellow, Green, Black, Red; 84 home),
//! `parcheesi.rs` (Red, Blue, Green, Yellow; 72 home) and `ludo.rs` (Red, Green, Yellow, Blue; 57
//! home).

use pachisi_core::explain::Obstacle;
use pachisi_core::{builtin_rules, Move, Phase, Position, Refusal, Rules, BUILTIN_RULESETS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod common;
use common::*;

/// Whether `mv` moves a piece from `progress` (entries move the waiting pieces, at 0).
fn starts_from(mv: &Move, progress: u8) -> bool {
    match *mv {
        Move::Enter { .. } | Move::EnterSum { .. } => progress == 0,
        Move::Advance { from, .. } => from == progress,
        Move::Pass => false,
    }
}

/// The reasons as the player reads them.
fn sentences(reasons: &[Refusal]) -> Vec<String> {
    reasons.iter().map(ToString::to_string).collect()
}

// ---------------------------------------------------------------------------------------------
// Whose turn, which piece
// ---------------------------------------------------------------------------------------------

/// 000: "Player moves one of his pieces for as many fields as cowries shown": nothing moves before
/// the throw; and "One team wins if all pieces of the two team's members finish": nothing moves
/// after.
#[test]
fn pieces_move_only_after_the_throw_and_never_once_the_game_is_over() {
    let rules = rules_of("pachisi", &[]);
    let pos = at(&rules, "12,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
    assert_eq!(pos.why_not(&rules, 12), [Refusal::NotTimeToMove]);
    assert_eq!(
        Refusal::NotTimeToMove.to_string(),
        "it is not time to move: throw first"
    );
    // Yellow and Black are partners: Yellow's last piece home ends the game.
    let mut pos = at(&rules, "h,h,h,82/0,0,0,0/h,h,h,h/0,0,0,0 Yt -");
    throw(&mut pos, &rules, 2);
    play(&mut pos, &rules, "82+2");
    assert_eq!(pos.phase(), Phase::Over);
    assert_eq!(pos.why_not(&rules, 0), [Refusal::GameOver]);
}

/// 000: "Player moves one of his pieces": only a piece of the seat to move, where it stands.
#[test]
fn only_a_piece_of_the_seat_to_move_can_be_moved() {
    let rules = rules_of("pachisi", &[]);
    let pos = after_throw(&rules, "12,0,0,0/30,0,0,0/0,0,0,0/0,0,0,0 Yt -", 3);
    assert_eq!(pos.why_not(&rules, 12), []);
    // Green's piece at 30 is not Yellow's.
    assert_eq!(pos.why_not(&rules, 30), [Refusal::NoPiece { progress: 30 }]);
    assert_eq!(
        Refusal::NoPiece { progress: 30 }.to_string(),
        "none of your pieces stands at progress 30"
    );
}

/// 001: "The pieces which reach the central square are removed from the board as they have
/// finished their journey."
#[test]
fn a_piece_home_has_finished_its_journey() {
    let rules = rules_of("pachisi", &[]);
    let pos = after_throw(&rules, "12,h,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 3);
    assert_eq!(pos.why_not(&rules, rules.home()), [Refusal::AlreadyHome]);
}

// ---------------------------------------------------------------------------------------------
// Coming in
// ---------------------------------------------------------------------------------------------

/// 000: "if 6, 10, or 25 is thrown, the player gets so called grace ... Player who got a grace has
/// the right to introduce one of his pieces from the Charkoni onto the board."
#[test]
fn a_waiting_piece_comes_in_only_on_a_grace() {
    let rules = rules_of("pachisi", &[]);
    let pos = after_throw(&rules, "12,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 2);
    let reasons = pos.why_not(&rules, 0);
    assert_eq!(
        reasons,
        [Refusal::NeedsGrace {
            graces: vec![6, 10, 25],
            values: vec![2],
            with_sum: false,
        }]
    );
    assert_eq!(
        sentences(&reasons),
        ["a waiting piece comes in only on a grace (6, 10 or 25), which the 2 is not"]
    );
    // 003: "a 5 coming up on one die, or as the sum of the numbers on the two dice".
    let rules = rules_of("parcheesi-sr", &[]);
    let pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "4-2");
    assert_eq!(
        sentences(&pos.why_not(&rules, 0)),
        ["a waiting piece comes in only on a 5, on one die or as the sum of two, which the 4 and \
          the 2 are not"]
    );
}

/// 000 (7 cowries): "only throwing 10, 25 or 30 gives you the ability to introduce first pawn"
/// (30 read as 35, see docs/rules.md).
#[test]
fn a_sides_first_piece_comes_in_only_on_10_25_or_35() {
    let rules = rules_of("pachisi-7-cowries", &[]);
    let pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 7);
    let reasons = pos.why_not(&rules, 0);
    assert_eq!(
        reasons,
        [Refusal::NeedsFirstEntry {
            first_entry: vec![10, 25, 35],
            value: 7,
        }]
    );
    assert_eq!(
        sentences(&reasons),
        ["a side's first piece comes in only on 10, 25 or 35, not on the 7"]
    );
}

/// 000 optional rule 2: "after throwing 10 he can move one pawn 6 squares forward and another
/// piece 4 squares forward": the 6 left over is movement, not a grace thrown.
#[test]
fn what_is_left_of_a_split_throw_only_moves_pieces_on_the_board() {
    let rules = rules_of("pachisi", &["moves.split=true"]);
    let mut pos = at(&rules, "12,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 10");
    play(&mut pos, &rules, "12+10:4");
    assert!(is_legal(&pos, &rules, "16+6"));
    assert_eq!(pos.why_not(&rules, 0), [Refusal::MovementOnly { value: 6 }]);
}

/// 004: "on throwing 7 or 14, you can not introduce your new pawn, you only get an extra turn",
/// even where a first piece may otherwise "leave the Charkoni on any throw".
#[test]
fn a_7_or_14_never_brings_a_piece_out() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    let pos = at(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 7");
    assert_legal(&pos, &rules, &["-"]);
    let reasons = pos.why_not(&rules, 0);
    assert_eq!(reasons, [Refusal::NeverBringsOut { value: 7 }]);
    assert_eq!(
        sentences(&reasons),
        ["a 7 never brings a piece out: it only moves pieces already on the board"]
    );
}

/// 003: "If an opponent's blockade were on an entrance space, a player would not be able to
/// enter his pawns onto that space."
#[test]
fn no_pawn_enters_onto_a_blockade_on_its_entry_space() {
    let rules = rules_of("parcheesi-sr", &[]);
    same_square(&rules, 0, 1, 1, 52);
    let pos = after_throw(&rules, "0,0,0,0/52,52,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
    let reasons = pos.why_not(&rules, 0);
    assert_eq!(
        reasons,
        [Refusal::EntryBlocked {
            square: square_name(&rules, 0, 1),
            obstacle: Obstacle::Blockade,
        }]
    );
    assert_eq!(
        sentences(&reasons),
        ["the entry square 0l4 is closed: a blockade stands on it"]
    );
}

/// The Ludo rule book: "Players may not end their move on a square they already occupy", the
/// start square included.
#[test]
fn a_token_may_not_enter_onto_its_own_token() {
    let rules = rules_of("ludo", &[]);
    let pos = after_throw(&rules, "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", 6);
    assert_legal(&pos, &rules, &["1+6"]);
    assert_eq!(
        pos.why_not(&rules, 0),
        [Refusal::EntryBlocked {
            square: square_name(&rules, 0, 1),
            obstacle: Obstacle::Full { limit: 1 },
        }]
    );
}

/// 003: "A pawn may not land on a safety space occupied by an opponent's pawn"; the entry spaces
/// are safety spaces. Only the rule that an entering pawn captures a lone opponent there opens it.
#[test]
fn no_pawn_enters_onto_a_safety_space_an_opponent_holds_unless_entering_captures() {
    let rules = rules_of("parcheesi-sr", &["capture.on_entry=false"]);
    same_square(&rules, 0, 1, 1, 52);
    assert!(rules.castle_at(0, 1));
    let text = "0,0,0,0/52,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    let pos = after_throw(&rules, text, "5-3");
    let reasons = pos.why_not(&rules, 0);
    assert_eq!(
        reasons,
        [Refusal::EntryBlocked {
            square: square_name(&rules, 0, 1),
            obstacle: Obstacle::CastleHeld,
        }]
    );
    assert_eq!(
        sentences(&reasons),
        ["the entry square 0l4 is closed: it is a castle an opponent holds"]
    );
    let rules = rules_of("parcheesi-sr", &[]);
    let pos = after_throw(&rules, text, "5-3");
    assert!(is_legal(&pos, &rules, "E5"));
    assert_eq!(pos.why_not(&rules, 0), []);
}

// ---------------------------------------------------------------------------------------------
// Going home
// ---------------------------------------------------------------------------------------------

/// The Ludo rule book: "entry to the finishing square requires a precise roll"; 003: "Pawns must
/// enter the finish area by exact count".
#[test]
fn throws_home_must_be_exact() {
    let rules = rules_of("ludo", &[]);
    let pos = after_throw(&rules, "55,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", 5);
    let reasons = pos.why_not(&rules, 55);
    assert_eq!(reasons, [Refusal::Overshoot { value: 5, needs: 2 }]);
    assert_eq!(
        sentences(&reasons),
        ["the 5 would overshoot the end: a piece goes home only by an exact throw, and this one \
          needs exactly 2 squares"]
    );
}

/// 000 optional rule 4: "A piece can return to the Charkoni only by a direct throw", read with
/// 003's principle: "An interpretation that can cause a player to be trapped in an impossible
/// situation should be discarded". With six cowries no throw is worth 1.
#[test]
fn no_piece_stops_nearer_home_than_any_throw_can_take_it() {
    let rules = rules_of("pachisi", &["moves.exact_home=true"]);
    assert_eq!(rules.min_step(), 2);
    let pos = at(&rules, "80,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 3");
    assert_eq!(
        pos.why_not(&rules, 80),
        [Refusal::Stranded { value: 3, left: 1 }]
    );
}

/// 000 optional rule 3: "Player cannot take his pieces back to the Charkoni, unless he have
/// captured at least one enemy piece". The piece goes round again instead, and here the castle at
/// the end of that lap is held by Green.
#[test]
fn no_piece_goes_home_before_its_side_has_captured() {
    let rules = rules_of("pachisi", &["capture.before_home=true"]);
    same_square(&rules, 0, 12, 1, 63);
    assert!(rules.castle_at(0, 12));
    let pos = at(&rules, "70,0,0,0/63,0,0,0/0,0,0,0/0,0,0,0 Ym 10");
    assert_legal(&pos, &rules, &["-", "E10"]);
    assert_eq!(
        pos.why_not(&rules, 70),
        [Refusal::MustCaptureFirst { value: 10 }]
    );
    // Once the side has captured, the 10 takes the piece up its lane.
    let pos = at(
        &rules,
        "70,0,0,0/63,0,0,0/0,0,0,0/0,0,0,0 Ym 10 credits=1,0,0,0",
    );
    assert_eq!(pos.why_not(&rules, 70), []);
}

// ---------------------------------------------------------------------------------------------
// Landing
// ---------------------------------------------------------------------------------------------

/// 000: "enemy piece may not move onto a castle square that is already occupied by opponent's
/// piece".
#[test]
fn no_piece_stops_on_a_castle_an_opponent_holds() {
    let rules = rules_of("pachisi", &[]);
    same_square(&rules, 0, 12, 1, 63);
    let pos = at(&rules, "9,0,0,0/63,0,0,0/0,0,0,0/0,0,0,0 Ym 3");
    let reasons = pos.why_not(&rules, 9);
    assert_eq!(
        reasons,
        [Refusal::CastleHeld {
            value: 3,
            square: square_name(&rules, 0, 12),
        }]
    );
    assert_eq!(
        sentences(&reasons),
        ["the 3 would land on 0l5, a castle an opponent holds"]
    );
}

/// The Ludo rule book: "Players may not end their move on a square they already occupy".
#[test]
fn a_token_may_not_end_on_a_square_its_owner_occupies() {
    let rules = rules_of("ludo", &[]);
    let pos = at(&rules, "1,4,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 3");
    assert_legal(&pos, &rules, &["4+3"]);
    assert_eq!(
        pos.why_not(&rules, 1),
        [Refusal::SquareFull {
            value: 3,
            square: square_name(&rules, 0, 4),
            limit: 1,
        }]
    );
}

/// 001: "A single piece cannot 'hit' the opponent's pair, but a 'pair' by the player can 'hit'
/// the opponent's pair."
#[test]
fn a_single_piece_may_not_hit_a_pair() {
    let rules = rules_of("humphries-1904", &[]);
    same_square(&rules, 0, 14, 1, 65);
    assert!(!rules.castle_at(0, 14));
    let pos = at(&rules, "10,h,h,h/65,65,0,0/0,0,0,0/0,0,0,0 Ym 4");
    assert_eq!(
        pos.why_not(&rules, 10),
        [Refusal::OpposingPair {
            value: 4,
            square: square_name(&rules, 0, 14),
        }]
    );
}

/// 001: "The pairs can move half the number of steps as compared to the number you get on the
/// dice/seashells (for instance, your pair can only move 1 step if you get 2)"; "You can break
/// the pair on a block which has a 'cross' symbol": elsewhere a 1 cannot move them.
#[test]
fn a_pair_moves_half_the_throw() {
    let rules = rules_of("humphries-1904-dice", &[]);
    assert!(!rules.castle_at(0, 22));
    let pos = at(&rules, "22,22,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Ym 1");
    let reasons = pos.why_not(&rules, 22);
    assert_eq!(reasons, [Refusal::PairCannotHalve { value: 1 }]);
    assert_eq!(
        sentences(&reasons),
        ["the pieces here move together as a pair, half the throw, and the 1 cannot be halved"]
    );
}

// ---------------------------------------------------------------------------------------------
// Blockades
// ---------------------------------------------------------------------------------------------

/// 003: "This is a blockade; no pawns of any color may capture or overtake this pair of pawns.
/// (SR), (PB), (MB), some (TR): A die increment that cannot be used by a pawn elsewhere is
/// forfeited."
#[test]
fn no_pawn_passes_a_blockade() {
    let rules = rules_of("parcheesi-sr", &[]);
    same_square(&rules, 0, 14, 2, 48);
    let mut pos = after_throw(&rules, "10,h,h,h/0,0,0,0/48,48,0,0/0,0,0,0 Rt -", "4-2");
    // The 2 moves the pawn; the 4 would then carry it past the blockade.
    assert_eq!(pos.why_not(&rules, 10), []);
    play(&mut pos, &rules, "10+2");
    let reasons = pos.why_not(&rules, 12);
    assert_eq!(
        reasons,
        [Refusal::BlockadeInTheWay {
            value: 4,
            square: square_name(&rules, 0, 14),
        }]
    );
    assert_eq!(
        sentences(&reasons),
        ["a blockade on 1l8 stands in the way of the 4"]
    );
}

/// 003: "A blockade may not be moved intact, which move might be suggested if the player rolled
/// doubles."
#[test]
fn a_blockade_may_not_be_moved_intact() {
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "20,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-3");
    play(&mut pos, &rules, "20+3");
    play(&mut pos, &rules, "20+4");
    play(&mut pos, &rules, "23+4");
    assert_legal(&pos, &rules, &["27+3"]);
    assert_eq!(
        pos.why_not(&rules, 24),
        [Refusal::BlockadeIntact {
            value: 3,
            square: square_name(&rules, 0, 27),
        }]
    );
}

// ---------------------------------------------------------------------------------------------
// Entering first
// ---------------------------------------------------------------------------------------------

/// 003: "(SR) v1975 and (TR): If start is not empty and a pawn cannot be entered then any
/// remaining 5 within the throw is forfeited."
#[test]
fn a_5_that_cannot_enter_is_forfeited_while_pawns_wait() {
    let rules = rules_of("parcheesi-tr", &[]);
    let mut pos = after_throw(&rules, "10,0,0,0/52,52,0,0/0,0,0,0/0,0,0,0 Rt -", "5-2");
    play(&mut pos, &rules, "10+2");
    assert_legal(&pos, &rules, &["-"]);
    let reasons = pos.why_not(&rules, 12);
    assert_eq!(reasons, [Refusal::GraceOnlyEnters { value: 5 }]);
    assert_eq!(
        sentences(&reasons),
        ["while a piece waits to come in, a 5 may only bring a piece in"]
    );
    // The waiting pawns themselves are stopped by Blue's blockade.
    assert!(matches!(
        pos.why_not(&rules, 0).as_slice(),
        [Refusal::EntryBlocked {
            obstacle: Obstacle::Blockade,
            ..
        }]
    ));
}

/// 003: "(SR) v1942 and v1989 and (TR): actually the player must enter a pawn when rolling the
/// five ... unless that is impossible."
#[test]
fn a_pawn_must_enter_when_it_can() {
    let rules = rules_of("parcheesi-sr", &[]);
    let pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-2");
    assert_legal(&pos, &rules, &["E5"]);
    assert_eq!(pos.why_not(&rules, 10), [Refusal::MustEnter]);
    assert_eq!(pos.why_not(&rules, 0), []);
}

// ---------------------------------------------------------------------------------------------
// Using the throw
// ---------------------------------------------------------------------------------------------

/// 003: "A player must use up as many increments as possible even if the only pawns that are
/// capable of making certain movements are not the pawns the player wishes to assign the
/// increments to." The 2 could take the pawn on 70 home, but only entering with 3 and 2 uses both
/// dice.
#[test]
fn as_many_increments_as_possible_must_be_used() {
    let rules = rules_of("parcheesi-pb", &[]);
    let pos = after_throw(&rules, "70,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-2");
    assert_legal(&pos, &rules, &["E3+2"]);
    let reasons = pos.why_not(&rules, 70);
    assert_eq!(
        reasons,
        [
            Refusal::Overshoot { value: 3, needs: 2 },
            Refusal::FullestUse { value: 2 }
        ]
    );
    assert_eq!(
        sentences(&reasons)[1],
        "the 2 could move it, but the throws must be used as fully as possible, and that takes \
         other moves"
    );
}

// ---------------------------------------------------------------------------------------------
// Every ruleset
// ---------------------------------------------------------------------------------------------

/// Over seeded random games of every built-in ruleset, for every progress of the mover's pieces:
/// `why_not` is empty exactly when some legal move starts from there, and never empty otherwise.
#[test]
fn an_explanation_is_given_exactly_where_no_legal_move_starts() {
    for (seed, &(name, _)) in BUILTIN_RULESETS.iter().enumerate() {
        let rules: Rules = builtin_rules(name, &[]).expect("a built-in ruleset");
        let (mut asked, mut refused) = (0, 0);
        for game in 0..8u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(1000 * seed as u64 + game);
            let mut pos = Position::new(&rules);
            for _ in 0..2500 {
                let legal = pos.legal_moves(&rules);
                let mut progresses = pos.pieces_of(pos.to_move()).to_vec();
                progresses.sort_unstable();
                progresses.dedup();
                for p in progresses {
                    let reasons = pos.why_not(&rules, p);
                    let moves = legal.iter().any(|mv| starts_from(mv, p));
                    assert_eq!(
                        reasons.is_empty(),
                        moves,
                        "{name}: `{}` at {p}: {reasons:?}, legal {legal:?}",
                        pos.to_notation(&rules)
                    );
                    asked += 1;
                    refused += usize::from(!moves);
                }
                match pos.phase() {
                    Phase::Over => break,
                    Phase::Throw => pos
                        .apply_throw(&rules, rules.throw_for(rng.gen()))
                        .expect("a throw of the rules"),
                    Phase::Move => {
                        let mv = legal[rng.gen_range(0..legal.len())];
                        pos.play(&rules, mv).expect("a legal move");
                    }
                }
            }
        }
        assert!(
            refused > 100 && asked > refused,
            "{name}: {refused} of {asked}"
        );
    }
}
