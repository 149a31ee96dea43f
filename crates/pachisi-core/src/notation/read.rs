//! Reading the one-line notation: the fields in their order, each value checked as it is read
//! (the character at fault named), and the whole position then held to what the rules guarantee
//! of every position they can reach (check.rs).

use super::check::{check, check_streak};
use super::NotationError;
use crate::position::{Increment, Phase, Position, Share};
use crate::ruleset::{PairParts, Rules};

impl Position {
    /// Reads a position in one-line notation, or `start` for the starting position.
    ///
    /// # Errors
    /// When the text is malformed or describes a position the rules cannot reach (wrong number of
    /// pieces, a progress off the route, opponents sharing a castle); the error points at the
    /// offending character.
    pub fn from_notation(rules: &Rules, text: &str) -> Result<Position, NotationError> {
        if text.trim() == "start" {
            return Ok(Position::new(rules));
        }
        let mut pos = Position::new(rules);
        // A first turn not listed (`first=`) is over.
        pos.first_turn = 0;
        let fields = split_fields(text);
        let field = |i: usize, what: &str| {
            fields.get(i).copied().ok_or_else(|| NotationError {
                at: text.chars().count() + 1,
                reason: format!("missing field {}: {what}", i + 1),
            })
        };
        let (at, pieces) = field(0, "the pieces")?;
        read_pieces(rules, &mut pos, at, pieces)?;
        let (at, turn) = field(1, "the seat to move and the phase, e.g. Yt")?;
        let mut chars = turn.chars();
        let (Some(letter), Some(phase), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(err(at, "expected a seat letter and t, m or x, e.g. Yt"));
        };
        pos.to_move = rules
            .seat_by_letter(letter)
            .ok_or_else(|| err(at, format!("no seat has the letter {letter}")))?;
        pos.thrower = pos.to_move;
        pos.phase = match phase {
            't' => Phase::Throw,
            'm' => Phase::Move,
            'x' => Phase::Over,
            _ => {
                return Err(err(
                    at + 1,
                    "the phase is t (throw), m (move) or x (game over)",
                ))
            }
        };
        let (at, pool) = field(2, "the pool, - when empty")?;
        read_pool(&mut pos, at, pool)?;
        let mut last_key = 0;
        for &(at, f) in &fields[3..] {
            let (key, value) = f.split_once('=').unwrap_or((f, ""));
            let rank = [
                "again", "streak", "opened", "entered", "credits", "open", "placed", "left",
                "arrived", "carry", "first", "tries", "throws", "thrower",
            ]
            .iter()
            .position(|&k| k == key)
            .ok_or_else(|| err(at, format!("unknown field `{key}`")))?
                + 1;
            if rank <= last_key {
                return Err(err(
                    at,
                    format!("field `{key}` is repeated or out of order"),
                ));
            }
            last_key = rank;
            let vat = at + key.len() + 1;
            match key {
                "again" if value.is_empty() => pos.throw_again = true,
                "again" => return Err(err(at, "`again` takes no value")),
                "streak" => {
                    let (v, n) = value
                        .split_once('x')
                        .ok_or_else(|| err(vat, "expected VALUExCOUNT"))?;
                    pos.streak = (number(vat, v)?, number(vat + v.len() + 1, n)?);
                    if pos.streak.1 == 0 || pos.streak.1 > 2 {
                        return Err(err(vat, "a streak counts 1 or 2 throws (three end it)"));
                    }
                    let without: Vec<&str> = fields
                        .iter()
                        .filter(|&&(a, _)| a != at)
                        .map(|&(_, f)| f)
                        .collect();
                    check_streak(rules, pos.streak.0, &without.join(" "))
                        .map_err(|why| err(at, format!("`{f}`: {why}")))?;
                }
                "opened" => pos.opened = seat_mask(rules, vat, value)?,
                "entered" => pos.entered = seat_mask(rules, vat, value)?,
                "credits" => read_list(vat, value, usize::from(pos.seats), |i, n| {
                    pos.credits[i] = n
                })?,
                "open" => read_open(rules, &mut pos, vat, value)?,
                "placed" => read_placed(rules, &mut pos, vat, value)?,
                "left" => read_left(rules, &mut pos, vat, value)?,
                "arrived" => read_arrived(rules, &mut pos, vat, value)?,
                "first" | "tries" if !rules.first_turn_rules() => {
                    return Err(err(
                        at,
                        format!(
                            "`{key}` belongs to a first turn with rules of its own \
                             (turn.first_turn_throws, turn.extra_throw_in_first_turn)"
                        ),
                    ))
                }
                "first" => pos.first_turn = seat_mask(rules, vat, value)?,
                "tries" => pos.tries = number(vat, value)?,
                "throws" => pos.turn_throws = number(vat, value)?,
                "thrower" => {
                    let mut letters = value.chars();
                    pos.thrower = match (letters.next(), letters.next()) {
                        (Some(letter), None) => rules.seat_by_letter(letter),
                        _ => None,
                    }
                    .ok_or_else(|| err(vat, format!("no seat has the letter `{value}`")))?;
                }
                _ => read_carry(rules, &mut pos, vat, value)?,
            }
        }
        check(rules, &pos).map_err(|reason| err(1, reason))?;
        Ok(pos)
    }
}

