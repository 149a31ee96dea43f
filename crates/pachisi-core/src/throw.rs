//! Throw devices and their outcomes, with exact probabilities.
//!
//! A device is either a handful of cowrie shells (the outcome is how many fall mouth up) or a few
//! dice (the outcome is their total, or, where each die counts on its own as in Parcheesi, the pair
//! of numbers shown). The ruleset maps every outcome to an [`Outcome`]: how many
//! squares it is worth, whether it is a grace (may introduce a piece) and whether it earns another
//! throw, and every thrown value to what it counts for (`ValueFlags`: a grace, a first entry,
//! another throw, a bonus step, an opening, a streak group). The engine never draws random numbers
//! itself: callers pick an outcome, by chance or by hand, and [`crate::Position::apply_throw`]
//! applies it.

use std::fmt;
use std::str::FromStr;

/// How a throw is written: by its value (`25`), or, where dice count separately, by the numbers
/// shown, the largest first (`5-3`; Chaupar's three long dice `6-5-2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ThrowName {
    /// The value, or the largest die.
    pub first: u8,
    /// The next die, for a throw of separate dice.
    pub second: Option<u8>,
    /// The smallest die, for a throw of three separate dice.
    pub third: Option<u8>,
}

impl ThrowName {
    /// A throw named by its value.
    pub fn value(value: u8) -> ThrowName {
        ThrowName {
            first: value,
            second: None,
            third: None,
        }
    }

    /// A throw of two separate dice, in either order.
    pub fn dice(a: u8, b: u8) -> ThrowName {
        ThrowName {
            first: a.max(b),
            second: Some(a.min(b)),
            third: None,
        }
    }

    /// A throw of two or three separate dice, in any order (one number names a throw by its
    /// value).
    pub fn of_dice(dice: &[u8]) -> ThrowName {
        let mut sorted = [0u8; 3];
        let n = dice.len().min(3);
        sorted[..n].copy_from_slice(&dice[..n]);
        sorted[..n].sort_unstable_by(|a, b| b.cmp(a));
        ThrowName {
            first: sorted[0],
            second: (n > 1).then_some(sorted[1]),
            third: (n > 2).then_some(sorted[2]),
        }
    }
}

impl fmt::Display for ThrowName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.first)?;
        for die in [self.second, self.third].into_iter().flatten() {
            write!(f, "-{die}")?;
        }
        Ok(())
    }
}

/// A throw name that is no outcome of the rules, with the names that are.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no throw is written {name} under these rules; the throws are {known}")]
pub struct UnknownThrowName {
    /// The name given.
    pub name: ThrowName,
    /// Every throw of the rules, as written, separated by commas.
    pub known: String,
}

/// Why a throw name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad throw `{0}`: expected a value such as 25, or dice such as 5-3 or 6-5-2")]
pub struct ParseThrowError(pub String);

impl FromStr for ThrowName {
    type Err = ParseThrowError;

    fn from_str(text: &str) -> Result<ThrowName, ParseThrowError> {
        let fail = || ParseThrowError(text.to_string());
        let number = |t: &str| {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(fail());
            }
            t.parse::<u8>().map_err(|_| fail())
        };
        let parts: Vec<&str> = text.split('-').collect();
        if parts.len() > 3 {
            return Err(fail());
        }
        let mut dice = [0u8; 3];
        for (slot, part) in dice.iter_mut().zip(&parts) {
            *slot = number(part)?;
        }
        Ok(ThrowName::of_dice(&dice[..parts.len()]))
    }
}

/// One possible result of a throw, as the ruleset reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// What the device shows: the number of shells mouth up, or the dice total.
    pub result: u8,
    /// The throw's value in squares (for separate dice, their total).
    pub value: u8,
    /// How the throw is written.
    pub name: ThrowName,
    /// The numbers of separate dice, largest first (`[0, 0, 0]` unless each die counts on its
    /// own; the third 0 with two dice).
    pub dice: [u8; 3],
    /// Whether the throw is a doublet: two separate dice alike, or, with one die and
    /// `doubles.enabled`, its highest face (003's one-die version adapts the doubles rules to 6).
    pub doublet: bool,
    /// Whether the throw is a grace, which may introduce a piece from the Charkoni.
    pub grace: bool,
    /// Whether the throw earns another throw.
    pub extra_throw: bool,
    /// The exact probability of this outcome.
    pub probability: f64,
}

/// An index into [`crate::Rules::outcomes`]: a throw as the engine applies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Throw(pub u8);

/// What a thrown value counts for under the rules, compiled once with them
/// ([`crate::Rules`] keeps one for every value) and looked up by value on the hot path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ValueFlags {
    pub grace: bool,
    pub extra_throw: bool,
    pub first_entry: bool,
    pub needs_piece_on_board: bool,
    pub bonus_step: bool,
    pub opening: bool,
    /// The representative of the value's streak group (the value itself if it has none).
    pub streak_group: u8,
}

/// The distribution of raw results of a device: `(result, probability)` for every result that can
/// occur, in increasing order of result.
pub(crate) fn cowrie_distribution(shells: u8, p_up: f64) -> Vec<(u8, f64)> {
    let n = i32::from(shells);
    (0..=shells)
        .map(|k| {
            let k_i = i32::from(k);
            let ways = binomial(u64::from(shells), u64::from(k)) as f64;
            (k, ways * p_up.powi(k_i) * (1.0 - p_up).powi(n - k_i))
        })
        .collect()
}

