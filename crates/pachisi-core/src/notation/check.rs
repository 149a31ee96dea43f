//! What the rules guarantee of every position they can reach, checked of a position read from
//! text: a pool where a move is due, no finished seat to move, a streak only where a rule keeps
//! one, turn state the rules keep, placings in order, stacks within the limit, and no opponents
//! sharing a square where one would have captured the other.

use crate::position::{Phase, Position, Share};
use crate::ruleset::{CastleRule, Fourteen, Rules, StreakPenalty, ThirdDoublet};

/// Whether the rules keep a streak of the group `value`: a streak rule
/// (`turn.three_in_a_row`) and a value that names a streak group, or, with doublets, a penalty
/// for the third (`doubles.third`) and the value 0. The reason when they do not, with an example
/// (`without`: the position without the field, for rules that keep no streak).
pub(super) fn check_streak(rules: &Rules, value: u8, without: &str) -> Result<(), String> {
    let ruleset = rules.ruleset();
    let none = |rule: &str| {
        format!("these rules keep no streak ({rule}), so leave the field out, e.g. `{without}`")
    };
    if ruleset.throw.separate_dice || ruleset.doubles.enabled {
        return match (ruleset.doubles.enabled, ruleset.doubles.third) {
            (false, _) => Err(none("doubles.enabled is off")),
            (true, ThirdDoublet::None) => Err(none("doubles.third is none")),
            (true, _) if value != 0 => Err(format!(
                "with doublets a streak counts the doublets of the turn and is written with 0, \
                 e.g. `streak=0x1`, not with {value}"
            )),
            _ => Ok(()),
        };
    }
    if ruleset.turn.three_in_a_row == StreakPenalty::None {
        return Err(none("turn.three_in_a_row is none"));
    }
    let mut groups: Vec<u8> = rules
        .outcomes()
        .iter()
        .map(|o| rules.flags(o.value).streak_group)
        .collect();
    groups.sort_unstable();
    groups.dedup();
    if groups.contains(&value) {
        return Ok(());
    }
    if rules.outcomes().iter().any(|o| o.value == value) {
        let group = rules.flags(value).streak_group;
        return Err(format!(
            "a throw of {value} counts in the streak group written {group}, e.g. `streak={group}x1`"
        ));
    }
    let list: Vec<String> = groups.iter().map(u8::to_string).collect();
    Err(format!(
        "{value} names no streak group of these rules (each is written as its smallest value: \
         {}), e.g. `streak={}x1`",
        list.join(", "),
        groups[0]
    ))
}

/// Where pieces begin on the board (`players.start`), every seat has entered from the first
/// throw on, so `entered` must name them all: a shorter list would describe a position the rules
/// never reach, and would not survive being written out and read back.
fn check_entered(rules: &Rules, pos: &Position) -> Result<(), String> {
    let all = ((1u16 << pos.seats) - 1) as u8;
    if Position::new(rules).entered == all && pos.entered != all {
        let letters: String = (0..pos.seats).map(|s| rules.seat_letter(s)).collect();
        return Err(format!(
            "pieces begin on the board (players.start), so every seat has entered: \
             write `entered={letters}`"
        ));
    }
    Ok(())
}

/// Checks what the rules guarantee of every reachable position.
pub(super) fn check(rules: &Rules, pos: &Position) -> Result<(), String> {
    if pos.phase == Phase::Move && pos.pool.is_empty() {
        return Err("a position waiting for a move needs something in the pool".into());
    }
    if pos.phase != Phase::Over && pos.seat_finished(rules, pos.to_move) {
        return Err(format!(
            "seat {} is home and cannot be to move",
            rules.seat_letter(pos.to_move)
        ));
    }
    check_turn(rules, pos)?;
    check_entered(rules, pos)?;
    pos.check_first_turn()?;
    pos.check_table_turn(rules)?;
    check_placings(rules, pos)?;
    check_stacks(rules, pos)?;
    let topology = rules.topology();
    let mut holder: Vec<Option<u8>> = vec![None; topology.square_count()];
    let shared = rules.ruleset().capture.castles == CastleRule::Shared;
    // A piece bounced back from home onto the track meets nobody there.
    let anywhere = rules.opponents_may_share_squares();
    for seat in 0..pos.seats {
        for &p in pos.pieces_of(seat) {
            let Some(sq) = rules.square_at(seat, p) else {
                continue;
            };
            let team = rules.team_of(seat);
            // 003 (PB): a pawn being carried on stands for a moment on an opponent's castle.
            let carried =
                pos.carrying != 0 && rules.square_at(pos.to_move, pos.carrying) == Some(sq);
            match holder[usize::from(sq.0)] {
                Some(other) if other != team && anywhere => {}
                Some(other) if other != team && topology.is_castle(sq) && (shared || carried) => {}
                Some(other) if other != team && topology.is_castle(sq) => {
                    return Err(format!("opponents share the castle {}", topology.name(sq)));
                }
                Some(other) if other != team => {
                    return Err(format!(
                        "opponents share the square {} (one would have captured the other)",
                        topology.name(sq)
                    ));
                }
                _ => holder[usize::from(sq.0)] = Some(team),
            }
        }
    }
    Ok(())
}