fn err(at: usize, reason: impl Into<String>) -> NotationError {
    NotationError {
        at,
        reason: reason.into(),
    }
}

/// Fields with their 1-based starting character.
fn split_fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out.into_iter()
        .map(|(s, f)| (text[..s].chars().count() + 1, f))
        .collect()
}

fn number(at: usize, text: &str) -> Result<u8, NotationError> {
    text.parse().map_err(|_| {
        err(
            at,
            format!("expected a number from 0 to 255, found `{text}`"),
        )
    })
}

fn read_pieces(
    rules: &Rules,
    pos: &mut Position,
    at: usize,
    text: &str,
) -> Result<(), NotationError> {
    let groups: Vec<&str> = text.split('/').collect();
    if groups.len() != usize::from(rules.seats()) {
        return Err(err(
            at,
            format!(
                "expected {} seat groups separated by `/`, found {}",
                rules.seats(),
                groups.len()
            ),
        ));
    }
    let mut offset = at;
    for (seat, group) in groups.iter().enumerate() {
        let items: Vec<&str> = group.split(',').collect();
        if items.len() != usize::from(rules.pieces()) {
            return Err(err(
                offset,
                format!(
                    "seat {}: expected {} pieces separated by `,`, found {}",
                    rules.seat_letter(seat as u8),
                    rules.pieces(),
                    items.len()
                ),
            ));
        }
        for (i, item) in items.iter().enumerate() {
            let p = if *item == "h" {
                rules.home()
            } else {
                number(offset, item)?
            };
            if p > rules.home() {
                return Err(err(
                    offset,
                    format!("progress {p} is beyond home ({})", rules.home()),
                ));
            }
            if p > rules.last_progress() {
                return Err(err(
                    offset,
                    format!(
                        "no piece goes home where the goal is in the lane: progress {p} is beyond \
                         the lane's last square ({})",
                        rules.last_progress()
                    ),
                ));
            }
            pos.progress[seat][i] = p;
            offset += item.len() + 1;
        }
    }
    Ok(())
}

fn read_pool(pos: &mut Position, at: usize, text: &str) -> Result<(), NotationError> {
    if text == "-" {
        return Ok(());
    }
    let mut offset = at;
    for item in text.split(',') {
        let (digits, plain, bonus, share) = if let Some(d) = item.strip_suffix("fs") {
            (d, true, false, Share::Part)
        } else if let Some(d) = item.strip_suffix('f') {
            (d, false, false, Share::Part)
        } else if let Some(d) = item.strip_suffix('r') {
            (d, true, false, Share::Rest)
        } else if let Some(d) = item.strip_suffix('s') {
            (d, true, false, Share::None)
        } else if let Some(d) = item.strip_suffix('b') {
            (d, true, true, Share::None)
        } else {
            (item, false, false, Share::None)
        };
        let value = number(offset, digits)?;
        if value == 0 {
            return Err(err(offset, "an increment is worth at least 1"));
        }
        if !pos.pool.push(Increment {
            value,
            plain,
            bonus,
            share,
        }) {
            return Err(err(offset, "too many increments in the pool"));
        }
        offset += item.len() + 1;
    }
    Ok(())
}

fn seat_mask(rules: &Rules, at: usize, text: &str) -> Result<u8, NotationError> {
    let mut mask = 0;
    for (i, c) in text.chars().enumerate() {
        let seat = rules
            .seat_by_letter(c)
            .ok_or_else(|| err(at + i, format!("no seat has the letter {c}")))?;
        mask |= 1 << seat;
    }
    Ok(mask)
}

fn read_list(
    at: usize,
    text: &str,
    len: usize,
    mut set: impl FnMut(usize, u8),
) -> Result<(), NotationError> {
    let items: Vec<&str> = text.split(',').collect();
    if items.len() != len {
        return Err(err(
            at,
            format!("expected {len} numbers, found {}", items.len()),
        ));
    }
    let mut offset = at;
    for (i, item) in items.iter().enumerate() {
        set(i, number(offset, item)?);
        offset += item.len() + 1;
    }
    Ok(())
}