/// The distribution of the total of `count` dice with the given faces (each face equally likely).
pub(crate) fn dice_distribution(count: u8, faces: &[u8]) -> Vec<(u8, f64)> {
    // ways[t] = number of face sequences totalling t.
    let max_total = usize::from(count) * usize::from(faces.iter().copied().max().unwrap_or(0));
    let mut ways = vec![0u64; max_total + 1];
    ways[0] = 1;
    for _ in 0..count {
        let mut next = vec![0u64; max_total + 1];
        for (total, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            for &face in faces {
                if let Some(slot) = next.get_mut(total + usize::from(face)) {
                    *slot += w;
                }
            }
        }
        ways = next;
    }
    let all = (faces.len() as f64).powi(i32::from(count));
    ways.iter()
        .enumerate()
        .filter(|(_, &w)| w > 0)
        .filter_map(|(t, &w)| u8::try_from(t).ok().map(|t| (t, w as f64 / all)))
        .collect()
}

/// The throws of `count` (two or three) separate dice: every unordered set of numbers, largest
/// first (0 in the slots past `count`), with its probability, in increasing order of the largest
/// die, then of the next.
pub(crate) fn dice_sets(faces: &[u8], count: u8) -> Vec<([u8; 3], f64)> {
    let mut sorted = faces.to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    let all = (n as f64).powi(i32::from(count));
    let mut out = Vec::new();
    for i in 0..n {
        for j in 0..=i {
            if count == 2 {
                let ways = if i == j { 1.0 } else { 2.0 };
                out.push(([sorted[i], sorted[j], 0], ways / all));
                continue;
            }
            for k in 0..=j {
                // Orders of three numbers: 1 if all alike, 3 if two are, 6 if none.
                let ways = match (i == j, j == k) {
                    (true, true) => 1.0,
                    (true, false) | (false, true) => 3.0,
                    (false, false) => 6.0,
                };
                out.push(([sorted[i], sorted[j], sorted[k]], ways / all));
            }
        }
    }
    out
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_fair_cowries_follow_the_binomial_distribution() {
        let d = cowrie_distribution(6, 0.5);
        let expected = [1.0, 6.0, 15.0, 20.0, 15.0, 6.0, 1.0];
        for ((k, p), e) in d.iter().zip(expected) {
            assert_eq!(*p, e / 64.0, "{k} mouths up");
        }
    }

    #[test]
    fn biased_cowries_still_sum_to_one() {
        let total: f64 = cowrie_distribution(7, 0.37).iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn two_dice_total_seven_one_time_in_six() {
        let d = dice_distribution(2, &[1, 2, 3, 4, 5, 6]);
        assert_eq!(d.len(), 11);
        assert_eq!(
            d.iter().find(|(t, _)| *t == 7).map(|x| x.1),
            Some(6.0 / 36.0)
        );
    }

    #[test]
    fn two_separate_dice_have_21_throws_summing_to_one() {
        let pairs = dice_sets(&[1, 2, 3, 4, 5, 6], 2);
        assert_eq!(pairs.len(), 21);
        let total: f64 = pairs.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(
            pairs.iter().find(|(d, _)| *d == [5, 3, 0]).map(|x| x.1),
            Some(2.0 / 36.0)
        );
        assert_eq!(
            pairs.iter().find(|(d, _)| *d == [5, 5, 0]).map(|x| x.1),
            Some(1.0 / 36.0)
        );
    }

    /// Chaupar's three long dice (Abu'l Fazl 1590): 4 x 4 x 4 = 64 ways make 20 throws, a
    /// triple once in 64, two alike 3 times, three different 6 times.
    #[test]
    fn three_separate_long_dice_have_20_throws_by_their_orders() {
        let sets = dice_sets(&[1, 2, 5, 6], 3);
        assert_eq!(sets.len(), 20);
        let total: f64 = sets.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        let p = |d: [u8; 3]| sets.iter().find(|(s, _)| *s == d).map(|x| x.1);
        assert_eq!(p([6, 6, 6]), Some(1.0 / 64.0));
        assert_eq!(p([6, 6, 1]), Some(3.0 / 64.0));
        assert_eq!(p([6, 5, 2]), Some(6.0 / 64.0));
        assert_eq!(p([2, 5, 6]), None, "largest first");
    }

    #[test]
    fn throw_names_round_trip() {
        for text in ["25", "5-3", "6-6", "6-5-2", "2-2-1"] {
            let name: ThrowName = text.parse().expect(text);
            assert_eq!(name.to_string(), text);
        }
        assert_eq!("3-5".parse(), Ok(ThrowName::dice(5, 3)));
        assert_eq!("2-6-5".parse(), Ok(ThrowName::of_dice(&[6, 5, 2])));
        for bad in ["", "-", "5-", "x", "300", "5-3-1-1", "+5", "6--2"] {
            assert!(bad.parse::<ThrowName>().is_err(), "{bad}");
        }
    }

    #[test]
    fn three_long_dice_have_twenty_totals() {
        // Long dice (pasa) show 1, 2, 5 or 6.
        let d = dice_distribution(3, &[1, 2, 5, 6]);
        let total: f64 = d.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(d.first().map(|x| x.0), Some(3));
        assert_eq!(d.last().map(|x| x.0), Some(18));
    }
}
