//! Playing the games of one deal.
//!
//! Throws come from the deal's [`SeededThrows`] stream, restarted for every game of the deal. A
//! position waiting for a move with a single legal move plays it without asking the bot (that is
//! no decision); otherwise the seat's bot chooses, its time is measured, and the move is played
//! with the engine's checked [`Position::play`], so an illegal choice stops the tournament with
//! an error instead of being accepted. A game still going after
//! [`MAX_THROWS_PER_GAME`] throws is abandoned and counts as a draw.

use crate::schedule::bot_seed;
use crate::TournamentError;
use pachisi_bots::{Bot, BotSpec};
use pachisi_core::{Move, Phase, Position, Rules};
use pachisi_sim::{SeededThrows, MAX_THROWS_PER_GAME};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a pairing's games are played with.
pub(crate) struct Table<'a> {
    /// The rules.
    pub rules: &'a Arc<Rules>,
    /// The ruleset's name, for errors.
    pub ruleset: &'a str,
    /// The two sides' bots.
    pub specs: [&'a BotSpec; 2],
}

/// How one game went.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct GameOutcome {
    /// The winning side; `None` for a game abandoned at the throw limit.
    pub winner: Option<u8>,
    /// Throws made.
    pub throws: u64,
    /// Decisions each side's bots made.
    pub decisions: [u64; 2],
    /// Time each side's bots spent on them.
    pub thinking: [Duration; 2],
}

/// Plays one game of a deal with `sides[seat]` the side of each seat.
pub(crate) fn play_game(
    table: &Table<'_>,
    sides: &[u8],
    deal_seed: u64,
) -> Result<GameOutcome, TournamentError> {
    let mut bots: Vec<Box<dyn Bot>> = (0u8..)
        .zip(sides)
        .map(|(seat, &side)| {
            table.specs[usize::from(side)].build(table.rules.clone(), bot_seed(deal_seed, seat))
        })
        .collect();
    play_with(table, sides, deal_seed, &mut bots)
}

/// Plays one game of a deal with `bots[seat]` choosing the moves of each seat.
fn play_with(
    table: &Table<'_>,
    sides: &[u8],
    deal_seed: u64,
    bots: &mut [Box<dyn Bot>],
) -> Result<GameOutcome, TournamentError> {
    let rules: &Rules = table.rules;
    let mut throws = SeededThrows::new(deal_seed);
    let mut pos = Position::new(rules);
    let mut out = GameOutcome::default();
    let mut moves = Vec::new();
    while out.throws < MAX_THROWS_PER_GAME {
        match pos.phase() {
            Phase::Over => break,
            Phase::Throw => {
                let t = throws.next_throw(rules);
                pos.apply_throw(rules, t)
                    .map_err(|e| engine_error(table, &pos, &e.to_string()))?;
                out.throws += 1;
            }
            Phase::Move => {
                pos.legal_moves_into(rules, &mut moves);
                let seat = usize::from(pos.to_move());
                let side = usize::from(sides[seat]);
                if moves.len() > 1 {
                    let started = Instant::now();
                    let mv = ask(table, side, bots[seat].as_mut(), &pos)?;
                    out.thinking[side] += started.elapsed();
                    out.decisions[side] += 1;
                    pos.play(rules, mv)
                        .map_err(|e| illegal_move(table, side, &pos, mv, &e.to_string()))?;
                } else {
                    let mv = moves.first().copied().unwrap_or(Move::Pass);
                    pos.play(rules, mv)
                        .map_err(|e| engine_error(table, &pos, &e.to_string()))?;
                }
            }
        }
    }
    out.winner = pos
        .winner()
        .filter(|_| pos.phase() == Phase::Over)
        .and_then(|team| (0..rules.seats()).find(|&s| rules.team_of(s) == team))
        .map(|seat| sides[usize::from(seat)]);
    Ok(out)
}

/// Asks a bot for its move, turning a panic into an error that names the bot.
fn ask(
    table: &Table<'_>,
    side: usize,
    bot: &mut dyn Bot,
    pos: &Position,
) -> Result<Move, TournamentError> {
    catch_unwind(AssertUnwindSafe(|| bot.choose(pos))).map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".into());
        TournamentError::BotPanicked {
            bot: table.specs[side].to_string(),
            ruleset: table.ruleset.to_string(),
            position: pos.to_notation(table.rules),
            message,
        }
    })
}

