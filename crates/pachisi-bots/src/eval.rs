//! The heuristic evaluation: a position's estimated winning chance for every side.
//!
//! Each side's score sums hand-written features over its pieces (progress, being on the board,
//! home, safety, exposure to capture from behind weighted by the opponents' throw probabilities,
//! waiting on a castle one throw from home, blockades). A side is a team: partners' pieces count
//! together, so a move that shields or frees a partner is worth as much as one that helps the
//! mover. The scores become winning chances through a softmax, so they sum to one and search bots
//! can take expectations over them. The weights are data ([`Weights`], `weights/default.toml`).
//!
//! The same evaluator can score the teams with a learned network instead ([`crate::neural`]),
//! which reads the same per-piece features; everything exact (finished teams, endgame tables)
//! stays as it is.

use crate::neural::{Network, NetworkError};
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
    rules: Arc<Rules>,
    weights: Weights,
    home: u8,
    /// For each seat and progress: the board square (`u16::MAX` off the board).
    square: Vec<Vec<u16>>,
    /// For each seat and progress: whether no opponent may capture a piece there.
    safe: Vec<Vec<bool>>,
    /// For each seat and progress: a castle one throw from home.
    waiting: Vec<Vec<bool>>,
    /// For each seat and square: the progresses at which the seat's route passes the square.
    passes: Vec<Vec<Vec<u8>>>,
    /// For each distance: the chance that one throw moves a piece exactly that far.
    hit: Vec<f32>,
    blockades: bool,
    /// Exact values that replace the estimate where they apply.
    endgame: Option<Arc<EndgameTable>>,
    /// A learned network that scores the teams instead of the weights ([`crate::neural`]).
    network: Option<Arc<Network>>,
}

