//! Who begins: the throw-off before the game ([`FirstSeat::HighestThrow`]). "At the beginning
//! of the game each player throws shells to determine who plays first. Of course first to move
//! is a player who's got a highest value" (000); "The player who gets the highest number on
//! their dice or seashells compared to the opponents starts the game" (001); "Each player throw
//! the dice. Highest total goes first" (003, SR, MB, TR); "The playing order is decided by each
//! player throwing the cowries. The player with the highest score starts" (004).
//!
//! Readings, as no document says more: a throw counts by its value in squares (for two separate
//! dice, their total); the seats tied for the highest throw again, in seat order, the others
//! stay out; and after [`ThrowOff::MAX_ROUNDS`] tied rounds (a chance far below one in 10^30)
//! the first of the tied seats begins, so that a throw-off always ends. Like every throw of the
//! engine, the throw-off's throws are chosen by the caller: it is as deterministic as the rest.
//!
//! A record keeps the throw-off in its `Opening` tag (`Y 25, G 10, B 25, R 2; Y 6, B 10`: the
//! rounds, each seat's letter and throw), from which the seat to begin follows.
//!
//! [`FirstSeat::HighestThrow`]: crate::ruleset::FirstSeat::HighestThrow

use crate::{Position, Rules, Throw, ThrowName};

/// A throw-off: its rounds of throws and the seat that begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowOff {
    rounds: Vec<Vec<(u8, Throw)>>,
    first: u8,
}

impl ThrowOff {
    /// Rounds thrown at most; then the first of the seats still tied begins.
    pub const MAX_ROUNDS: usize = 64;

    /// Plays a throw-off: every seat throws (`throw` gives each throw, in seat order), then the
    /// seats tied for the highest throw again, until one is highest.
    pub fn play(rules: &Rules, mut throw: impl FnMut() -> Throw) -> ThrowOff {
        let mut steps = ThrowOffSteps::new(rules);
        loop {
            if let Some(done) = steps.throw(rules, throw()) {
                return done;
            }
        }
    }

    /// The throw-off, played as [`ThrowOff::play`] plays it, if the rules decide who begins by
    /// one (`turn.first = "highest-throw"`); `None` (and no throw drawn) otherwise.
    pub fn if_the_rules_ask(rules: &Rules, throw: impl FnMut() -> Throw) -> Option<ThrowOff> {
        (rules.ruleset().turn.first == crate::ruleset::FirstSeat::HighestThrow)
            .then(|| ThrowOff::play(rules, throw))
    }

    /// The seat that begins.
    pub fn first(&self) -> u8 {
        self.first
    }

    /// The rounds: in each, the seats that threw, in seat order, with their throws.
    pub fn rounds(&self) -> &[Vec<(u8, Throw)>] {
        &self.rounds
    }

    /// The starting position, the winner of the throw-off to throw.
    pub fn start(&self, rules: &Rules) -> Position {
        Position::starting_with(rules, self.first)
    }

    /// The throw-off as a record's `Opening` tag keeps it: `Y 25, G 10, B 25, R 2; Y 6, B 10`.
    pub fn to_text(&self, rules: &Rules) -> String {
        self.rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|&(s, t)| format!("{} {}", rules.seat_letter(s), rules.outcome(t).name))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The throw-off in words: `throw-off: Y 25, G 10, B 25, R 2; Y 6, B 10: yellow begins`.
    pub fn describe(&self, rules: &Rules) -> String {
        format!(
            "throw-off: {}: {} begins",
            self.to_text(rules),
            rules.seat_colour(self.first)
        )
    }

    /// Reads an `Opening` tag and checks that it is a throw-off of these rules: every seat in
    /// the first round, then exactly the seats tied for the highest, each in seat order, until
    /// one is highest (or the rounds run out).
    ///
    /// # Errors
    /// When a throw or seat letter is unknown, or the rounds are not those of a throw-off.
    pub fn parse(rules: &Rules, text: &str) -> Result<ThrowOff, String> {
        let mut rounds = Vec::new();
        for part in text.split(';') {
            let mut round = Vec::new();
            for entry in part.split(',') {
                let entry = entry.trim();
                let (letter, name) = entry.split_once(' ').ok_or_else(|| {
                    format!(
                        "`{entry}` is not a seat's throw (write its letter and throw, e.g. `Y 25`)"
                    )
                })?;
                let seat = letter
                    .chars()
                    .next()
                    .filter(|_| letter.chars().count() == 1)
                    .and_then(|c| rules.seat_by_letter(c))
                    .ok_or_else(|| format!("`{letter}` is not a seat's letter here"))?;
                let name: ThrowName = name.trim().parse().map_err(|e| format!("{e}"))?;
                let throw = rules.throw_named(name).map_err(|e| e.to_string())?;
                round.push((seat, throw));
            }
            rounds.push(round);
        }
        let mut contenders: Vec<u8> = (0..rules.seats()).collect();
        for (i, round) in rounds.iter().enumerate() {
            let seats: Vec<u8> = round.iter().map(|&(s, _)| s).collect();
            if seats != contenders {
                return Err(format!(
                    "round {} of the throw-off should be thrown by {}",
                    i + 1,
                    letters(rules, &contenders)
                ));
            }
            if contenders.len() == 1 {
                return Err(format!("the throw-off was decided before round {}", i + 1));
            }
            contenders = highest(rules, round);
        }
        if contenders.len() > 1 && rounds.len() < Self::MAX_ROUNDS {
            return Err(format!(
                "the throw-off is not decided: {} are tied and throw again",
                letters(rules, &contenders)
            ));
        }
        Ok(ThrowOff {
            rounds,
            first: contenders.first().copied().unwrap_or(0),
        })
    }
}

