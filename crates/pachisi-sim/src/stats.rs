//! Streaming statistics over many games.
//!
//! [`Stats`] keeps counts only (integers), never one entry per game: its size depends on the
//! ruleset and on how many *different* game lengths were seen, not on how many games were played.
//! Two `Stats` of disjoint sets of games [`merge`](Stats::merge) into exactly the `Stats` of their
//! union whatever the order, which is what makes a run's results independent of its thread
//! count. [`Summary`] turns the counts into the figures a researcher reads: means, percentiles,
//! win rates with 95% intervals, and every throw's observed frequency beside its exact
//! probability with a chi-square test.

use crate::Step;
use pachisi_core::{Move, Position, Rules};
use serde::{Deserialize, Serialize};
use statrs::distribution::{ChiSquared, ContinuousCDF};
use std::collections::BTreeMap;

/// The 97.5% quantile of the standard normal distribution: a 95% two-sided interval.
const Z95: f64 = 1.959_963_984_540_054;

/// How often each value of a per-game count (throws, turns, moves) came up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram {
    counts: BTreeMap<u64, u64>,
    total: u64,
    sum: u128,
    sum_sq: u128,
}

impl Histogram {
    /// Counts one more game with value `v`.
    pub fn add(&mut self, v: u64) {
        self.add_games(v, 1);
    }

    /// Counts `n` more games with value `v`.
    pub fn add_games(&mut self, v: u64, n: u64) {
        *self.counts.entry(v).or_insert(0) += n;
        self.total += n;
        self.sum += u128::from(v) * u128::from(n);
        self.sum_sq += u128::from(v) * u128::from(v) * u128::from(n);
    }

    /// Adds another histogram's counts.
    pub fn merge(&mut self, other: &Histogram) {
        for (v, n) in other.counts() {
            self.add_games(v, n);
        }
    }

    /// Games counted.
    pub fn len(&self) -> u64 {
        self.total
    }

    /// Whether no game was counted.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Every value seen with how many games had it, smallest first.
    pub fn counts(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.counts.iter().map(|(&v, &n)| (v, n))
    }

    /// The mean (0 when empty).
    pub fn mean(&self) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        self.sum as f64 / self.total as f64
    }

    /// The sample standard deviation (0 for fewer than two games).
    pub fn sd(&self) -> f64 {
        if self.total < 2 {
            return 0.0;
        }
        let n = self.total as f64;
        let mean = self.mean();
        let var = (self.sum_sq as f64 - n * mean * mean) / (n - 1.0);
        var.max(0.0).sqrt()
    }

    /// The `q` quantile by the nearest-rank method: the smallest value with at least `q` of the
    /// games at or below it (0 when empty).
    pub fn quantile(&self, q: f64) -> u64 {
        let rank = ((q.clamp(0.0, 1.0) * self.total as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (&v, &n) in &self.counts {
            seen += n;
            if seen >= rank {
                return v;
            }
        }
        0
    }

    /// Mean, spread and percentiles.
    pub fn summary(&self) -> Distribution {
        Distribution {
            mean: self.mean(),
            sd: self.sd(),
            min: self.counts.keys().next().copied().unwrap_or(0),
            p5: self.quantile(0.05),
            p25: self.quantile(0.25),
            median: self.quantile(0.5),
            p75: self.quantile(0.75),
            p95: self.quantile(0.95),
            p99: self.quantile(0.99),
            max: self.counts.keys().next_back().copied().unwrap_or(0),
        }
    }
}

/// A histogram from `(value, games)` pairs, as [`Histogram::counts`] lists them.
impl FromIterator<(u64, u64)> for Histogram {
    fn from_iter<I: IntoIterator<Item = (u64, u64)>>(pairs: I) -> Histogram {
        let mut h = Histogram::default();
        for (v, n) in pairs {
            h.add_games(v, n);
        }
        h
    }
}

/// A per-game count summarised.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    /// Mean per game.
    pub mean: f64,
    /// Sample standard deviation.
    pub sd: f64,
    /// Fewest.
    pub min: u64,
    /// 5th percentile.
    pub p5: u64,
    /// 25th percentile.
    pub p25: u64,
    /// Median.
    pub median: u64,
    /// 75th percentile.
    pub p75: u64,
    /// 95th percentile.
    pub p95: u64,
    /// 99th percentile.
    pub p99: u64,
    /// Most.
    pub max: u64,
}