fn illegal_move(
    table: &Table<'_>,
    side: usize,
    pos: &Position,
    mv: Move,
    reason: &str,
) -> TournamentError {
    TournamentError::IllegalMove {
        bot: table.specs[side].to_string(),
        ruleset: table.ruleset.to_string(),
        position: pos.to_notation(table.rules),
        mv: mv.to_string(),
        reason: reason.to_string(),
    }
}

fn engine_error(table: &Table<'_>, pos: &Position, reason: &str) -> TournamentError {
    TournamentError::Engine {
        ruleset: table.ruleset.to_string(),
        position: pos.to_notation(table.rules),
        reason: reason.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::{deal_seed, Seatings};
    use pachisi_core::builtin_rules;

    fn spec(text: &str) -> BotSpec {
        text.parse().expect("valid spec")
    }

    #[test]
    fn a_game_between_two_bots_finishes_with_a_winner() {
        let rules = Arc::new(builtin_rules("ludo", &[]).expect("built-in"));
        let (a, b) = (spec("random"), spec("heuristic"));
        let table = Table {
            rules: &rules,
            ruleset: "ludo",
            specs: [&a, &b],
        };
        let out = play_game(&table, &[0, 1, 0, 1], deal_seed(1, 0, 0)).expect("plays");
        assert!(out.winner.is_some());
        assert!(out.throws > 0);
        assert!(out.decisions[0] > 0 && out.decisions[1] > 0);
    }

    /// A bot that plays the pass, legal or not, or panics.
    struct Broken {
        panics: bool,
    }

    impl Bot for Broken {
        fn choose(&mut self, _pos: &Position) -> Move {
            assert!(!self.panics, "lost the plot");
            Move::Pass
        }
        fn rank(&mut self, _pos: &Position) -> Option<Vec<pachisi_bots::RankedMove>> {
            None
        }
    }

    fn broken_game(panics: bool) -> TournamentError {
        // Parcheesi without passing: a pass is illegal whenever a move is possible.
        let rules = Arc::new(builtin_rules("parcheesi-sr", &[]).expect("built-in"));
        let spec = spec("random");
        let table = Table {
            rules: &rules,
            ruleset: "parcheesi-sr",
            specs: [&spec, &spec],
        };
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|_| Box::new(Broken { panics }) as Box<dyn Bot>)
            .collect();
        play_with(&table, &[0, 1, 0, 1], 3, &mut bots).expect_err("refused")
    }

    #[test]
    fn an_illegal_move_stops_the_game_naming_bot_ruleset_and_position() {
        let e = broken_game(false);
        assert!(matches!(e, TournamentError::IllegalMove { .. }), "{e:?}");
        let text = e.to_string();
        for part in ["`random`", "parcheesi-sr", " -", " in position "] {
            assert!(text.contains(part), "{part} missing from {text}");
        }
    }

    #[test]
    fn a_panicking_bot_stops_the_game_with_an_error() {
        let e = broken_game(true);
        assert!(
            matches!(&e, TournamentError::BotPanicked { message, .. } if message == "lost the plot"),
            "{e:?}"
        );
    }

    #[test]
    fn the_games_of_a_deal_draw_the_same_throws() {
        let rules = builtin_rules("pachisi", &[]).expect("built-in");
        let seed = deal_seed(5, 0, 3);
        let first: Vec<_> = {
            let mut t = SeededThrows::new(seed);
            (0..20).map(|_| t.next_throw(&rules)).collect()
        };
        let second: Vec<_> = {
            let mut t = SeededThrows::new(seed);
            (0..20).map(|_| t.next_throw(&rules)).collect()
        };
        assert_eq!(first, second);
        // And the games of a deal: the same bot on both sides plays the same game twice over.
        let rules = Arc::new(rules);
        let h = spec("heuristic");
        let table = Table {
            rules: &rules,
            ruleset: "pachisi",
            specs: [&h, &h],
        };
        let seatings = Seatings::for_rules(&rules).expect("two teams");
        let a = play_game(&table, &seatings.games[0], seed).expect("plays");
        let b = play_game(&table, &seatings.games[1], seed).expect("plays");
        assert_eq!(a.throws, b.throws);
        assert_eq!(a.winner.map(|w| 1 - w), b.winner, "the swapped side wins");
    }
}
