//! The rules of what a move's landing does beyond a plain capture, and of a seat's first turn
//! (the Ludo LUDOpy plays): jump squares (`board.jump_squares`, `board.last_jump`), castles and
//! crowds that send the mover back (`capture.castles = "send-back"`, `capture.two_or_more`), the
//! bounce back from home (`moves.bounce`), and the first turn's throws
//! (`turn.first_turn_throws`, `turn.extra_throw_in_first_turn`). Their checks, and the tables
//! [`super::Rules`] keeps for them.

use super::checks::Invalid;
use super::*;

/// What [`super::Rules`] keeps for these rules.
#[derive(Clone, Debug)]
pub(super) struct LandingTables {
    /// For each seat and progress, the progress a piece ending a move there jumps to (`home` for
    /// the last jump square where it jumps home), 0 where there is no jump. Empty without jump
    /// squares.
    pub jump_to: Vec<[u8; 256]>,
    /// For each square index, the seat whose entry square it is (`u8::MAX` for none).
    pub entry_owner: [u8; 256],
    /// Whether a landing needs more than a plain capture: jumps, or a mover sent back.
    pub resolves_landings: bool,
    /// Whether a bounce back from home can leave a piece on the track, where it meets nobody, so
    /// that opponents may then share a square.
    pub bounce_to_track: bool,
    /// Whether a seat's first turn has rules of its own.
    pub first_turn_rules: bool,
}

/// Checks the fields and builds the tables; `routes` are the seats' routes.
pub(super) fn compile_landing(
    ruleset: &Ruleset,
    topology: &Topology,
    routes: &[Vec<Square>],
    outcomes: &[Outcome],
    invalid: &Invalid<'_>,
) -> Result<LandingTables, RulesetError> {
    let b = &ruleset.board;
    let (m, c, t) = (&ruleset.moves, &ruleset.capture, &ruleset.turn);
    let jumps = jump_squares(ruleset, topology, invalid)?;
    let send_back = c.castles == CastleRule::SendBack || c.two_or_more == TwoOrMore::SendBack;
    let resolves_landings = !jumps.is_empty() || send_back;
    if resolves_landings
        && (m.pairs || m.blockades || m.carry_on || c.overtake || c.invalidation || c.on_entry)
    {
        return Err(invalid(
            if jumps.is_empty() {
                "capture.castles"
            } else {
                "board.jump_squares"
            },
            "jump squares and pieces sent back on landing are not modelled together with pairs, \
             blockades, carrying on, overtaking, struck-out captures or capture.on_entry (an \
             entering piece already meets the pieces on its entry square)"
                .into(),
        ));
    }
    let home = routes[0].len() + 1;
    let turn_home = home - usize::from(b.arm_length);
    let mut tables = LandingTables {
        jump_to: Vec::new(),
        entry_owner: [u8::MAX; 256],
        resolves_landings,
        bounce_to_track: false,
        first_turn_rules: t.first_turn_throws != 1 || !t.extra_throw_in_first_turn,
    };
    if b.start == StartArea::Nest {
        for (seat, route) in routes.iter().enumerate() {
            if let Some(sq) = route.first() {
                tables.entry_owner[usize::from(sq.0)] = seat as u8;
            }
        }
    }
    if !jumps.is_empty() {
        for route in routes {
            let mut row = [0u8; 256];
            // Jump squares lie on the track: the progresses up to the turn into the lane.
            let on_route: Vec<usize> = (1..=turn_home)
                .filter(|&p| jumps.contains(&route[p - 1]))
                .collect();
            for (i, &p) in on_route.iter().enumerate() {
                row[p] = match on_route.get(i + 1) {
                    Some(&next) => next as u8,
                    None if b.last_jump == LastJump::Home => home as u8,
                    None => 0,
                };
            }
            tables.jump_to.push(row);
        }
    }
    if m.bounce != Bounce::None {
        if !m.exact_home {
            return Err(invalid(
                "moves.bounce",
                "a bounce back from home needs moves.exact_home = true (otherwise any overshoot \
                 goes home)"
                    .into(),
            ));
        }
        if ruleset.finish.goal == Goal::Lane {
            return Err(invalid(
                "moves.bounce",
                "a bounce back from home needs finish.goal = \"home\" (with the goal in the lane \
                 a piece never goes home to bounce back from it)"
                    .into(),
            ));
        }
        if m.split || m.pairs || m.go_round_again || ruleset.doubles.enabled {
            return Err(invalid(
                "moves.bounce",
                "a bounce back from home is not modelled together with split throws, pairs, \
                 going round again or doublets"
                    .into(),
            ));
        }
        let longest = outcomes.iter().map(|o| o.value).max().unwrap_or(0);
        let longest = longest.max(c.bonus).max(ruleset.finish.bonus);
        if usize::from(longest) >= home {
            return Err(invalid(
                "moves.bounce",
                format!(
                    "a move of {longest} could bounce a piece back off its route ({} squares)",
                    home - 1
                ),
            ));
        }
        // The farthest back a bounce can end, from the lane's last square.
        let lowest = match m.bounce {
            Bounce::BackByThrow => home - usize::from(longest),
            _ => (home + 1).saturating_sub(usize::from(longest)),
        };
        tables.bounce_to_track = lowest <= turn_home;
    }
    check_first_turn(ruleset, invalid)?;
    Ok(tables)
}