fn read_open(
    rules: &Rules,
    pos: &mut Position,
    at: usize,
    text: &str,
) -> Result<(), NotationError> {
    let mut offset = at;
    for item in text.split(',') {
        let parts: Vec<&str> = item.split(':').collect();
        let [letter, piece, progress, victims] = parts[..] else {
            return Err(err(offset, "expected SEAT:PIECE:PROGRESS:TEAM"));
        };
        let mut cs = letter.chars();
        let seat = match (cs.next(), cs.next()) {
            (Some(c), None) => rules.seat_by_letter(c),
            _ => None,
        }
        .ok_or_else(|| err(offset, format!("`{letter}` is not a seat letter")))?;
        let (piece, progress, victims) = (
            number(offset, piece)?,
            number(offset, progress)?,
            number(offset, victims)?,
        );
        if piece >= rules.pieces() || victims >= rules.teams() {
            return Err(err(offset, "the piece or team does not exist"));
        }
        let stands = pos.progress[usize::from(seat)][usize::from(piece)];
        if stands != progress || rules.square_at(seat, stands).is_none() {
            return Err(err(
                offset,
                format!("piece {piece} stands at {stands}, not {progress} on the board, so it has no open capture there"),
            ));
        }
        pos.open_capture[usize::from(seat)][usize::from(piece)] = victims + 1;
        offset += item.len() + 1;
    }
    Ok(())
}

fn read_left(
    rules: &Rules,
    pos: &mut Position,
    at: usize,
    text: &str,
) -> Result<(), NotationError> {
    if !rules.ruleset().moves.blockades || pos.phase != Phase::Move {
        return Err(err(
            at,
            "`left` (blockades broken during this throw) needs moves.blockades and a move due",
        ));
    }
    for item in text.split(',') {
        let (piece, progress) = item
            .split_once(':')
            .ok_or_else(|| err(at, "expected PIECE:PROGRESS"))?;
        let (piece, progress) = (number(at, piece)?, number(at, progress)?);
        if piece >= rules.pieces() {
            return Err(err(
                at,
                format!(
                    "there is no piece {piece}: pieces are numbered 0 to {}",
                    rules.pieces() - 1
                ),
            ));
        }
        if rules.square_at(pos.to_move, progress).is_none() {
            return Err(err(
                at,
                format!("progress {progress} is off the board (waiting or home), where no blockade stands"),
            ));
        }
        pos.left_blockade[usize::from(piece)] = progress;
    }
    Ok(())
}

/// `arrived=PIECE,...`: the mover's pieces that moved during this turn, where a pair parts on a
/// castle only from the next turn (001).
fn read_arrived(
    rules: &Rules,
    pos: &mut Position,
    at: usize,
    text: &str,
) -> Result<(), NotationError> {
    let m = &rules.ruleset().moves;
    if !m.pairs || m.pair_parts != PairParts::NextTurn || pos.phase == Phase::Over {
        return Err(err(
            at,
            "`arrived` (pieces moved during this turn) needs moves.pairs with \
             moves.pair_parts = \"next-turn\", and a game not over",
        ));
    }
    for item in text.split(',') {
        let piece = number(at, item)?;
        if piece >= rules.pieces() {
            return Err(err(
                at,
                format!(
                    "there is no piece {piece}: pieces are numbered 0 to {}",
                    rules.pieces() - 1
                ),
            ));
        }
        pos.arrived |= 1 << piece;
    }
    Ok(())
}

/// `carry=PROGRESS`: the mover's pawn that a die has landed on a castle an opponent holds, which
/// another die must now carry on (003, PB).
fn read_carry(
    rules: &Rules,
    pos: &mut Position,
    at: usize,
    text: &str,
) -> Result<(), NotationError> {
    if !rules.ruleset().moves.carry_on || pos.phase != Phase::Move {
        return Err(err(
            at,
            "`carry` (a pawn to carry on from an opponent's castle) needs moves.carry_on and a \
             move due",
        ));
    }
    let progress = number(at, text)?;
    let on_castle = rules
        .square_at(pos.to_move, progress)
        .is_some_and(|sq| rules.topology().is_castle(sq));
    if !on_castle || !pos.pieces_of(pos.to_move).contains(&progress) {
        return Err(err(
            at,
            format!("the seat to move has no pawn on a castle at progress {progress}"),
        ));
    }
    pos.carrying = progress;
    Ok(())
}

fn read_placed(
    rules: &Rules,
    pos: &mut Position,
    at: usize,
    text: &str,
) -> Result<(), NotationError> {
    for item in text.split(',') {
        let team = number(at, item)?;
        if team >= rules.teams() || pos.placings().contains(&team) {
            return Err(err(
                at,
                format!("team {team} does not exist or is placed twice"),
            ));
        }
        pos.placings[usize::from(pos.placed)] = team;
        pos.placed += 1;
    }
    Ok(())
}