/// What one game added up to, counted step by step while it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameTally {
    /// Throws made.
    pub throws: u64,
    /// Turns: each time the turn passed to a seat, the first included.
    pub turns: u64,
    /// Moves played, passes included.
    pub moves: u64,
    /// Passes chosen or forced.
    pub passes: u64,
    /// Passes where nothing else was legal.
    pub forced_passes: u64,
    /// Moves that sent at least one opposing piece back.
    pub captures: u64,
    /// Pieces sent back to the start, by captures or by a penalty (Parcheesi's third doublet).
    pub pieces_sent_back: u64,
    /// The seat that began (the throw-off's winner, where the rules have one).
    pub first: u8,
    /// The seat at the table whose turn it was after the last step.
    to_move: u8,
    /// Pieces at the start after the last step: waiting to enter, or, where a captured piece
    /// goes back onto a square where pieces begin (`capture.back_to`), standing no farther
    /// than that square.
    waiting: u32,
    /// The progress a captured piece goes back to ([`Rules::captured_to`]).
    restart: u8,
}

impl GameTally {
    /// A tally for a game under `rules` about to start from `start` (its first turn counted).
    pub fn new(rules: &Rules, start: &Position) -> GameTally {
        let restart = rules.captured_to();
        GameTally {
            throws: 0,
            turns: 1,
            moves: 0,
            passes: 0,
            forced_passes: 0,
            captures: 0,
            pieces_sent_back: 0,
            first: start.to_move(),
            to_move: start.thrower(),
            waiting: start.pieces_at_start(restart),
            restart,
        }
    }

    /// Counts one step, which led to `after`.
    #[inline]
    pub fn count(&mut self, step: Step, after: &Position) {
        let sent_back = match step {
            // A throw puts a piece back only as a penalty, which ends the turn: the common case
            // costs one comparison.
            Step::Throw(_) if after.thrower() == self.to_move => 0,
            Step::Move { mv: Move::Pass, .. } => 0,
            Step::Move { mv, .. } => {
                let out = brings_out(mv, self.restart);
                self.sent_back(after, u32::from(out))
            }
            Step::Throw(_) => self.sent_back(after, 0),
        };
        self.add(step, after.thrower(), sent_back);
    }

    /// Counts one step after which `to_move` is to move and which sent `sent_back` pieces back
    /// to the start.
    #[inline]
    pub(crate) fn add(&mut self, step: Step, to_move: u8, sent_back: u32) {
        match step {
            Step::Throw(_) => self.add_throw(to_move, sent_back),
            Step::Move { mv, choices } => {
                self.add_move(mv == Move::Pass, choices, to_move, sent_back)
            }
        }
    }

    /// `to_move` is to move after a step: a new turn if the seat changed.
    #[inline]
    fn hand_to(&mut self, to_move: u8) {
        self.turns += u64::from(to_move != self.to_move);
        self.to_move = to_move;
    }

    /// Counts a throw after which `to_move` is to move and which sent `sent_back` pieces back
    /// (a penalty).
    #[inline]
    pub(crate) fn add_throw(&mut self, to_move: u8, sent_back: u32) {
        self.hand_to(to_move);
        self.pieces_sent_back += u64::from(sent_back);
        self.throws += 1;
    }

    /// Counts a move (a pass if `pass`) chosen among `choices`, after which `to_move` is to move
    /// and which sent `sent_back` pieces back. Counted without branches: whether a random
    /// player passes or captures is as unpredictable as its throw.
    #[inline]
    pub(crate) fn add_move(&mut self, pass: bool, choices: usize, to_move: u8, sent_back: u32) {
        self.hand_to(to_move);
        self.pieces_sent_back += u64::from(sent_back);
        self.moves += 1;
        self.passes += u64::from(pass);
        self.forced_passes += u64::from(pass & (choices == 1));
        self.captures += u64::from(!pass & (sent_back > 0));
    }

