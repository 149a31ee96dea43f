//! Drawing a throw from random bits: exactly, and with as few bits as the device needs.
//!
//! The engine draws no random numbers itself; a caller that does (a simulation, a bot's playouts)
//! hands it a [`RandomBits`] source and [`Rules::draw_throw`](crate::Rules::draw_throw) turns its bits into a throw with the
//! rules' exact probabilities. How depends on the device, chosen once when the rules are compiled:
//!
//! - **fair shells** (`p_up = 0.5`): one random bit per shell, and the number of mouths up is the
//!   number of bits set: six cowries cost six bits, so one 64-bit word holds ten throws. Up to
//!   eight shells, the throw of every pattern of bits is kept in a table, which spares counting
//!   them (without a population-count instruction, a dozen operations);
//! - **dice** (and separate dice): every combination of faces is equally likely, so a uniform
//!   number below the number of combinations (Lemire's multiply-and-shift, no division but in its
//!   rare rejection) indexes a table of throws: a six-sided die or two take one draw;
//! - **anything else** (biased shells, devices with too many combinations for a table): the
//!   running sums of the probabilities as 64-bit integer thresholds, and the throw is the number
//!   of thresholds a random 64-bit word reaches, counted without a branch.
//!
//! The first two are exact: a table is only used after checking that it gives every outcome
//! exactly the probability the rules give it (a device whose faces repeat, for instance, falls
//! back to thresholds). Thresholds are the probabilities rounded to 2⁻⁶⁴, finer than the `f64`
//! the probabilities are held in.

use crate::throw::{Outcome, Throw, ThrowName};

/// A source of uniformly random bits, as [`Rules::draw_throw`](crate::Rules::draw_throw) and the
/// random players of a simulation consume them.
pub trait RandomBits {
    /// `n` uniformly random bits (`1 <= n <= 32`) in the low bits of the result.
    fn bits(&mut self, n: u32) -> u32;

    /// 64 uniformly random bits.
    fn word(&mut self) -> u64;

    /// A uniformly random number in `0..n`; 0 when `n` is 0 or 1 (which needs no bits).
    ///
    /// Lemire's method: the high half of a 32-bit random number (the top of a fresh word, which
    /// spares a buffer's bookkeeping and its unpredictable refill) times `n`, redrawn in the rare
    /// case that the low half falls below `2³² mod n`, which makes every result equally likely.
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let mut m = (self.word() >> 32) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = (self.word() >> 32) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }
}

/// The most entries of a table of equally likely combinations ([`Sampling::Table`]).
const MAX_TABLE: usize = 4096;

/// How a device's throws are drawn; see the module documentation.
#[derive(Clone, Debug, PartialEq)]
// One `Sampling` per `Rules`: its size does not matter, and a table kept inline spares a pointer
// to follow on every throw.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Sampling {
    /// `shells` fair shells: the throw is `by_count[number of set bits among shells bits]`.
    FairShells {
        /// Bits per throw.
        shells: u32,
        /// The throw for each number of shells mouth up.
        by_count: [Throw; 33],
    },
    /// Up to eight fair shells, as [`Sampling::FairShells`] draws them: the throw for every
    /// pattern of the `shells` bits, so that no bits need counting (without a population-count
    /// instruction, counting them costs a dozen).
    FewFairShells {
        /// Bits per throw.
        shells: u32,
        /// The throw for each pattern of bits (`by_count` of its number of set bits).
        by_pattern: [Throw; 256],
    },
    /// Equally likely combinations: the throw is `table[uniform number below table.len()]`.
    Table(Box<[Throw]>),
    /// The running sums of the probabilities scaled to 2⁶⁴ (the last left out): the throw is the
    /// number of them at or below a random 64-bit word.
    Thresholds(Box<[u64]>),
}

/// The throws of a few fair shells (up to eight) by the pattern of their random bits:
/// what [`crate::Rules::shell_patterns`] hands to a loop that draws many throws, so that it need
/// not ask at every throw which way the device is drawn. It draws exactly as
/// [`crate::Rules::draw_throw`] does.
#[derive(Clone, Copy, Debug)]
pub struct ShellPatterns<'a> {
    /// Bits per throw (at most eight).
    shells: u32,
    by_pattern: &'a [Throw; 256],
}

impl ShellPatterns<'_> {
    /// One throw from `bits`.
    #[inline(always)]
    pub fn draw<R: RandomBits + ?Sized>(&self, bits: &mut R) -> Throw {
        // The bits are fewer than nine: the mask only spares the bounds check.
        self.by_pattern[(bits.bits(self.shells) & 0xFF) as usize]
    }
}

