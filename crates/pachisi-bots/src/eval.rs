//! The heuristic evaluation: a position's estimated winning chance for every side.
//!
//! Each side's score sums hand-written features over its pieces (progress, being on the board,
//! home, safety, exposure to capture from behind weighted by the opponents' throw probabilities,
//! waiting on a castle one throw from home, blockades). A side is a team: partners' pieces count
//! together, so a move that shields or frees a partner is worth as much as one that helps the
//! mover. The scores become winning chances through a softmax, so they sum to one and search bots
//! can take expectations over them. The weights are data ([`Weights`], `weights/default.toml`).
//!
//! The per-piece features come from the ruleset's precomputed tables of where pieces stand
//! (`standing.rs`); the same evaluator can score the teams with a learned network instead
//! ([`crate::neural`]), which reads the same features; everything exact (finished teams, endgame
//! tables) stays as it is.

use crate::net::network::Network;
use crate::net::NetworkError;
use crate::standing::{blockade_count, Standing, StandingTables};
pub use crate::values::Values;
use crate::values::{finished_teams, share_among_playing};
pub use crate::weights::{Weights, WeightsError, DEFAULT_WEIGHTS};
use crate::EndgameTable;
use pachisi_core::ruleset::MAX_SEATS;
use pachisi_core::{Move, Phase, Position, Rules};
use std::sync::Arc;

/// The evaluation of one ruleset: the weights and tables precomputed from the rules.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Where pieces stand: the per-piece features the heuristic weighs and a network reads.
    tables: StandingTables,
    weights: Weights,
    /// Exact values that replace the estimate where they apply.
    endgame: Option<Arc<EndgameTable>>,
    /// A learned network that scores the teams instead of the weights ([`crate::neural`]).
    network: Option<Arc<Network>>,
}

impl Evaluator {
    /// Builds the tables of a ruleset.
    pub fn new(rules: Arc<Rules>, weights: Weights) -> Evaluator {
        Evaluator {
            tables: StandingTables::new(rules),
            weights,
            endgame: None,
            network: None,
        }
    }

    /// The same evaluation with the teams scored by a learned network ([`crate::neural`])
    /// instead of the weights; finished games and endgame tables keep their exact values.
    ///
    /// # Errors
    /// When the network was made for rules of another shape ([`Network::check_rules`]).
    pub fn with_network(mut self, network: Arc<Network>) -> Result<Evaluator, NetworkError> {
        network.check_rules(self.tables.rules())?;
        self.network = Some(network);
        Ok(self)
    }