impl Evaluator {
    /// Builds the tables of a ruleset.
    pub fn new(rules: Arc<Rules>, weights: Weights) -> Evaluator {
        let seats = rules.seats();
        let home = rules.home();
        let squares = rules.topology().square_count();
        let passes: Vec<Vec<Vec<u8>>> = (0..seats)
            .map(|seat| {
                let mut passes = vec![Vec::new(); squares];
                for (p, sq) in (1..).zip(rules.route(seat)) {
                    passes[usize::from(sq.0)].push(p);
                }
                passes
            })
            .collect();
        let mut square = Vec::new();
        let mut safe = Vec::new();
        let mut waiting = Vec::new();
        for seat in 0..seats {
            let progresses = 0..=home;
            square.push(
                progresses
                    .clone()
                    .map(|p| {
                        rules
                            .square_at(seat, p)
                            .map_or(u16::MAX, |s| u16::from(s.0))
                    })
                    .collect::<Vec<_>>(),
            );
            safe.push(
                progresses
                    .clone()
                    .map(|p| match rules.square_at(seat, p) {
                        None => true,
                        Some(sq) => {
                            rules.castle_at(seat, p)
                                || (0..seats).all(|other| {
                                    other == seat
                                        || passes[usize::from(other)][usize::from(sq.0)].is_empty()
                                })
                        }
                    })
                    .collect::<Vec<_>>(),
            );
            waiting.push(
                progresses
                    .map(|p| {
                        p > 0
                            && p < home
                            && rules.castle_at(seat, p)
                            && rules.outcomes().iter().any(|o| o.value == home - p)
                    })
                    .collect::<Vec<_>>(),
            );
        }
        let blockades = rules.ruleset().moves.blockades;
        let hit = hit_chances(&rules);
        Evaluator {
            rules,
            weights,
            home,
            square,
            safe,
            waiting,
            passes,
            hit,
            blockades,
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
        network.check_rules(&self.rules)?;
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
        if table.rules().ruleset() == self.rules.ruleset() {
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
        &self.rules
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
        let (mut values, playing) = finished_teams(&self.rules, pos);
        if pos.phase() == Phase::Over {
            return values;
        }
        match &self.network {
            Some(net) => {
                let scores = net.scores(self, pos);
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
        let rules = &*self.rules;
        let w = &self.weights;
        let seats = rules.seats();
        let teams = usize::from(rules.teams());
        let mut scores = [0.0; MAX_SEATS];
        let mut pieces = [0u32; MAX_SEATS];
        let home = f64::from(self.home);
        for seat in 0..seats {
            let team = usize::from(rules.team_of(seat));
            let mine = pos.pieces_of(seat);
            let mut score = 0.0;
            for &p in mine {
                let progress = f64::from(p) / home;
                score += w.progress * progress;
                match self.standing(pos, seat, team, p) {
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
            if self.blockades {
                score += w.blockade * f64::from(blockade_count(mine, self.home));
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
}

impl Evaluator {
    /// Where a piece of `seat` (of `team`) at progress `p` stands: the per-piece features the
    /// heuristic weighs, which the network ([`crate::neural`]) reads as inputs too.
    pub(crate) fn standing(&self, pos: &Position, seat: u8, team: usize, p: u8) -> Standing {
        if self.rules.in_goal(p) {
            return Standing::Goal;
        }
        if p == 0 {
            return Standing::Waiting;
        }
        let (s, pi) = (usize::from(seat), usize::from(p));
        if self.safe[s][pi] {
            return Standing::Safe {
                waiting: self.waiting[s][pi],
            };
        }
        Standing::Exposed {
            danger: self.danger(pos, team, usize::from(self.square[s][pi])),
        }
    }

    /// The chance that a piece of `seat` (of `team`) at progress `p` can hit an opponent's piece
    /// with its next throw: for every opponent piece ahead of it on its route, off the squares
    /// where it is safe, the chance of a throw of exactly that distance, summed and capped at 1.
    /// The other side of [`Evaluator::standing`]'s danger, which the heuristic does not weigh but
    /// the network reads.
    pub(crate) fn attack(&self, pos: &Position, seat: u8, team: usize, p: u8) -> f32 {
        let rules = &*self.rules;
        let mine = &self.passes[usize::from(seat)];
        let mut chance = 0.0f32;
        for other in (0..rules.seats()).filter(|&o| usize::from(rules.team_of(o)) != team) {
            let o = usize::from(other);
            for &q in pos.pieces_of(other) {
                let qi = usize::from(q);
                if q == 0 || rules.in_goal(q) || self.safe[o][qi] {
                    continue;
                }
                let sq = usize::from(self.square[o][qi]);
                for &at in mine.get(sq).map_or(&[][..], Vec::as_slice) {
                    if at > p {
                        chance += self.hit.get(usize::from(at - p)).copied().unwrap_or(0.0);
                    }
                }
            }
        }
        chance.min(1.0)
    }

    /// Whether the rules have blockades, so that pairs of pieces count.
    pub(crate) fn blockades(&self) -> bool {
        self.blockades
    }

    /// The heuristic's weights.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The chance that another team can hit square `sq` with its next throw: for every one of its
    /// pieces on the board behind the square, the chance of a throw of exactly that distance,
    /// summed and capped at 1.
    fn danger(&self, pos: &Position, team: usize, sq: usize) -> f32 {
        let rules = &*self.rules;
        let mut danger = 0.0f32;
        for other in (0..usize::from(rules.teams())).filter(|&t| t != team) {
            let mut threat = 0.0f32;
            for seat in (0..rules.seats()).filter(|&s| usize::from(rules.team_of(s)) == other) {
                let passes = &self.passes[usize::from(seat)][sq];
                for &q in pos.pieces_of(seat).iter().filter(|&&q| q != 0) {
                    for &p in passes.iter().filter(|&&p| p > q) {
                        threat += self.hit.get(usize::from(p - q)).copied().unwrap_or(0.0);
                    }
                }
            }
            danger += threat;
        }
        danger.min(1.0)
    }

    /// The first of `moves` after which the mover's team's chance is highest: the one-ply choice
    /// of the heuristic bot and of heuristic playouts.
    pub fn best_move(&self, pos: &Position, moves: &[Move]) -> Move {
        let rules = &*self.rules;
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

/// Where a piece stands, as the evaluation sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Standing {
    /// Not yet on the board.
    Waiting,
    /// Home, or in a goal lane where that counts as finished.
    Goal,
    /// On the board where no opponent may capture it; `waiting` on a castle one throw from home.
    Safe {
        /// On a castle one throw from home.
        waiting: bool,
    },
    /// On the board within the opponents' reach; `danger`: the chance of a capture next throw.
    Exposed {
        /// The chance that an opponent can hit the square with its next throw, capped at 1.
        danger: f32,
    },
}

/// Pairs of pieces of one seat sharing a square on the board.
pub(crate) fn blockade_count(pieces: &[u8], home: u8) -> u32 {
    let mut count = 0;
    for (i, &p) in pieces.iter().enumerate() {
        if p != 0 && p != home && pieces[..i].contains(&p) {
            count += 1;
        }
    }
    count
}

/// For every distance, the chance that one throw lets a piece move exactly that far: a throw of
/// that value, or one of two separate dice showing it.
fn hit_chances(rules: &Rules) -> Vec<f32> {
    let longest = rules.outcomes().iter().map(|o| o.value).max().unwrap_or(0);
    let mut hit = vec![0.0f32; usize::from(longest) + 1];
    for o in rules.outcomes() {
        let mut distances = vec![o.value];
        for d in o.dice {
            if d != 0 && !distances.contains(&d) {
                distances.push(d);
            }
        }
        for d in distances {
            hit[usize::from(d)] += o.probability as f32;
        }
    }
    hit
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