/// The jump squares, checked.
fn jump_squares(
    ruleset: &Ruleset,
    topology: &Topology,
    invalid: &Invalid<'_>,
) -> Result<Vec<Square>, RulesetError> {
    let (b, m) = (&ruleset.board, &ruleset.moves);
    if b.jump_squares.is_empty() {
        if b.last_jump != LastJump::None {
            return Err(invalid(
                "board.last_jump",
                "there are no jump squares (board.jump_squares is empty)".into(),
            ));
        }
        return Ok(Vec::new());
    }
    if b.start != StartArea::Nest {
        return Err(invalid(
            "board.jump_squares",
            "jump squares lie past the entry squares, which exist only where pieces start in a \
             nest (board.start = \"nest\")"
                .into(),
        ));
    }
    let stretch = topology.track_len() / b.arms;
    let increasing = b.jump_squares.windows(2).all(|w| w[0] < w[1]);
    if !increasing || b.jump_squares.iter().any(|&o| o == 0 || o >= stretch) {
        return Err(invalid(
            "board.jump_squares",
            format!(
                "list squares past the entry square in increasing order, each from 1 to {} (before \
                 the next arm's entry square)",
                stretch - 1
            ),
        ));
    }
    if m.split || m.stack_limit > 0 || ruleset.capture.castles == CastleRule::Closed {
        return Err(invalid(
            "board.jump_squares",
            "a jump is not modelled together with split throws, a stack limit or closed castles \
             (the square jumped to could refuse the piece)"
                .into(),
        ));
    }
    let mut squares = Vec::new();
    for arm in 0..b.arms {
        for &offset in &b.jump_squares {
            let at = usize::from(b.entry_offset) + usize::from(offset);
            let sq = topology.track_square(arm, b.direction, at);
            if topology.is_castle(sq) {
                return Err(invalid(
                    "board.jump_squares",
                    format!(
                        "{offset} squares past an entry square is a castle, which cannot be a \
                         jump square too"
                    ),
                ));
            }
            squares.push(sq);
        }
    }
    Ok(squares)
}

/// `turn.first_turn_throws` and `turn.extra_throw_in_first_turn`.
fn check_first_turn(ruleset: &Ruleset, invalid: &Invalid<'_>) -> Result<(), RulesetError> {
    let t = &ruleset.turn;
    if !(1..=10).contains(&t.first_turn_throws) {
        return Err(invalid(
            "turn.first_turn_throws",
            format!(
                "a first turn has 1 to 10 throws, not {}",
                t.first_turn_throws
            ),
        ));
    }
    if t.first_turn_throws == 1 && t.extra_throw_in_first_turn {
        return Ok(());
    }
    if !t.extra_throw_in_first_turn && ruleset.throw.extra_throw.is_empty() {
        return Err(invalid(
            "turn.extra_throw_in_first_turn",
            "no value earns another throw (throw.extra_throw is empty)".into(),
        ));
    }
    let th = &ruleset.throw;
    if th.separate_dice || ruleset.doubles.enabled || t.spend != Spend::EachThrow {
        return Err(invalid(
            "turn.first_turn_throws",
            "the first turn's rules are modelled for throws spent one by one (turn.spend = \
             \"each-throw\") without separate dice or doublets"
                .into(),
        ));
    }
    Ok(())
}