    /// The network that scores the teams, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.network.as_ref()
    }

    /// The same evaluation, answering with the exact values of `table` in its domain (a race
    /// between two sides with few pieces left, [`crate::endgame`]). A table of other rules is
    /// ignored.
    pub fn with_endgame(mut self, table: Arc<EndgameTable>) -> Evaluator {
        if table.rules().ruleset() == self.tables.rules().ruleset() {
            self.endgame = Some(table);
        }
        self
    }

    /// The endgame table the evaluation uses, if any.
    pub fn endgame(&self) -> Option<&Arc<EndgameTable>> {
        self.endgame.as_ref()
    }

    /// The rules evaluated.
    pub fn rules(&self) -> &Rules {
        self.tables.rules()
    }

    /// The tables from which the pieces' standing is read, which a network's inputs read too.
    pub(crate) fn tables(&self) -> &StandingTables {
        &self.tables
    }

    /// Every team's estimated winning chance; they sum to one while no team has finished.
    ///
    /// Where play goes on to decide every place (`finish.placings = "all"`), a team whose pieces
    /// are all home counts 1 and the teams still playing share the chance of finishing next:
    /// otherwise, once the first place is taken, nothing would be left to play for and the rest
    /// could pass for ever. A finished game gives 1 to every team that finished, so to the winner
    /// alone where the first team home ends it. With an endgame table
    /// ([`Evaluator::with_endgame`]), a position in its domain gets its exact value instead. With a
    /// network ([`Evaluator::with_network`]), the network's scores replace the heuristic's (the
    /// softmax's factor is then part of the network, times the scale fitted to outcomes where
    /// its file has one, [`Network::scale`]).
    pub fn evaluate(&self, pos: &Position) -> Values {
        if let Some(exact) = self.endgame.as_ref().and_then(|t| t.values(pos)) {
            return exact;
        }
        let (mut values, playing) = finished_teams(self.tables.rules(), pos);
        if pos.phase() == Phase::Over {
            return values;
        }
        match &self.network {
            Some(net) => {
                let scores = net.team_scores(&self.tables, pos);
                let scores = scores.map(f64::from);
                share_among_playing(&mut values, &playing, &scores, net.scale());
            }
            None => {
                let scores = self.scores(pos);
                share_among_playing(&mut values, &playing, &scores, self.weights.scale);
            }
        }
        values
    }

    /// Every team's score: its features summed over its pieces, per piece.
    pub fn scores(&self, pos: &Position) -> Values {
        let rules = self.tables.rules();
        let w = &self.weights;
        let seats = rules.seats();
        let teams = usize::from(rules.teams());
        let mut scores = [0.0; MAX_SEATS];
        let mut pieces = [0u32; MAX_SEATS];
        let home = f64::from(self.tables.home());
        for seat in 0..seats {
            let team = usize::from(rules.team_of(seat));
            let mine = pos.pieces_of(seat);
            let mut score = 0.0;
            for &p in mine {
                let progress = f64::from(p) / home;
                score += w.progress * progress;
                match self.tables.standing(pos, seat, team, p) {
                    // Home keeps what being on the board and safe were worth, so finishing
                    // a piece never looks like a loss. Where the goal is in the lane, a piece
                    // in it has finished as one home has (and its progress still counts: deeper
                    // in the lane leaves room for the next).
                    Standing::Goal => score += w.entered + w.safe + w.home,
                    Standing::Waiting => {}
                    Standing::Safe { waiting } => {
                        score += w.entered;
                        score += w.safe;
                        if waiting {
                            score += w.waiting;
                        }
                    }
                    Standing::Exposed { danger } => {
                        score += w.entered;
                        score -= f64::from(danger) * (w.danger * progress + w.danger_flat);
                    }
                }
            }
            if self.tables.blockades() {
                score += w.blockade * f64::from(blockade_count(mine, self.tables.home()));
            }
            scores[team] += score;
            pieces[team] += mine.len() as u32;
        }
        for t in 0..teams {
            if pieces[t] > 0 {
                scores[t] /= f64::from(pieces[t]);
            }
        }
        scores
    }

    /// The heuristic's weights.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The first of `moves` after which the mover's team's chance is highest: the one-ply choice
    /// of the heuristic bot and of heuristic playouts.
    pub fn best_move(&self, pos: &Position, moves: &[Move]) -> Move {
        let rules = self.tables.rules();
        let team = usize::from(rules.team_of(pos.to_move()));
        let mut best = (
            f64::NEG_INFINITY,
            moves.first().copied().unwrap_or(Move::Pass),
        );
        for &mv in moves {
            let mut child = *pos;
            child.play_unchecked(rules, mv);
            let v = self.evaluate(&child)[team];
            if v > best.0 {
                best = (v, mv);
            }
        }
        best.1
    }
}