/// A throw-off thrown one throw at a time, for callers that make each throw a chance node of
/// its own (the Python package's states): [`ThrowOffSteps::seat`] throws next, and
/// [`ThrowOffSteps::throw`] gives the [`ThrowOff`] once it is decided. [`ThrowOff::play`] is this
/// loop with the throws from a closure.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ThrowOffSteps {
    rounds: Vec<Vec<(u8, Throw)>>,
    contenders: Vec<u8>,
    round: Vec<(u8, Throw)>,
}

impl ThrowOffSteps {
    /// A throw-off about to begin: every seat throws, in seat order.
    pub fn new(rules: &Rules) -> ThrowOffSteps {
        ThrowOffSteps {
            rounds: Vec::new(),
            contenders: (0..rules.seats()).collect(),
            round: Vec::new(),
        }
    }

    /// The seat to throw next.
    pub fn seat(&self) -> u8 {
        self.contenders
            .get(self.round.len())
            .copied()
            .unwrap_or_default()
    }

    /// The throws made so far, in order.
    pub fn throws(&self) -> impl Iterator<Item = (u8, Throw)> + '_ {
        self.rounds.iter().flatten().chain(&self.round).copied()
    }

    /// The next seat's throw; the throw-off once it is decided (a round without a tie for the
    /// highest throw, or the last of [`ThrowOff::MAX_ROUNDS`]), after which these steps are
    /// spent and begin no new round.
    pub fn throw(&mut self, rules: &Rules, throw: Throw) -> Option<ThrowOff> {
        self.round.push((self.seat(), throw));
        if self.round.len() < self.contenders.len() {
            return None;
        }
        let round = std::mem::take(&mut self.round);
        self.contenders = highest(rules, &round);
        self.rounds.push(round);
        (self.contenders.len() == 1 || self.rounds.len() >= ThrowOff::MAX_ROUNDS).then(|| {
            ThrowOff {
                rounds: self.rounds.clone(),
                first: self.contenders.first().copied().unwrap_or(0),
            }
        })
    }
}

/// The seats of `round` with its highest throw, in seat order.
fn highest(rules: &Rules, round: &[(u8, Throw)]) -> Vec<u8> {
    let best = round
        .iter()
        .map(|&(_, t)| rules.outcome(t).value)
        .max()
        .unwrap_or(0);
    round
        .iter()
        .filter(|&&(_, t)| rules.outcome(t).value == best)
        .map(|&(s, _)| s)
        .collect()
}

fn letters(rules: &Rules, seats: &[u8]) -> String {
    seats
        .iter()
        .map(|&s| rules.seat_letter(s).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_rules;

    #[test]
    fn a_throw_off_is_played_only_where_the_rules_ask_for_one() {
        let drawn = std::cell::Cell::new(0u32);
        let draw = || {
            drawn.set(drawn.get() + 1);
            Throw((drawn.get() % 3) as u8)
        };
        let ludo = builtin_rules("ludo", &[]).expect("built-in");
        assert!(ThrowOff::if_the_rules_ask(&ludo, draw).is_none());
        assert_eq!(drawn.get(), 0, "nothing drawn where the first seat begins");
        let herklots = builtin_rules("herklots-1832", &[]).expect("built-in");
        let off = ThrowOff::if_the_rules_ask(&herklots, draw).expect("a throw-off");
        assert!(drawn.get() >= 4, "every seat threw: {}", drawn.get());
        assert!(off.first() < herklots.seats());
    }

    #[test]
    fn steps_name_the_seat_to_throw_and_end_where_the_throw_off_is_decided() {
        let rules = builtin_rules("humphries-1904", &[]).expect("ruleset");
        let named = ["25", "2", "25", "3", "4", "10"];
        let throws: Vec<Throw> = named
            .iter()
            .map(|n| rules.throw_named(n.parse().expect("name")).expect("throw"))
            .collect();
        let mut steps = ThrowOffSteps::new(&rules);
        let mut seats = Vec::new();
        let mut decided = None;
        for (i, &t) in throws.iter().enumerate() {
            seats.push(steps.seat());
            assert_eq!(steps.throws().count(), i);
            decided = steps.throw(&rules, t);
            assert_eq!(decided.is_some(), i == throws.len() - 1, "throw {i}");
        }
        // Every seat, then the two tied for 25 (seats 0 and 2) again.
        assert_eq!(seats, [0, 1, 2, 3, 0, 2]);
        let mut next = throws.iter().copied();
        let played = ThrowOff::play(&rules, || next.next().expect("enough throws"));
        assert_eq!(decided, Some(played));
    }
}