    /// Counts a pass chosen among `choices` moves, after which `to_move` is to move:
    /// [`GameTally::add_move`] where the caller knows the move is a pass.
    #[inline]
    pub(crate) fn add_pass(&mut self, choices: usize, to_move: u8) {
        self.hand_to(to_move);
        self.moves += 1;
        self.passes += 1;
        self.forced_passes += u64::from(choices == 1);
    }

    /// Counts a move other than a pass, after which `to_move` is to move and which sent
    /// `sent_back` pieces back: [`GameTally::add_move`] where the caller knows it is no pass.
    /// Captures are rare, so a branch on them is well predicted.
    #[inline]
    pub(crate) fn add_advance(&mut self, to_move: u8, sent_back: u32) {
        self.hand_to(to_move);
        self.moves += 1;
        if sent_back > 0 {
            self.pieces_sent_back += u64::from(sent_back);
            self.captures += 1;
        }
    }

    /// Pieces put back at the start since the last count, by a step that brought `brought_out`
    /// pieces out of it. Only captures and penalties put a piece back; a piece that enters may
    /// capture on its entry square in the same step (maedn, Parcheesi's captures on entry), so
    /// the piece it brought out is counted back before the difference counts them.
    fn sent_back(&mut self, after: &Position, brought_out: u32) -> u32 {
        let now = after.pieces_at_start(self.restart);
        let sent = (now + brought_out).saturating_sub(self.waiting);
        self.waiting = now;
        sent
    }
}

/// Whether a move brings a piece out of the start: out of the Charkoni or the nest, or, where a
/// captured piece goes back onto the square `restart`, off that square or one behind it.
fn brings_out(mv: Move, restart: u8) -> bool {
    match mv {
        Move::Enter { .. } | Move::EnterSum { .. } => true,
        Move::Advance { from, .. } => from <= restart,
        Move::Pass => false,
    }
}

/// Counts over a set of games; see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Games abandoned at [`MAX_THROWS_PER_GAME`](crate::MAX_THROWS_PER_GAME).
    pub unfinished: u64,
    /// Throws per game.
    pub throws: Histogram,
    /// Turns per game.
    pub turns: Histogram,
    /// Moves per game (passes included).
    pub moves: Histogram,
    /// Passes over all games.
    pub passes: u64,
    /// Passes where nothing else was legal.
    pub forced_passes: u64,
    /// Capturing moves over all games.
    pub captures: u64,
    /// Pieces sent back to the start over all games.
    pub pieces_sent_back: u64,
    /// First places per seat (a seat wins when its team does).
    pub seat_wins: Vec<u64>,
    /// Games each seat began (the throw-off's winner, or seat 0).
    pub first_seats: Vec<u64>,
    /// First places per team.
    pub team_wins: Vec<u64>,
    /// How often each of the rules' outcomes was thrown, by outcome index.
    pub outcomes: Vec<u64>,
}

impl Stats {
    /// No games yet, sized for `rules`.
    pub fn new(rules: &Rules) -> Stats {
        Stats {
            games: 0,
            unfinished: 0,
            throws: Histogram::default(),
            turns: Histogram::default(),
            moves: Histogram::default(),
            passes: 0,
            forced_passes: 0,
            captures: 0,
            pieces_sent_back: 0,
            seat_wins: vec![0; usize::from(rules.seats())],
            first_seats: vec![0; usize::from(rules.seats())],
            team_wins: vec![0; usize::from(rules.teams())],
            outcomes: vec![0; rules.outcomes().len()],
        }
    }

    /// Counts a finished (or abandoned) game: its tally and its final position.
    pub fn add_game(&mut self, rules: &Rules, tally: &GameTally, last: &Position) {
        self.games += 1;
        self.throws.add(tally.throws);
        self.turns.add(tally.turns);
        self.moves.add(tally.moves);
        self.passes += tally.passes;
        self.forced_passes += tally.forced_passes;
        self.captures += tally.captures;
        self.pieces_sent_back += tally.pieces_sent_back;
        if let Some(n) = self.first_seats.get_mut(usize::from(tally.first)) {
            *n += 1;
        }
        match last.winner() {
            Some(team) if last.phase() == pachisi_core::Phase::Over => {
                self.team_wins[usize::from(team)] += 1;
                for seat in (0..rules.seats()).filter(|&s| rules.team_of(s) == team) {
                    self.seat_wins[usize::from(seat)] += 1;
                }
            }
            _ => self.unfinished += 1,
        }
    }