impl Network {
    /// Every team's score in `pos` (teams past the rules' count score 0). The evaluator supplies
    /// the per-piece features; its rules must fit the network ([`Network::check_rules`], which
    /// [`Evaluator::with_network`] makes), or every score is 0.
    pub fn scores(&self, eval: &Evaluator, pos: &Position) -> [f32; MAX_SEATS] {
        self.team_scores(&eval.tables, pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::builtin_rules;

    fn evaluator(name: &str) -> Evaluator {
        let rules = builtin_rules(name, &[]).expect("built-in ruleset");
        Evaluator::new(Arc::new(rules), Weights::default())
    }

    #[test]
    fn the_start_is_even_between_teams() {
        let ev = evaluator("pachisi");
        let rules = ev.rules().clone();
        let v = ev.evaluate(&Position::new(&rules));
        assert!((v[0] - 0.5).abs() < 1e-9 && (v[1] - 0.5).abs() < 1e-9);
    }

    #[test]
    fn progress_raises_the_winning_chance() {
        let ev = evaluator("pachisi");
        let rules = ev.rules().clone();
        let ahead = Position::from_notation(&rules, "40,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -")
            .expect("valid position");
        let v = ev.evaluate(&ahead);
        assert!(v[0] > 0.5 && (v[0] + v[1] - 1.0).abs() < 1e-9, "{v:?}");
    }

    #[test]
    fn a_piece_in_reach_of_an_opponent_is_in_danger() {
        // Yellow's piece 3 squares ahead of Green's on the outer track, off the castles.
        let ev = evaluator("pachisi");
        let rules = ev.rules().clone();
        let (seat, opp) = (0u8, 1u8);
        // Find a square on both routes, not a castle, and a distance of 3 behind it for Green.
        let (p_opp, p_mine) = (1..rules.home() - 4)
            .find_map(|q| {
                let target = rules.square_at(opp, q + 3)?;
                let mine = (1..rules.home()).find(|&p| rules.square_at(seat, p) == Some(target))?;
                (!rules.castle_at(opp, q + 3) && !rules.castle_at(seat, mine)).then_some((q, mine))
            })
            .expect("the routes cross");
        let exposed = format!("{p_mine},0,0,0/{p_opp},0,0,0/0,0,0,0/0,0,0,0 Yt -");
        let behind = format!("{p_mine},0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
        let s_exposed = ev.scores(&Position::from_notation(&rules, &exposed).expect("valid"));
        let s_alone = ev.scores(&Position::from_notation(&rules, &behind).expect("valid"));
        assert!(s_exposed[0] < s_alone[0], "{s_exposed:?} vs {s_alone:?}");
    }

    #[test]
    fn bringing_a_piece_home_never_lowers_the_score() {
        // A piece on the last square of its lane, safe, against the same piece home.
        let ev = evaluator("pachisi");
        let rules = ev.rules().clone();
        let last = rules.home() - 1;
        let on_lane = format!("{last},0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
        let home = "h,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y";
        let s_lane = ev.scores(&Position::from_notation(&rules, &on_lane).expect("valid"));
        let s_home = ev.scores(&Position::from_notation(&rules, home).expect("valid"));
        assert!(s_home[0] > s_lane[0], "{s_home:?} vs {s_lane:?}");
    }

    #[test]
    fn turning_into_the_goal_lane_never_lowers_the_score() {
        // maedn: the goal is the lane; a piece on the square before it, against the same piece
        // on the lane's first square, where it has finished.
        let ev = evaluator("maedn");
        let rules = ev.rules().clone();
        let before = rules.turn_home();
        let track = format!("{before},0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R");
        let goal = format!(
            "{},0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R",
            before + 1
        );
        let s_track = ev.scores(&Position::from_notation(&rules, &track).expect("valid"));
        let s_goal = ev.scores(&Position::from_notation(&rules, &goal).expect("valid"));
        assert!(s_goal[0] > s_track[0], "{s_goal:?} vs {s_track:?}");
    }

    #[test]
    fn the_places_after_the_first_are_still_played_for() {
        // Humphries 1904 plays on for every place: Yellow is home, the others race for second.
        let ev = evaluator("humphries-1904");
        let rules = ev.rules().clone();
        let pos = Position::from_notation(
            &rules,
            "h,h,h,h/40,0,0,0/5,0,0,0/0,0,0,0 Gt - entered=YGB placed=0",
        )
        .expect("valid position");
        let v = ev.evaluate(&pos);
        assert_eq!(v[0], 1.0);
        assert!((v[1] + v[2] + v[3] - 1.0).abs() < 1e-9, "{v:?}");
        assert!(v[1] > v[2] && v[2] > v[3], "{v:?}");
    }

    #[test]
    fn a_finished_game_is_certain() {
        let ev = evaluator("ludo");
        let rules = ev.rules().clone();
        let mut pos = Position::new(&rules);
        let mut throws = pachisi_sim::SeededThrows::new(3);
        while pos.phase() != Phase::Over {
            if pos.phase() == Phase::Throw {
                pos.apply_throw(&rules, throws.next_throw(&rules))
                    .expect("throw");
            } else {
                let mv = pos.legal_moves(&rules)[0];
                pos.play(&rules, mv).expect("legal");
            }
        }
        let v = ev.evaluate(&pos);
        let w = usize::from(pos.winner().expect("a winner"));
        assert_eq!(v[w], 1.0);
    }
}
