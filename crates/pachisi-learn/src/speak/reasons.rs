//! Why a piece cannot move, in words: the engine's own reasons (`Position::why_not`, the
//! `Refusal`s the move generator's checks give), each said from the catalogue (`why-*` in
//! `speak.ftl`), the squares they name said as places (`the castle on Green's arm`).

use super::places::{named_square_words, place_words};
use super::Voice;
use pachisi_core::explain::Obstacle;
use pachisi_core::{Move, Phase, Position, Refusal};
use pachisi_words::{number, Args};

/// One refusal of a piece of the voice's listener (the mover), in words, without a full stop:
/// `the 3 would land on the castle on Green's arm, which an opponent holds`.
pub fn refusal_words(voice: &Voice, refusal: &Refusal) -> String {
    let words = voice.words;
    let mut args = Args::new();
    let value = |args: &mut Args, v: u8| args.set("value", number(v));
    let square = |args: &mut Args, name: &str| args.set("square", named_square_words(voice, name));
    let id = match refusal {
        Refusal::NotTimeToMove => "why-not-time",
        Refusal::GameOver => "why-game-over",
        Refusal::NoPiece { .. } => "why-no-piece",
        Refusal::AlreadyHome => "why-already-home",
        Refusal::NeedsGrace {
            graces,
            values,
            with_sum,
        } => {
            let graces_said: Vec<String> = graces.iter().map(u8::to_string).collect();
            args.set("single", if graces.len() == 1 { "yes" } else { "no" });
            args.set("graces", voice.list("speak-or", &graces_said));
            args.set("sum", if *with_sum { "yes" } else { "no" });
            args.set("count", number(values.len() as u32));
            args.set("values", the_values(voice, values));
            "why-needs-grace"
        }
        Refusal::NeedsFirstEntry {
            first_entry,
            value: v,
        } => {
            let said: Vec<String> = first_entry.iter().map(u8::to_string).collect();
            args.set("graces", voice.list("speak-or", &said));
            value(&mut args, *v);
            "why-needs-first-entry"
        }
        Refusal::MovementOnly { value: v } => {
            value(&mut args, *v);
            "why-movement-only"
        }
        Refusal::NeverBringsOut { value: v } => {
            value(&mut args, *v);
            "why-never-brings-out"
        }
        Refusal::EntryBlocked {
            square: name,
            obstacle,
        } => {
            let at = match voice.rules.topology().parse_square(name) {
                Some(sq) => {
                    let mut entry = Args::new();
                    entry.set("where", super::places::where_words(voice, sq));
                    words.msg_with("speak-square-entry", &entry)
                }
                None => name.clone(),
            };
            args.set("square", at);
            args.set("obstacle", obstacle_words(voice, obstacle));
            "why-entry-blocked"
        }
        Refusal::Overshoot { value: v, needs } => {
            value(&mut args, *v);
            args.set("needs", number(*needs));
            "why-overshoot"
        }
        Refusal::Stranded { value: v, left } => {
            value(&mut args, *v);
            args.set("left", number(*left));
            "why-stranded"
        }
        Refusal::CastleHeld {
            value: v,
            square: name,
        } => {
            value(&mut args, *v);
            square(&mut args, name);
            "why-castle-held"
        }
        Refusal::SquareFull {
            value: v,
            square: name,
            limit,
        } => {
            value(&mut args, *v);
            square(&mut args, name);
            args.set("limit", number(*limit));
            "why-square-full"
        }
        Refusal::OpposingPair {
            value: v,
            square: name,
        } => {
            value(&mut args, *v);
            square(&mut args, name);
            "why-opposing-pair"
        }
        Refusal::BlockadeInTheWay {
            value: v,
            square: name,
        } => {
            value(&mut args, *v);
            square(&mut args, name);
            "why-blockade-in-the-way"
        }
        Refusal::BlockadeIntact {
            value: v,
            square: name,
        } => {
            value(&mut args, *v);
            square(&mut args, name);
            "why-blockade-intact"
        }
        Refusal::GraceOnlyEnters { value: v } => {
            value(&mut args, *v);
            "why-grace-only-enters"
        }
        Refusal::MustEnter => "why-must-enter",
        Refusal::ClearEntryFirst { square: name } => {
            square(&mut args, name);
            "why-clear-entry-first"
        }
        Refusal::PastGoal { value: v, room: 0 } => {
            value(&mut args, *v);
            "why-past-goal-end"
        }
        Refusal::PastGoal { value: v, room } => {
            value(&mut args, *v);
            args.set("room", number(*room));
            "why-past-goal"
        }
        Refusal::PairCannotHalve { value: v } => {
            value(&mut args, *v);
            "why-pair-cannot-halve"
        }
        Refusal::MustCaptureFirst { value: v } => {
            value(&mut args, *v);
            "why-must-capture-first"
        }
        Refusal::StepMustEnter { value: v } => {
            value(&mut args, *v);
            "why-step-must-enter"
        }
        Refusal::HomeGate { value: v, needed } => {
            value(&mut args, *v);
            args.set("needed", number(*needed));
            "why-home-gate"
        }
        Refusal::FullestUse { value: v } => {
            value(&mut args, *v);
            "why-fullest-use"
        }
        Refusal::CarryOnFirst { square: name } => {
            square(&mut args, name);
            "why-carry-on-first"
        }
        Refusal::TurnLost {
            value: v,
            square: name,
        } => {
            value(&mut args, *v);
            square(&mut args, name);
            "why-turn-lost"
        }
        Refusal::FinishFromFourteen { value: v, needs } => {
            value(&mut args, *v);
            args.set("needs", number(*needs));
            "why-finish-from-fourteen"
        }
        Refusal::NoRule { value: v } => {
            value(&mut args, *v);
            "why-no-rule"
        }
        // A reason added to the engine after this list: said plainly until it has words.
        _ => "why-other",
    };
    words.msg_with(id, &args)
}

