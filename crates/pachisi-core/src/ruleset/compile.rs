//! How a [`Ruleset`] becomes [`Rules`]: [`Rules::compile`] checks the sections in order (the
//! board, the players and their teams, the throws, the turn, the moves and their family rules,
//! captures, landings), each check naming the field at fault, and then precomputes what play
//! looks up: the routes as square tables, the castles, the outcomes with their running sums and
//! the way to draw them, the fewest squares a move takes, the end of the route
//! ([`crate::route::RouteEnd`]) and the tables of random play (single destinations and landing
//! squares from [`crate::route::destination`], entry bits from the entry conditions), and which
//! shorter paths of play the rules allow. checks.rs holds the checks of each section.

use super::checks::{check_family_rules, compile_board, compile_throws, faces_of};
use super::historical::check_historical_rules;
use super::landing::compile_landing;
use super::pairs::compile_named_pairs;
use super::*;
use crate::route::destination;
use crate::route::mechanics::AnyMechanics;
use crate::sampling::dice_combinations;
use crate::topology::{Column, RouteStart};

impl Rules {
    /// Validates a ruleset. `origin` names it in error messages.
    ///
    /// # Errors
    /// When a field is out of range or contradicts another; the error names the field.
    pub fn compile(ruleset: Ruleset, origin: &str) -> Result<Rules, RulesetError> {
        let invalid = |field: &str, reason: String| RulesetError::Invalid {
            origin: origin.to_string(),
            field: field.to_string(),
            reason,
        };
        let b = &ruleset.board;
        let topology = compile_board(b, &invalid)?;
        let p = &ruleset.players;
        if p.seats.len() < 2 || p.seats.len() > MAX_SEATS.min(usize::from(b.arms)) {
            return Err(invalid(
                "players.seats",
                format!(
                    "needs 2 to {} seats, not {}",
                    MAX_SEATS.min(usize::from(b.arms)),
                    p.seats.len()
                ),
            ));
        }
        for (i, &arm) in p.seats.iter().enumerate() {
            if arm >= b.arms {
                return Err(invalid(
                    "players.seats",
                    format!("arm {arm} does not exist (the board has {} arms)", b.arms),
                ));
            }
            if p.seats[..i].contains(&arm) {
                return Err(invalid(
                    "players.seats",
                    format!("arm {arm} is given to two seats"),
                ));
            }
        }
        let colours: Vec<String> = if p.colours.is_empty() {
            PALETTE[..p.seats.len()]
                .iter()
                .map(|c| (*c).to_string())
                .collect()
        } else if p.colours.len() == p.seats.len() {
            p.colours.clone()
        } else {
            return Err(invalid(
                "players.colours",
                format!(
                    "{} colours for {} seats (leave the list empty for the usual colours)",
                    p.colours.len(),
                    p.seats.len()
                ),
            ));
        };
        let mut letters = Vec::new();
        for colour in &colours {
            let letter = colour
                .chars()
                .next()
                .filter(char::is_ascii_alphabetic)
                .map(|c| c.to_ascii_uppercase())
                .ok_or_else(|| {
                    invalid(
                        "players.colours",
                        format!("colour `{colour}` must start with a letter"),
                    )
                })?;
            if letters.contains(&letter) {
                return Err(invalid(
                    "players.colours",
                    format!("two colours start with `{letter}`; seats are named by it"),
                ));
            }
            letters.push(letter);
        }
        if p.pieces == 0 || usize::from(p.pieces) > MAX_PIECES {
            return Err(invalid(
                "players.pieces",
                format!("needs 1 to {MAX_PIECES} pieces, not {}", p.pieces),
            ));
        }
        let seats = p.seats.len() as u8;
        let mut team_of = [u8::MAX; MAX_SEATS];
        let mut team_seats = Vec::new();
        for team in &p.teams {
            if team.is_empty() {
                return Err(invalid("players.teams", "a team has no seats".into()));
            }
            let mut mask = 0u8;
            for &seat in team {
                if seat >= seats {
                    return Err(invalid(
                        "players.teams",
                        format!("seat {seat} does not exist ({seats} seats)"),
                    ));
                }
                if team_of[usize::from(seat)] != u8::MAX {
                    return Err(invalid(
                        "players.teams",
                        format!("seat {seat} is in two teams"),
                    ));
                }
                team_of[usize::from(seat)] = team_seats.len() as u8;
                mask |= 1 << seat;
            }
            team_seats.push(mask);
        }
        for seat in 0..seats {
            if team_of[usize::from(seat)] == u8::MAX {
                team_of[usize::from(seat)] = team_seats.len() as u8;
                team_seats.push(1 << seat);
            }
        }
        if team_seats.len() < 2 {
            return Err(invalid(
                "players.teams",
                "every seat is in one team: nobody to play against".into(),
            ));
        }

        let (outcomes, flags) = if ruleset.throw.named_pairs {
            compile_named_pairs(&ruleset, &invalid)?
        } else {
            compile_throws(&ruleset, &invalid)?
        };

        let t = &ruleset.turn;
        if matches!(
            t.three_in_a_row,
            StreakPenalty::CancelTurn | StreakPenalty::VoidStreak
        ) && t.spend != Spend::AfterThrowing
        {
            return Err(invalid(
                "turn.three_in_a_row",
                "cancel-turn and void-streak strike out throws already made, so they need \
                 turn.spend = \"after-throwing\" (a move already played cannot be struck out)"
                    .into(),
            ));
        }
        let m = &ruleset.moves;
        if m.first_piece_free && m.entry == Entry::Free {
            return Err(invalid(
                "moves.first_piece_free",
                "every piece enters freely already (moves.entry = \"free\")".into(),
            ));
        }
        if m.entry == Entry::Free && !ruleset.throw.grace.is_empty() {
            return Err(invalid(
                "throw.grace",
                "graces introduce pieces, but moves.entry = \"free\" needs none; leave the list empty".into(),
            ));
        }
        if m.entry == Entry::Grace && !m.first_piece_free && ruleset.throw.grace.is_empty() {
            return Err(invalid(
                "throw.grace",
                "no value is a grace, so no piece could ever leave the Charkoni".into(),
            ));
        }
        check_family_rules(&ruleset, &invalid)?;
        let c = &ruleset.capture;
        if c.invalidation && !c.before_home {
            return Err(invalid(
                "capture.invalidation",
                "striking out a capture only matters when capture.before_home is true".into(),
            ));
        }

        let start = match b.start {
            StartArea::Charkoni => RouteStart::Lane,
            StartArea::Nest => RouteStart::Track {
                offset: b.entry_offset,
            },
        };
        let routes: Vec<Vec<Square>> = p
            .seats
            .iter()
            .map(|&arm| topology.route(arm, b.direction, start))
            .collect();
        check_historical_rules(&ruleset, routes[0].len(), &invalid)?;
        let mut opponents = [[0u8; MAX_SEATS]; MAX_SEATS];
        let mut opponent_count = [0u8; MAX_SEATS];
        for seat in 0..usize::from(seats) {
            for t in (0..seats).filter(|&t| team_of[usize::from(t)] != team_of[seat]) {
                opponents[seat][usize::from(opponent_count[seat])] = t;
                opponent_count[seat] += 1;
            }
        }
        let landing = compile_landing(&ruleset, &topology, &routes, &outcomes, &invalid)?;
        let square_table = routes.iter().map(|r| square_table(r)).collect();
        let routes_revisit = routes.iter().any(|r| {
            let mut seen = [false; 256];
            r.iter()
                .any(|sq| std::mem::replace(&mut seen[usize::from(sq.0)], true))
        });
        let mut castle_square = [false; 256];
        for (sq, castle) in castle_square
            .iter_mut()
            .enumerate()
            .take(topology.square_count())
        {
            *castle = topology.is_castle(Square(sq as u8));
        }
        // Progress counts in a byte, and 255 is kept to mean "no destination".
        let home = u8::try_from(routes[0].len() + 1)
            .ok()
            .filter(|&h| h < NO_DESTINATION)
            .ok_or_else(|| invalid("board", "a route of over 253 squares is too long".into()))?;
        let mut home_row = [0; MAX_PIECES];
        home_row[..usize::from(p.pieces)].fill(home);
        let cumulative = outcomes
            .iter()
            .scan(0.0, |acc: &mut f64, o| {
                *acc += o.probability;
                Some(*acc)
            })
            .collect::<Vec<f64>>();
        let sampling = sampling_of(&ruleset.throw, &outcomes, &cumulative);
        let min_step = if m.split || !ruleset.throw.bonus_step.is_empty() {
            1
        } else if ruleset.throw.separate_dice {
            outcomes
                .iter()
                .filter_map(|o| o.dice.iter().copied().filter(|&d| d > 0).min())
                .min()
                .unwrap_or(1)
        } else {
            outcomes.iter().map(|o| o.value).min().unwrap_or(1)
        };
        // The end square's last visit: the lane home follows it.
        let turn_home = (routes[0].len() + 1 - usize::from(b.arm_length)) as u8;
        let (goal_start, last_progress) = match ruleset.finish.goal {
            Goal::Home => (home, home),
            Goal::Lane => (turn_home + 1, home - 1),
        };
        let single_moves = single_moves(&ruleset) && !landing.resolves_landings;
        let plain_moves = single_moves && plain_order(&ruleset);
        let plain_throws = plain_throws(&ruleset);
        let build = Build::of(&ruleset);
        let end = RouteEnd {
            home,
            turn_home,
            last_progress,
            goal_in_lane: ruleset.finish.goal == Goal::Lane,
            exact_home: m.exact_home,
            bounce: m.bounce,
        };
        // Filled by the very function the move generator uses.
        let mut single_destination = Box::new([NO_DESTINATION; 512]);
        for (raw, slot) in (0..512u16).zip(single_destination.iter_mut()) {
            *slot = destination::<AnyMechanics>(&end, raw, min_step).unwrap_or(NO_DESTINATION);
        }
        let captured_to = match ruleset.capture.back_to {
            BackTo::Start => 0,
            BackTo::StartSquare => p
                .start
                .iter()
                .copied()
                .filter(|&s| s > 0)
                .min()
                .unwrap_or(0),
        };
        let mut past_arm = [[u8::MAX; MAX_SEATS]; MAX_SEATS];
        if m.home_gate > 0 {
            for (seat, route) in routes.iter().enumerate() {
                for (other, &arm) in p.seats.iter().enumerate() {
                    if other == seat || team_of[other] != team_of[seat] {
                        continue;
                    }
                    let end = topology.square(arm, Column::Middle, b.arm_length);
                    if let Some(i) = route.iter().position(|&sq| sq == end) {
                        past_arm[seat][other] = (i + 1) as u8;
                    }
                }
            }
        }
        let mut rules = Rules {
            captured_to,
            past_arm,
            plain_moves,
            build,
            single_moves,
            plain_throws,
            min_step,
            goal_start,
            end,
            landing,
            ruleset,
            topology,
            routes,
            square_table,
            castle_square,
            routes_revisit,
            home_row,
            outcomes,
            cumulative,
            sampling,
            flags,
            team_of,
            team_seats,
            opponents,
            opponent_count,
            letters,
            colours,
            single_destination,
            landing_square: Vec::new(),
            entry_bits: Box::new([0; 256]),
        };
        rules.landing_square = entry::landing_rows(&rules);
        let values: Vec<u8> = rules.outcomes.iter().map(|o| o.value).collect();
        for value in values {
            rules.entry_bits[usize::from(value)] = EntryBits::of(&rules, value).0;
        }
        Ok(rules)
    }