/// Most bonuses a pool can hold in a position read from text. Each die can earn one (a capture or
/// a piece home), a bonus spent can earn one back, and only overtaking captures (003's "(nr)"
/// reading) can earn several with one move.
const MAX_BONUSES: usize = 16;

/// No seat may have more pieces on a square than the stack limit allows.
fn check_stacks(rules: &Rules, pos: &Position) -> Result<(), String> {
    let limit = rules.ruleset().moves.stack_limit;
    if limit == 0 {
        return Ok(());
    }
    for seat in 0..pos.seats {
        let pieces = pos.pieces_of(seat);
        for &p in pieces {
            let Some(sq) = rules.square_at(seat, p) else {
                continue;
            };
            if pieces.iter().filter(|&&q| q == p).count() > usize::from(limit) {
                return Err(format!(
                    "seat {} has more than {limit} pieces on {}",
                    rules.seat_letter(seat),
                    rules.topology().name(sq)
                ));
            }
        }
    }
    Ok(())
}

/// The pool, the pending throw and the capture bookkeeping must be ones the rules can produce.
fn check_turn(rules: &Rules, pos: &Position) -> Result<(), String> {
    let bonuses = [rules.ruleset().capture.bonus, rules.ruleset().finish.bonus];
    let divisible = rules.ruleset().doubles.fourteen != Fourteen::Increments;
    for inc in pos.pool.items() {
        if inc.share != Share::None && !divisible {
            return Err(format!(
                "`{}{}` is a share of a divisible 14, which needs doubles.fourteen other than \
                 increments",
                inc.value,
                if inc.share == Share::Rest { "r" } else { "f" }
            ));
        }
        // What is left of a 14 once a pawn took some of it.
        if inc.share == Share::Rest {
            if !(1..14).contains(&inc.value) {
                return Err(format!(
                    "what is left of a doublet's 14 is 1 to 13 squares, not {}",
                    inc.value
                ));
            }
            continue;
        }
        if inc.bonus && (inc.value == 0 || !bonuses.contains(&inc.value)) {
            return Err(format!(
                "no capture or finish bonus is worth {} under these rules",
                inc.value
            ));
        }
        if !inc.bonus && !rules.is_increment_value(inc.value, inc.plain) {
            return Err(if inc.plain {
                format!(
                    "no doublet's undersides make a plain increment of {} under these rules",
                    inc.value
                )
            } else {
                format!(
                    "no throw is worth {} under these rules (a bonus step or split remainder is written {}s)",
                    inc.value, inc.value
                )
            });
        }
    }
    let each_throw = rules.ruleset().turn.spend == crate::ruleset::Spend::EachThrow;
    if each_throw && pos.phase != Phase::Move && !pos.pool.is_empty() {
        return Err(
            "each throw is spent before the next, so the pool is empty until the seat has thrown"
                .into(),
        );
    }
    if let Some(most) = rules.most_thrown_increments() {
        let thrown = pos.pool.thrown_count();
        let bonuses = pos.pool.items().len() - usize::from(thrown);
        if thrown > most || bonuses > MAX_BONUSES {
            return Err(format!(
                "a throw leaves at most {most} increments to spend and {MAX_BONUSES} bonuses, not {thrown} and {bonuses}"
            ));
        }
    }
    if pos.throw_again && pos.phase != Phase::Move {
        return Err(
            "`again` (another throw due after the moves) needs a position waiting for a move"
                .into(),
        );
    }
    let capture = &rules.ruleset().capture;
    if !capture.before_home && pos.credits.iter().any(|&c| c > 0) {
        return Err("credits are only kept when capture.before_home is on".into());
    }
    for seat in 0..pos.seats {
        for &entry in &pos.open_capture[usize::from(seat)] {
            if entry > 0 && (!capture.invalidation || entry - 1 == rules.team_of(seat)) {
                return Err(format!(
                    "seat {}'s open capture needs capture.invalidation and a victim of another team",
                    rules.seat_letter(seat)
                ));
            }
        }
    }
    Ok(())
}

/// Teams home must be placed, and the game is over exactly when the places are decided.
fn check_placings(rules: &Rules, pos: &Position) -> Result<(), String> {
    let finished = |team: u8| {
        let seats = rules.team_seats(team);
        (0..pos.seats)
            .filter(|s| seats & (1 << s) != 0)
            .all(|s| pos.seat_finished(rules, s))
    };
    if let Some(team) = (0..rules.teams()).find(|&t| finished(t) && !pos.placings().contains(&t)) {
        return Err(format!("team {team} is home but not in `placed`"));
    }
    let unplaced = rules.teams() - pos.placed;
    let decided = match rules.ruleset().finish.placings {
        crate::ruleset::Placings::Winner => pos.placed > 0,
        crate::ruleset::Placings::All => unplaced <= 1,
    };
    if pos.phase == Phase::Over && !decided {
        return Err("the game is marked over (x) but its places are not decided".into());
    }
    if pos.phase != Phase::Over {
        if decided {
            return Err("the places are decided, so the phase must be x (game over)".into());
        }
        if let Some(team) = pos.placings().iter().find(|&&t| !finished(t)) {
            return Err(format!("team {team} is placed but not home"));
        }
    }
    Ok(())
}
