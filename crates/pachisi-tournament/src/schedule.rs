//! Who plays where and with which throws: pairings, seatings, deals and seeds.
//!
//! A pairing's two bots are its *sides*: side 0 is the bot listed first, side 1 the other. A
//! *seating* gives the side of every seat for one game. Seatings are built team by team, so the
//! seats of a team always belong to the same side:
//!
//! - with exactly two teams (Pachisi's partners, or any two-seat game) each side takes one team,
//!   and the two seatings are the teams as listed and the teams swapped;
//! - with more teams (every seat alone, as in Ludo or Parcheesi) the sides alternate around the
//!   table (team `t` plays for side `t % 2`), and the pattern is rotated by every offset and each
//!   rotation also swapped, so that with an odd number of teams each side holds the extra seat
//!   equally often. With an even number of teams the rotations repeat the first two seatings, so
//!   there are two; with three teams there are six.
//!
//! A *deal* is a seed for the throws. Every seating of a pairing plays every deal, all of its
//! games drawing their throws from the same [`SeededThrows`](pachisi_sim::SeededThrows) stream,
//! so both bots meet the same luck from both sides of the board.

use crate::TournamentError;
use pachisi_core::Rules;
use pachisi_sim::game_seed;
use serde::{Deserialize, Serialize};

/// How a pairing's two bots share the seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeatingMethod {
    /// The ruleset has two teams: each bot plays every seat of one team.
    Teams,
    /// The ruleset has more than two teams: the bots alternate around the table, and a side wins
    /// when any of its teams does.
    Alternating,
}

/// The games every deal of a pairing is played as.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seatings {
    /// How the seats are shared.
    pub method: SeatingMethod,
    /// For each game of a deal, the side of every seat (0: the pairing's first bot, 1: its
    /// second).
    pub games: Vec<Vec<u8>>,
}

impl Seatings {
    /// The seatings for a ruleset (see the module documentation).
    ///
    /// # Errors
    /// When the ruleset has fewer than two teams, so that two bots cannot both play.
    pub fn for_rules(rules: &Rules) -> Result<Seatings, TournamentError> {
        let teams = rules.teams();
        if teams < 2 {
            return Err(TournamentError::OneTeam);
        }
        let method = if teams == 2 {
            SeatingMethod::Teams
        } else {
            SeatingMethod::Alternating
        };
        let mut games: Vec<Vec<u8>> = Vec::new();
        for offset in 0..teams {
            for swap in 0..2u8 {
                let sides: Vec<u8> = (0..rules.seats())
                    .map(|seat| (((rules.team_of(seat) + offset) % teams) % 2) ^ swap)
                    .collect();
                if !games.contains(&sides) {
                    games.push(sides);
                }
            }
        }
        Ok(Seatings { method, games })
    }

    /// Games in one deal.
    pub fn per_deal(&self) -> u64 {
        self.games.len() as u64
    }
}

/// Which bots of a tournament play each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pairs {
    /// Every bot plays every other: `n (n - 1) / 2` pairings.
    #[default]
    Every,
    /// A ladder: each bot plays only the next one, `n - 1` pairings. Each step of a strength
    /// ladder (random < heuristic < ...) is measured with every game spent on it, and the
    /// ratings still join up through the chain.
    Ladder,
}

impl Pairs {
    /// The pairings of `bots` bots, `(i, j)` with `i < j`, in order.
    pub fn of(self, bots: usize) -> Vec<(usize, usize)> {
        match self {
            Pairs::Every => (0..bots)
                .flat_map(|i| (i + 1..bots).map(move |j| (i, j)))
                .collect(),
            Pairs::Ladder => (1..bots).map(|j| (j - 1, j)).collect(),
        }
    }
}

/// Whole deals needed for at least `games` games when a deal is `per_deal` games.
pub fn deals_for(games: u64, per_deal: u64) -> u64 {
    games.div_ceil(per_deal.max(1))
}