    /// Parses and validates TOML text in one step.
    ///
    /// # Errors
    /// As [`Ruleset::from_toml_with`] and [`Rules::compile`].
    pub fn from_toml(
        text: &str,
        origin: &str,
        overrides: &[String],
    ) -> Result<Rules, RulesetError> {
        Rules::compile(Ruleset::from_toml_with(text, origin, overrides)?, origin)
    }
}

/// See [`Rules::single_moves`].
fn single_moves(ruleset: &Ruleset) -> bool {
    let m = &ruleset.moves;
    let c = &ruleset.capture;
    !(m.split
        || m.pairs
        || m.go_round_again
        || m.enter_with_sum
        || m.grace_only_enters
        || m.blockades
        || m.carry_on
        || m.bounce != Bounce::None
        || m.held_castle != HeldCastle::LosesThrow
        || ruleset.doubles.fourteen != Fourteen::Increments
        || c.on_entry
        || c.before_home
        || c.two_or_more == TwoOrMore::Safe
        || c.back_to != BackTo::Start
        || ruleset.throw.bonus_step_enters
        || m.home_gate > 0)
}

/// What [`Rules::plain_moves`] asks beyond single moves: nothing orders the moves, and pieces
/// finish at home.
fn plain_order(ruleset: &Ruleset) -> bool {
    let m = &ruleset.moves;
    !(m.must_enter || m.clear_entry || ruleset.finish.goal == Goal::Lane)
}