    /// Adds the counts of another set of games under the same rules.
    pub fn merge(&mut self, other: &Stats) {
        self.games += other.games;
        self.unfinished += other.unfinished;
        self.throws.merge(&other.throws);
        self.turns.merge(&other.turns);
        self.moves.merge(&other.moves);
        self.passes += other.passes;
        self.forced_passes += other.forced_passes;
        self.captures += other.captures;
        self.pieces_sent_back += other.pieces_sent_back;
        add_each(&mut self.seat_wins, &other.seat_wins);
        add_each(&mut self.first_seats, &other.first_seats);
        add_each(&mut self.team_wins, &other.team_wins);
        add_each(&mut self.outcomes, &other.outcomes);
    }

    /// Throws over all games.
    pub fn total_throws(&self) -> u64 {
        self.outcomes.iter().sum()
    }

    /// The figures, with names and probabilities taken from `rules`.
    pub fn summary(&self, rules: &Rules) -> Summary {
        let games = self.games.max(1) as f64;
        let per_game = |n: u64| n as f64 / games;
        let seats = (0..rules.seats())
            .map(|s| WinShare {
                name: rules.seat_colour(s).to_string(),
                share: Proportion::of(self.seat_wins[usize::from(s)], self.games),
            })
            .collect();
        let first_seats = (0..rules.seats())
            .map(|s| WinShare {
                name: rules.seat_colour(s).to_string(),
                share: Proportion::of(self.first_seats[usize::from(s)], self.games),
            })
            .collect();
        let teams = (0..rules.teams())
            .map(|t| WinShare {
                name: team_name(rules, t),
                share: Proportion::of(self.team_wins[usize::from(t)], self.games),
            })
            .collect();
        Summary {
            games: self.games,
            unfinished: self.unfinished,
            throws_per_game: self.throws.summary(),
            turns_per_game: self.turns.summary(),
            moves_per_game: self.moves.summary(),
            captures_per_game: per_game(self.captures),
            pieces_sent_back_per_game: per_game(self.pieces_sent_back),
            passes_per_game: per_game(self.passes),
            forced_passes_per_game: per_game(self.forced_passes),
            seat_wins: seats,
            first_seats,
            team_wins: teams,
            throws: self.throw_table(rules),
        }
    }

    /// Observed frequencies beside exact probabilities, with Pearson's chi-square test.
    fn throw_table(&self, rules: &Rules) -> ThrowTable {
        let total = self.total_throws();
        let n = total as f64;
        let outcomes: Vec<ThrowFrequency> = rules
            .outcomes()
            .iter()
            .zip(&self.outcomes)
            .map(|(o, &count)| ThrowFrequency {
                throw: o.name.to_string(),
                value: o.value,
                count,
                observed: if total == 0 { 0.0 } else { count as f64 / n },
                exact: o.probability,
            })
            .collect();
        let chi_square: f64 = outcomes
            .iter()
            .filter(|o| o.exact > 0.0)
            .map(|o| {
                let expected = n * o.exact;
                (o.count as f64 - expected).powi(2) / expected
            })
            .sum();
        let df = outcomes
            .iter()
            .filter(|o| o.exact > 0.0)
            .count()
            .saturating_sub(1);
        let p_value = if total == 0 || df == 0 {
            1.0
        } else {
            ChiSquared::new(df as f64).map_or(1.0, |d| 1.0 - d.cdf(chi_square))
        };
        ThrowTable {
            total,
            outcomes,
            chi_square,
            degrees_of_freedom: df as u64,
            p_value,
        }
    }
}

fn add_each(into: &mut [u64], from: &[u64]) {
    for (a, b) in into.iter_mut().zip(from) {
        *a += b;
    }
}

/// A team named by its seats' colours, e.g. `yellow+red`.
pub fn team_name(rules: &Rules, team: u8) -> String {
    (0..rules.seats())
        .filter(|&s| rules.team_of(s) == team)
        .map(|s| rules.seat_colour(s))
        .collect::<Vec<_>>()
        .join("+")
}