/// `the 3`, `the 2 and the 3`.
fn the_values(voice: &Voice, values: &[u8]) -> String {
    let said: Vec<String> = values
        .iter()
        .map(|&v| {
            let mut args = Args::new();
            args.set("value", number(v));
            voice.words.msg_with("why-the-value", &args)
        })
        .collect();
    voice.list("speak-and", &said)
}

fn obstacle_words(voice: &Voice, obstacle: &Obstacle) -> String {
    let words = voice.words;
    match obstacle {
        Obstacle::Blockade => words.msg("why-obstacle-blockade"),
        Obstacle::Full { limit } => {
            let mut args = Args::new();
            args.set("limit", number(*limit));
            words.msg_with("why-obstacle-full", &args)
        }
        Obstacle::CastleHeld => words.msg("why-obstacle-castle"),
        Obstacle::OpposingPair => words.msg("why-obstacle-pair"),
        _ => words.msg("why-other"),
    }
}

/// Why the mover's pieces that cannot move cannot, one line per place they stand on with
/// pieces that cannot move (`Pieces 1, 2, 3 and 4, waiting in the Charkoni: a waiting piece
/// comes in only on a grace (6, 10 or 25), which the 3 is not.`), in the order of their
/// progress; pieces home are finished, not stuck, and left out. Empty when every piece can move.
pub fn why_not_lines(voice: &Voice, pos: &Position) -> Vec<String> {
    let seat = pos.to_move();
    let mut progresses: Vec<u8> = pos.pieces_of(seat).to_vec();
    progresses.sort_unstable();
    progresses.dedup();
    progresses
        .into_iter()
        .filter(|&p| p != voice.rules.home())
        .filter_map(|p| {
            let refusals = pos.why_not(voice.rules, p);
            if refusals.is_empty() {
                return None;
            }
            let pieces: Vec<usize> = pos
                .pieces_of(seat)
                .iter()
                .enumerate()
                .filter(|(_, &q)| q == p)
                .map(|(i, _)| i)
                .collect();
            Some(reasons_line(voice, seat, &pieces, p, &refusals))
        })
        .collect()
}

/// `Piece 2, on your arm, ...: reason; reason.` (`Pieces 1 and 2, ...` for several).
fn reasons_line(
    voice: &Voice,
    seat: u8,
    pieces: &[usize],
    progress: u8,
    refusals: &[Refusal],
) -> String {
    let said: Vec<String> = refusals.iter().map(|r| refusal_words(voice, r)).collect();
    let mut args = Args::new();
    args.set("number", voice.numbers(pieces));
    args.set("count", number(pieces.len() as u32));
    args.set("place", place_words(voice, seat, progress));
    args.set("reasons", voice.join("speak-reasons", &said));
    voice.words.msg_with("speak-why-not", &args)
}

/// Whether `mv` moves a piece from `progress` (pieces on one place are alike: the engine moves
/// the first of them).
fn starts_from(mv: Move, progress: u8) -> bool {
    match mv {
        Move::Enter { .. } | Move::EnterSum { .. } => progress == 0,
        Move::Advance { from, .. } => from == progress,
        Move::Pass => false,
    }
}

/// Why piece `piece` (its index) of the voice's listener cannot move in `pos`: the reasons, or
/// which moves it has, or that it is home; one line.
pub fn why_lines(voice: &Voice, pos: &Position, piece: usize) -> Vec<String> {
    let words = voice.words;
    let rules = voice.rules;
    let Some(seat) = voice.listener else {
        return vec![words.msg("speak-why-not-now")];
    };
    let mut args = Args::new();
    args.set("number", number(piece as u32 + 1));
    let Some(&progress) = pos.pieces_of(seat).get(piece) else {
        args.set("count", number(rules.pieces()));
        return vec![words.msg_with("speak-no-piece", &args)];
    };
    if progress == rules.home() || (rules.goal_in_lane() && rules.in_goal(progress)) {
        return vec![words.msg_with("speak-why-home", &args)];
    }
    if pos.phase() != Phase::Move || pos.to_move() != seat {
        return vec![words.msg("speak-why-not-now")];
    }
    let moves: Vec<String> = pos
        .legal_moves(rules)
        .iter()
        .enumerate()
        .filter(|(_, mv)| starts_from(**mv, progress))
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    if !moves.is_empty() {
        args.set("count", number(moves.len() as u32));
        args.set("moves", voice.list("speak-and", &moves));
        return vec![words.msg_with("speak-why-can", &args)];
    }
    let refusals = pos.why_not(rules, progress);
    vec![reasons_line(voice, seat, &[piece], progress, &refusals)]
}
