//! The one-line position notation.
//!
//! ```text
//! 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -
//! 12,40,h,0/0,0,0,0/3,0,0,0/0,0,0,0 Gm 25,1s again streak=25x2 credits=1,0,0,0
//! ```
//!
//! Fields, separated by spaces:
//! 1. pieces: one group per seat in seat order, separated by `/`; each piece's progress along its
//!    seat's route (0 waiting in the Charkoni, `h` home), separated by `,`;
//! 2. the seat to move (its letter) and the phase: `t` throw, `m` move, `x` game over;
//! 3. the pool of unspent throws, `-` when empty; a trailing `s` marks a plain increment (a bonus
//!    step or a split remainder, never a grace);
//!
//! then, only where they differ from the default and always in this order: `again` (another throw
//! is due), `streak=VxN` (the last throw's group and how many in a row), `opened=LETTERS`,
//! `entered=LETTERS`, `credits=N,N,...`, `open=L:PIECE:PROGRESS:TEAM,...` (captures that may still
//! be struck out), `placed=TEAM,...` (teams in finishing order), `left=PIECE:PROGRESS,...`
//! (blockades broken during this throw), `arrived=PIECE,...` (pieces moved during this turn, where
//! pairs part from the next turn), `carry=PROGRESS` (a pawn to carry on from an opponent's castle),
//! `first=LETTERS` (seats that have yet to finish their first turn, where it has rules of its own)
//! and `tries=N` (the throws of the mover's first turn so far).
//! In the pool, `f` marks a share of a divisible 14 (`fs` an underside), `r` what is left of it.
//! docs/notation.md has the details.

use crate::position::{Increment, Phase, Position, Share};
use crate::ruleset::{CastleRule, Fourteen, PairParts, Rules, StreakPenalty, ThirdDoublet};
use std::fmt::Write as _;

/// Why a position text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad position at character {at}: {reason}")]
pub struct NotationError {
    /// 1-based character where the fault lies.
    pub at: usize,
    /// What is wrong.
    pub reason: String,
}

impl Position {
    /// The position in one-line notation.
    pub fn to_notation(&self, rules: &Rules) -> String {
        let mut s = String::new();
        for seat in 0..self.seats {
            if seat > 0 {
                s.push('/');
            }
            for (i, &p) in self.pieces_of(seat).iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                if p == rules.home() {
                    s.push('h');
                } else {
                    let _ = write!(s, "{p}");
                }
            }
        }
        let phase = match self.phase {
            Phase::Throw => 't',
            Phase::Move => 'm',
            Phase::Over => 'x',
        };
        let _ = write!(s, " {}{phase} ", rules.seat_letter(self.to_move));
        if self.pool.is_empty() {
            s.push('-');
        }
        for (i, inc) in self.pool.items().iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            let plain = match (inc.share, inc.bonus, inc.plain) {
                (Share::Rest, ..) => "r",
                (Share::Part, _, true) => "fs",
                (Share::Part, _, false) => "f",
                (Share::None, true, _) => "b",
                (Share::None, false, true) => "s",
                (Share::None, false, false) => "",
            };
            let _ = write!(s, "{sep}{}{plain}", inc.value);
        }
        if self.throw_again {
            s.push_str(" again");
        }
        if self.streak.1 > 0 {
            let _ = write!(s, " streak={}x{}", self.streak.0, self.streak.1);
        }
        for (key, mask) in [("opened", self.opened), ("entered", self.entered)] {
            if mask != 0 {
                let _ = write!(s, " {key}=");
                for seat in (0..self.seats).filter(|b| mask & (1 << b) != 0) {
                    s.push(rules.seat_letter(seat));
                }
            }
        }
        let credits = &self.credits[..usize::from(self.seats)];
        if credits.iter().any(|&c| c > 0) {
            let list: Vec<String> = credits.iter().map(u8::to_string).collect();
            let _ = write!(s, " credits={}", list.join(","));
        }
        let mut open = Vec::new();
        for seat in 0..self.seats {
            for (piece, &entry) in self.open_capture[usize::from(seat)].iter().enumerate() {
                if entry > 0 {
                    let progress = self.progress[usize::from(seat)][piece];
                    let letter = rules.seat_letter(seat);
                    open.push(format!("{letter}:{piece}:{progress}:{}", entry - 1));
                }
            }
        }
        if !open.is_empty() {
            let _ = write!(s, " open={}", open.join(","));
        }
        if self.placed > 0 {
            let list: Vec<String> = self.placings().iter().map(u8::to_string).collect();
            let _ = write!(s, " placed={}", list.join(","));
        }
        let left: Vec<String> = self.left_blockade[..usize::from(self.pieces)]
            .iter()
            .enumerate()
            .filter(|(_, &b)| b > 0)
            .map(|(piece, b)| format!("{piece}:{b}"))
            .collect();
        if !left.is_empty() {
            let _ = write!(s, " left={}", left.join(","));
        }
        if self.arrived != 0 {
            let list: Vec<String> = (0..self.pieces)
                .filter(|i| self.arrived & (1 << i) != 0)
                .map(|i| i.to_string())
                .collect();
            let _ = write!(s, " arrived={}", list.join(","));
        }
        if self.carrying != 0 {
            let _ = write!(s, " carry={}", self.carrying);
        }
        if self.first_turn != 0 {
            s.push_str(" first=");
            for seat in (0..self.seats).filter(|&b| self.in_first_turn(b)) {
                s.push(rules.seat_letter(seat));
            }
        }
        if self.tries != 0 {
            let _ = write!(s, " tries={}", self.tries);
        }
        s
    }

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
                "arrived", "carry", "first", "tries",
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
                _ => read_carry(rules, &mut pos, vat, value)?,
            }
        }
        check(rules, &pos).map_err(|reason| err(1, reason))?;
        Ok(pos)
    }
}

/// Whether the rules keep a streak of the group `value`: a streak rule
/// (`turn.three_in_a_row`) and a value that names a streak group, or, with doublets, a penalty
/// for the third (`doubles.third`) and the value 0. The reason when they do not, with an example
/// (`without`: the position without the field, for rules that keep no streak).
fn check_streak(rules: &Rules, value: u8, without: &str) -> Result<(), String> {
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

/// Checks what the rules guarantee of every reachable position.
pub(crate) fn check(rules: &Rules, pos: &Position) -> Result<(), String> {
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
    pos.check_first_turn()?;
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