/// A share of games with its 95% Wilson score interval.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Proportion {
    /// Games counted.
    pub count: u64,
    /// Out of this many.
    pub of: u64,
    /// `count / of` (0 when `of` is 0).
    pub rate: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Proportion {
    /// `count` out of `of`, with the Wilson interval (sound near 0 and 1, unlike the normal one).
    pub fn of(count: u64, of: u64) -> Proportion {
        if of == 0 {
            return Proportion {
                count,
                of,
                rate: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = of as f64;
        let p = count as f64 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Proportion {
            count,
            of,
            rate: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

/// A seat's or a team's first places.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinShare {
    /// The seat's colour, or the team's colours joined by `+`.
    pub name: String,
    /// Wins out of all games played.
    pub share: Proportion,
}

/// One outcome of the throw device.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThrowFrequency {
    /// The throw as written in records (`25`, `5-3`).
    pub throw: String,
    /// Squares it is worth.
    pub value: u8,
    /// Times thrown.
    pub count: u64,
    /// Share of all throws.
    pub observed: f64,
    /// The exact probability the rules give it.
    pub exact: f64,
}

/// The throw device's outcomes as observed, and a test that they follow the exact probabilities.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThrowTable {
    /// Throws made.
    pub total: u64,
    /// Every outcome, in the rules' order.
    pub outcomes: Vec<ThrowFrequency>,
    /// Pearson's statistic over the outcomes with a nonzero probability.
    pub chi_square: f64,
    /// Outcomes with a nonzero probability, less one.
    pub degrees_of_freedom: u64,
    /// The chance of a statistic at least this large if the throws follow the exact
    /// probabilities.
    pub p_value: f64,
}

/// What a set of games came to; serialised as `pachisi simulate --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Games abandoned at the throw limit (they count as nobody's win).
    pub unfinished: u64,
    /// Throws per game.
    pub throws_per_game: Distribution,
    /// Turns per game.
    pub turns_per_game: Distribution,
    /// Moves per game, passes included.
    pub moves_per_game: Distribution,
    /// Capturing moves per game.
    pub captures_per_game: f64,
    /// Pieces sent back to the start per game (by captures and penalties).
    pub pieces_sent_back_per_game: f64,
    /// Passes per game.
    pub passes_per_game: f64,
    /// Passes per game where nothing else was legal.
    pub forced_passes_per_game: f64,
    /// First places per seat.
    pub seat_wins: Vec<WinShare>,
    /// Games each seat began: the throw-off's winner (`turn.first = "highest-throw"`), or seat
    /// 0 in every game.
    pub first_seats: Vec<WinShare>,
    /// First places per team.
    pub team_wins: Vec<WinShare>,
    /// The throw device, observed and exact.
    pub throws: ThrowTable,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_use_the_nearest_rank() {
        let mut h = Histogram::default();
        for v in [5, 1, 3, 2, 4] {
            h.add(v);
        }
        assert_eq!(h.quantile(0.0), 1);
        assert_eq!(h.quantile(0.2), 1);
        assert_eq!(h.quantile(0.5), 3);
        assert_eq!(h.quantile(0.95), 5);
        assert_eq!(h.mean(), 3.0);
        assert!((h.sd() - 2.5f64.sqrt()).abs() < 1e-12);
        let s = h.summary();
        assert_eq!((s.min, s.median, s.max), (1, 3, 5));
    }

    #[test]
    fn merged_histograms_equal_one_built_from_all_values() {
        let (mut a, mut b, mut all) = (
            Histogram::default(),
            Histogram::default(),
            Histogram::default(),
        );
        for v in 0..50u64 {
            let value = v * v % 17;
            if v % 3 == 0 { &mut a } else { &mut b }.add(value);
            all.add(value);
        }
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b;
        ba.merge(&a);
        assert_eq!(ab, all);
        assert_eq!(ba, all);
        assert_eq!(all.counts().collect::<Histogram>(), all);
    }

    /// Plays `mv` after throwing `value` from `pos`, counting both steps.
    fn step(rules: &Rules, pos: &mut Position, tally: &mut GameTally, value: u8, mv: &str) {
        let t = rules.throw_by_value(value).expect("a throw of the rules");
        pos.apply_throw(rules, t).expect("a throw is due");
        tally.count(Step::Throw(t), pos);
        let legal = pos.legal_moves(rules);
        let mv = legal
            .iter()
            .copied()
            .find(|m| m.to_string() == mv)
            .unwrap_or_else(|| panic!("{mv} is not among {legal:?}"));
        pos.play(rules, mv).expect("legal");
        tally.count(
            Step::Move {
                mv,
                choices: legal.len(),
            },
            pos,
        );
    }

    #[test]
    fn a_tally_counts_turns_passes_and_captures() {
        let rules = pachisi_core::builtin_rules("pachisi", &[]).expect("built-in");
        // Yellow at progress 10 throws 3 onto the square where green's piece stands.
        let mut pos =
            Position::from_notation(&rules, "10,0,0,0/64,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=YG")
                .expect("valid position");
        let mut tally = GameTally::new(&rules, &pos);
        step(&rules, &mut pos, &mut tally, 3, "10+3");
        assert_eq!((tally.captures, tally.pieces_sent_back), (1, 1));
        assert_eq!((tally.throws, tally.moves, tally.turns), (1, 1, 2));
        // Green, with nothing on the board, throws a 2: passing is all it can do.
        assert_eq!(pos.to_move(), 1);
        step(&rules, &mut pos, &mut tally, 2, "-");
        assert_eq!((tally.passes, tally.forced_passes), (1, 1));
        assert_eq!((tally.captures, tally.pieces_sent_back), (1, 1));
        assert_eq!((tally.throws, tally.moves, tally.turns), (2, 2, 3));
    }

    /// Where a captured piece goes back onto its first square instead of waiting (Pachih), the
    /// capture still counts, and a piece setting out from that square is no capture.
    #[test]
    fn a_capture_that_sends_a_piece_back_onto_the_board_counts() {
        let rules = pachisi_core::builtin_rules("pachih", &[]).expect("built-in");
        // Yellow's progress 30 is Green's 13.
        let mut pos = Position::from_notation(
            &rules,
            "27,1,1,1/13,1,1,1/1,1,1,1/1,1,1,1 Yt - entered=YGBR",
        )
        .expect("valid position");
        let mut tally = GameTally::new(&rules, &pos);
        step(&rules, &mut pos, &mut tally, 3, "27+3");
        assert_eq!((tally.captures, tally.pieces_sent_back), (1, 1));
        assert_eq!(pos.to_move(), 1);
        step(&rules, &mut pos, &mut tally, 2, "1+2");
        assert_eq!((tally.captures, tally.pieces_sent_back), (1, 1));
    }

    /// A piece brought in onto an opponent standing on the entry square captures it: one piece
    /// out of the start and one back in the same move, counted as the capture it is.
    #[test]
    fn a_tally_counts_a_capture_by_an_entering_piece() {
        let rules = pachisi_core::builtin_rules("maedn", &[]).expect("built-in");
        // Blue's piece at its progress 31 stands on Red's start field.
        let mut pos =
            Position::from_notation(&rules, "10,0,0,0/31,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=RB")
                .expect("valid position");
        let mut tally = GameTally::new(&rules, &pos);
        step(&rules, &mut pos, &mut tally, 6, "E6");
        assert_eq!(pos.pieces_of(1), [0, 0, 0, 0]);
        assert_eq!((tally.captures, tally.pieces_sent_back), (1, 1));
        // The next throw counts from the new number of waiting pieces.
        step(&rules, &mut pos, &mut tally, 2, "1+2");
        assert_eq!((tally.captures, tally.pieces_sent_back), (1, 1));
    }

    #[test]
    fn wilson_intervals_match_published_values() {
        // 81 of 263 (Newcombe 1998, table I, example 1): 0.2553 to 0.3662 by the Wilson method.
        let p = Proportion::of(81, 263);
        assert!((p.low - 0.2553).abs() < 5e-4, "{p:?}");
        assert!((p.high - 0.3662).abs() < 5e-4, "{p:?}");
        // 0 of 10: the interval still has width (0 to 0.2775).
        let z = Proportion::of(0, 10);
        assert_eq!(z.low, 0.0);
        assert!((z.high - 0.2775).abs() < 5e-4, "{z:?}");
    }
}