impl Sampling {
    /// The cheapest exact way to draw the `outcomes` of a device: `shells` fair shells
    /// (`fair_shells`), or `combinations` of equally likely faces, each leading to the outcome
    /// `combination` names; the thresholds of `cumulative` otherwise.
    pub(crate) fn new(
        outcomes: &[Outcome],
        cumulative: &[f64],
        fair_shells: Option<u8>,
        combinations: Option<Vec<Throw>>,
    ) -> Sampling {
        if let Some(shells) = fair_shells.filter(|&s| s <= 32) {
            let mut by_count = [Throw(0); 33];
            let mut ways = vec![0u64; outcomes.len()];
            let mut exact = true;
            for (k, slot) in by_count
                .iter_mut()
                .enumerate()
                .take(usize::from(shells) + 1)
            {
                match outcomes.iter().position(|o| usize::from(o.result) == k) {
                    Some(i) => {
                        *slot = Throw(i as u8);
                        ways[i] += binomial(u64::from(shells), k as u64);
                    }
                    None => exact = false,
                }
            }
            if exact && matches_exactly(outcomes, &ways, 1u64 << shells) && shells <= 8 {
                return Sampling::FewFairShells {
                    shells: u32::from(shells),
                    by_pattern: std::array::from_fn(|bits| by_count[bits.count_ones() as usize]),
                };
            }
            if exact && matches_exactly(outcomes, &ways, 1u64 << shells) {
                return Sampling::FairShells {
                    shells: u32::from(shells),
                    by_count,
                };
            }
        }
        if let Some(table) = combinations.filter(|t| !t.is_empty() && t.len() <= MAX_TABLE) {
            let mut ways = vec![0u64; outcomes.len()];
            for t in table.iter() {
                if let Some(w) = ways.get_mut(usize::from(t.0)) {
                    *w += 1;
                }
            }
            if matches_exactly(outcomes, &ways, table.len() as u64) {
                return Sampling::Table(table.into_boxed_slice());
            }
        }
        let last = cumulative.len().saturating_sub(1);
        Sampling::Thresholds(
            cumulative[..last]
                .iter()
                .map(|&c| scale_to_u64(c))
                .collect(),
        )
    }

    /// The throws by the pattern of their bits, under [`Sampling::FewFairShells`].
    pub(crate) fn shell_patterns(&self) -> Option<ShellPatterns<'_>> {
        match self {
            Sampling::FewFairShells { shells, by_pattern } => Some(ShellPatterns {
                shells: *shells,
                by_pattern,
            }),
            _ => None,
        }
    }

    /// One throw from `bits`.
    // Always inlined: in random play a throw costs little more than the call.
    #[inline(always)]
    pub(crate) fn draw<R: RandomBits + ?Sized>(&self, bits: &mut R) -> Throw {
        match self {
            Sampling::FairShells { shells, by_count } => {
                by_count[bits.bits(*shells).count_ones() as usize]
            }
            Sampling::FewFairShells { shells, by_pattern } => ShellPatterns {
                shells: *shells,
                by_pattern,
            }
            .draw(bits),
            Sampling::Table(table) => table[bits.below(table.len() as u32) as usize],
            Sampling::Thresholds(thresholds) => {
                let word = bits.word();
                Throw(thresholds.iter().filter(|&&t| t <= word).count() as u8)
            }
        }
    }
}

/// Whether `ways[i] / all` is exactly outcome `i`'s probability for every outcome, as the
/// probabilities are computed (each a count over a power or product, rounded once).
fn matches_exactly(outcomes: &[Outcome], ways: &[u64], all: u64) -> bool {
    outcomes
        .iter()
        .zip(ways)
        .all(|(o, &w)| w > 0 && (o.probability - w as f64 / all as f64).abs() <= 1e-15)
}

/// `p` in `[0, 1]` as a fraction of 2⁶⁴ (1 saturating to the largest word).
fn scale_to_u64(p: f64) -> u64 {
    // 2⁶⁴ as an f64 is exact; the cast saturates at the top.
    (p * 18_446_744_073_709_551_616.0) as u64
}