/// See [`Rules::plain_throws`].
fn plain_throws(ruleset: &Ruleset) -> bool {
    let t = &ruleset.throw;
    let turn = &ruleset.turn;
    !(t.separate_dice
        || ruleset.doubles.enabled
        || !turn.opening.is_empty()
        || !t.needs_piece_on_board.is_empty()
        || turn.three_in_a_row != StreakPenalty::None)
}

/// A route as a table indexed by progress: progress `i` (1-based) stands on `route[i - 1]`, and
/// every other progress (0: waiting; beyond the route: home) on [`NO_SQUARE`].
fn square_table(route: &[Square]) -> [u8; 256] {
    let mut table = [NO_SQUARE; 256];
    for (slot, sq) in table[1..].iter_mut().zip(route) {
        *slot = sq.0;
    }
    table
}

/// The cheapest exact way to draw the throws of `t` (see [`crate::sampling`]).
fn sampling_of(t: &ThrowRules, outcomes: &[Outcome], cumulative: &[f64]) -> Sampling {
    let (fair_shells, combinations) = match t.device {
        Device::Cowries => ((t.p_up == 0.5).then_some(t.shells).flatten(), None),
        Device::Dice => {
            let count = t.dice.unwrap_or(1);
            (
                None,
                dice_combinations(
                    outcomes,
                    count,
                    &faces_of(t),
                    t.separate_dice || t.named_pairs,
                ),
            )
        }
    };
    Sampling::new(outcomes, cumulative, fair_shells, combinations)
}
