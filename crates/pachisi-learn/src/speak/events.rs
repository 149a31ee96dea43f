//! What happens, one line per action: a throw (`Green threw 10: 10 squares, a grace (enters a
//! piece), throw again.`), a move with whom it captures and what follows it (a piece home,
//! another throw, the end), a pass and why the throw forced it; and the throw in words, the
//! throw-off, the increments left to spend and the result.

use super::moves::did_words;
use super::reasons::why_not_lines;
use super::{family_words, Voice};
use pachisi_core::record::Action;
use pachisi_core::{Move, Phase, Position, Rules, Throw, ThrowOff};
use pachisi_words::{number, Args, Words};

/// A throw in words: `25: 25 squares, a grace (enters a piece), throw again`, or `4-4: a 4
/// and a 4, a doublet, throw again` for separate dice.
pub fn throw_words(words: &Words, rules: &Rules, throw: Throw) -> String {
    let words = family_words(words, rules);
    let o = rules.outcome(throw);
    let mut args = Args::new();
    args.set("name", o.name.to_string());
    args.set("value", number(o.value));
    let dice = match o.dice {
        [0, ..] => "no",
        [_, _, 0] => "yes",
        _ => "three",
    };
    args.set("dice", dice);
    args.set("first", number(o.dice[0]));
    args.set("second", number(o.dice[1]));
    args.set("third", number(o.dice[2]));
    let mut said = words.msg_with("throw-words", &args);
    if o.doublet {
        said.push_str(&words.msg("throw-words-doublet"));
    }
    if o.grace {
        said.push_str(&words.msg("throw-words-grace"));
    }
    if o.extra_throw {
        said.push_str(&words.msg("throw-words-again"));
    }
    said
}

/// The throw-off: `throw-off: Y 25, G 10, B 25, R 2; Y 6, B 10: Yellow begins` (the throws as
/// the record writes them).
pub fn throw_off_words(words: &Words, rules: &Rules, throw_off: &ThrowOff) -> String {
    let voice = Voice::new(words, rules, None);
    let mut args = Args::new();
    args.set("throws", throw_off.to_text(rules));
    args.set("first", voice.colour(throw_off.first()));
    words.msg_with("throw-off-words", &args)
}

/// The increments left to spend: `To spend: 10, +20 bonus.`
pub fn to_spend(words: &Words, pos: &Position) -> String {
    let mut args = Args::new();
    args.set("list", pool_items(words, pos).join(", "));
    words.msg_with("speak-to-spend", &args)
}

/// Each increment left to spend in words: `10`, `+20 bonus`.
pub fn pool_items(words: &Words, pos: &Position) -> Vec<String> {
    pos.pool()
        .items()
        .iter()
        .map(|i| {
            if i.bonus {
                let mut args = Args::new();
                args.set("value", number(i.value));
                words.msg_with("speak-bonus", &args)
            } else {
                i.value.to_string()
            }
        })
        .collect()
}

/// The result of a finished game, said to the voice's listener: `Game over: you won (Yellow
/// and Black).`, `Game over: Green and Red won.`
pub fn result_line(voice: &Voice, pos: &Position) -> String {
    let rules = voice.rules;
    let Some(team) = pos.placings().first().copied() else {
        return voice.words.msg("speak-event-over-plain");
    };
    let seats: Vec<u8> = (0..rules.seats())
        .filter(|&s| rules.team_of(s) == team)
        .collect();
    let names: Vec<String> = seats.iter().map(|&s| voice.colour(s)).collect();
    let mut args = Args::new();
    args.set("winners", voice.list("speak-and", &names));
    args.set(
        "you",
        match voice.listener {
            Some(l) if seats.contains(&l) => "yes",
            Some(_) => "no",
            None => "none",
        },
    );
    voice.words.msg_with("speak-event-over", &args)
}

/// The line for `action`, played in `before` and leading to `after`, said to the voice's
/// listener: who threw what; who moved which pieces where, whom they captured, which reached
/// home, whether the mover throws again and whether the game is over; who passed and, when the
/// throw forced the pass, why. `None` for a seat marker, which is no action of the game.
pub fn event_line(
    voice: &Voice,
    before: &Position,
    action: Action,
    after: &Position,
) -> Option<String> {
    let rules = voice.rules;
    let words = voice.words;
    let seat = before.to_move();
    let mut args = Args::new();
    args.set("who", voice.who(seat));
    let mut line = match action {
        Action::Seat(_) => return None,
        Action::Throw(name) => {
            let throw = rules.throw_named(name).ok()?;
            args.set("throw", throw_words(words.words(), rules, throw));
            words.msg_with("speak-event-threw", &args)
        }
        Action::Move(Move::Pass) if before.legal_moves(rules).as_slice() == [Move::Pass] => {
            let values: Vec<String> = before
                .pool()
                .items()
                .iter()
                .map(|i| i.value.to_string())
                .collect();
            args.set("throw", voice.list("speak-and", &values));
            args.set(
                "reasons",
                why_not_lines(&voice.to(Some(seat)), before).join(" "),
            );
            words.msg_with("speak-event-forced", &args)
        }
        Action::Move(Move::Pass) => words.msg_with("speak-event-passed", &args),
        Action::Move(mv) => {
            args.set("did", did_words(voice, before, mv)?);
            let mut line = words.msg_with("speak-event-moved", &args);
            for piece in pachisi_core::describe::moved_pieces(rules, before, mv) {
                let (was, now) = (before.pieces_of(seat)[piece], after.pieces_of(seat)[piece]);
                let id = if now == rules.home() && was != now {
                    "speak-event-home"
                } else if rules.goal_in_lane() && rules.in_goal(now) && !rules.in_goal(was) {
                    "speak-event-goal"
                } else {
                    continue;
                };
                let mut home = voice.args_for(seat);
                home.set("number", number(piece as u32 + 1));
                line.push(' ');
                line.push_str(&words.msg_with(id, &home));
            }
            line
        }
    };
    if after.phase() == Phase::Over {
        line.push(' ');
        line.push_str(&result_line(voice, after));
    } else if matches!(action, Action::Move(_))
        && after.phase() == Phase::Throw
        && after.to_move() == seat
    {
        line.push(' ');
        line.push_str(&words.msg_with("speak-event-again", &voice.args_for(seat)));
    }
    Some(line)
}