/// Every combination of `count` dice with `faces` (each equally likely, the first die slowest), as
/// the throw it is: the outcome whose result is the total, or, where dice are known `by_name`
/// (separate dice, named pairs), the outcome written with those numbers. `None` when there are too many combinations for a table, or a combination is
/// no outcome.
pub(crate) fn dice_combinations(
    outcomes: &[Outcome],
    count: u8,
    faces: &[u8],
    by_name: bool,
) -> Option<Vec<Throw>> {
    let size = faces.len().checked_pow(u32::from(count))?;
    if size == 0 || size > MAX_TABLE {
        return None;
    }
    let mut table = Vec::with_capacity(size);
    for mut index in 0..size {
        let mut shown = [0u8; 4];
        for die in shown.iter_mut().take(usize::from(count)).rev() {
            *die = faces[index % faces.len()];
            index /= faces.len();
        }
        let shown = &shown[..usize::from(count)];
        let found = if by_name {
            if shown.len() > 3 {
                return None;
            }
            let name = ThrowName::of_dice(shown);
            outcomes.iter().position(|o| o.name == name)
        } else {
            let total: u16 = shown.iter().map(|&f| u16::from(f)).sum();
            outcomes.iter().position(|o| u16::from(o.result) == total)
        };
        table.push(Throw(u8::try_from(found?).ok()?));
    }
    Some(table)
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_rules;

    /// Bits from a fixed word sequence, to check what each device consumes.
    struct Fixed(Vec<u64>, usize);

    impl RandomBits for Fixed {
        fn bits(&mut self, n: u32) -> u32 {
            let w = self.word();
            (w & ((1u64 << n) - 1)) as u32
        }
        fn word(&mut self) -> u64 {
            let w = self.0[self.1 % self.0.len()];
            self.1 += 1;
            w
        }
    }

    #[test]
    fn fair_cowries_count_the_bits_set() {
        let rules = builtin_rules("pachisi", &[]).expect("built-in");
        assert!(matches!(
            rules.sampling(),
            Sampling::FewFairShells { shells: 6, .. }
        ));
        // Three of the six low bits set (the seventh and eighth are not read): three mouths up.
        let t = rules.draw_throw(&mut Fixed(vec![0b1010_1010], 0));
        assert_eq!(rules.outcomes()[usize::from(t.0)].result, 3);
        let t = rules.draw_throw(&mut Fixed(vec![0b11_1111], 0));
        assert_eq!(rules.outcomes()[usize::from(t.0)].result, 6);
    }

    #[test]
    fn dice_index_a_table_of_equally_likely_faces() {
        for (name, len) in [
            ("ludo", 6),
            ("parcheesi-sr", 36),
            ("humphries-1904-dice", 6),
            ("maedn", 6),
        ] {
            let rules = builtin_rules(name, &[]).expect("built-in");
            match rules.sampling() {
                Sampling::Table(t) => assert_eq!(t.len(), len, "{name}"),
                other => panic!("{name}: {other:?}"),
            }
        }
    }

    #[test]
    fn biased_shells_use_thresholds() {
        let rules = builtin_rules("pachisi", &["throw.p_up=0.4".into()]).expect("valid");
        assert!(matches!(rules.sampling(), Sampling::Thresholds(_)));
        // The smallest word is the first outcome, the largest the last.
        assert_eq!(rules.draw_throw(&mut Fixed(vec![0], 0)), Throw(0));
        let last = rules.outcomes().len() - 1;
        assert_eq!(
            rules.draw_throw(&mut Fixed(vec![u64::MAX], 0)),
            Throw(last as u8)
        );
    }

    #[test]
    fn a_die_with_a_repeated_face_is_a_weighted_die() {
        // One die with a repeated face is a weighted die: its table is exact.
        let rules = builtin_rules("ludo", &["throw.faces=[1,1,2,3,4,6]".into()]).expect("valid");
        assert!(matches!(rules.sampling(), Sampling::Table(t) if t.len() == 6));
        // Separate dice are named by the pair shown: a repeated face is refused.
        let err = builtin_rules("parcheesi-pb", &["throw.faces=[1,1,2,3,4,5]".into()]);
        assert!(err.is_err());
    }

    #[test]
    fn thresholds_serve_a_device_too_large_for_a_table() {
        // Four dice of twenty faces: 160,000 combinations.
        let faces: Vec<String> = (1..=20).map(|f| f.to_string()).collect();
        let set = [
            "throw.dice=4".to_string(),
            format!("throw.faces=[{}]", faces.join(",")),
        ];
        let rules = builtin_rules("humphries-1904-dice", &set).expect("valid");
        assert!(matches!(rules.sampling(), Sampling::Thresholds(_)));
    }

    #[test]
    fn lemire_below_is_uniform_and_bounded() {
        let mut source = Fixed(
            (0..997u64)
                .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
                .collect(),
            0,
        );
        let mut counts = [0u32; 6];
        for _ in 0..6000 {
            let v = source.below(6);
            counts[v as usize] += 1;
        }
        assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
        assert_eq!(source.below(1), 0);
        assert_eq!(source.below(0), 0);
    }
}