/// The throw seed of deal `deal` of pairing `pairing` in a tournament with seed `master`.
pub fn deal_seed(master: u64, pairing: usize, deal: u64) -> u64 {
    game_seed(game_seed(master, pairing as u64), deal)
}

/// Keeps the bots' seeds apart from the throw seed they are derived from.
const BOT_SALT: u64 = 0x0B07_5EED_0F5E_A7ED;

/// The seed of the bot in `seat` in a game of the deal with throw seed `deal_seed`. It depends on
/// the seat and not on the bot, so a seat's chance choices are the same in every game of a deal.
pub fn bot_seed(deal_seed: u64, seat: u8) -> u64 {
    game_seed(deal_seed ^ BOT_SALT, u64::from(seat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::builtin_rules;

    fn seatings(name: &str) -> Seatings {
        let rules = builtin_rules(name, &[]).expect("built-in ruleset");
        Seatings::for_rules(&rules).expect("two teams or more")
    }

    #[test]
    fn partners_play_as_teams_and_swap() {
        let s = seatings("pachisi");
        assert_eq!(s.method, SeatingMethod::Teams);
        assert_eq!(s.games, [vec![0, 1, 0, 1], vec![1, 0, 1, 0]]);
    }

    #[test]
    fn a_two_seat_game_gives_each_bot_one_seat() {
        let s = seatings("herklots-1832-two-player");
        assert_eq!(s.method, SeatingMethod::Teams);
        assert_eq!(s.games, [vec![0, 1], vec![1, 0]]);
    }

    #[test]
    fn four_players_alone_alternate_around_the_table() {
        for name in ["ludo", "parcheesi-sr"] {
            let s = seatings(name);
            assert_eq!(s.method, SeatingMethod::Alternating);
            assert_eq!(s.games, [vec![0, 1, 0, 1], vec![1, 0, 1, 0]], "{name}");
        }
    }

    #[test]
    fn three_players_rotate_so_each_side_holds_the_extra_seat_equally_often() {
        let s = seatings("pachisi-3-players");
        assert_eq!(s.games.len(), 6);
        for seat in 0..3 {
            let first = s.games.iter().filter(|g| g[seat] == 0).count();
            assert_eq!(first, 3, "seat {seat}");
        }
        let two_seats = |side: u8| {
            s.games
                .iter()
                .filter(|g| g.iter().filter(|&&x| x == side).count() == 2)
                .count()
        };
        assert_eq!((two_seats(0), two_seats(1)), (3, 3));
        assert_eq!(s.games[1], [1, 0, 1], "the second game swaps the first");
    }

    #[test]
    fn every_pairing_is_listed_once() {
        assert_eq!(Pairs::Every.of(3), [(0, 1), (0, 2), (1, 2)]);
        assert_eq!(Pairs::Every.of(4).len(), 6);
        assert!(Pairs::Every.of(1).is_empty());
    }

    #[test]
    fn a_ladder_pairs_each_bot_with_the_next() {
        assert_eq!(Pairs::Ladder.of(4), [(0, 1), (1, 2), (2, 3)]);
        assert_eq!(Pairs::Ladder.of(2), Pairs::Every.of(2));
        assert!(Pairs::Ladder.of(1).is_empty());
    }

    #[test]
    fn games_round_up_to_whole_deals() {
        assert_eq!(deals_for(8, 2), 4);
        assert_eq!(deals_for(7, 2), 4);
        assert_eq!(deals_for(1, 6), 1);
        assert_eq!(deals_for(13, 6), 3);
    }

    #[test]
    fn deals_and_seats_get_distinct_seeds() {
        assert_ne!(deal_seed(1, 0, 0), deal_seed(1, 0, 1));
        assert_ne!(deal_seed(1, 0, 0), deal_seed(1, 1, 0));
        assert_ne!(deal_seed(1, 0, 0), deal_seed(2, 0, 0));
        let d = deal_seed(1, 0, 0);
        assert_ne!(bot_seed(d, 0), bot_seed(d, 1));
        assert_ne!(bot_seed(d, 0), d);
    }
}
