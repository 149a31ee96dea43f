//! Estimates from repeated trials: a mean of per-trial results (a win 1, anything else 0, a
//! paired difference of two such results, or a loss of winning chance) with its standard error
//! and a normal 95% interval, from independent results or from results stratified by their first
//! throw. Rollouts ([`crate::rollout`]) and the measure of bots against the exact endgame values
//! ([`crate::endgame::measure`]) both report theirs with it.
//!
//! The interval is the normal one with the sample variance, not Wilson's: rollouts with common
//! throws and stratified first throws are not independent Bernoulli trials, and their variance is
//! smaller than p(1-p)/N by exactly what the variance reduction gains; only the sample variance
//! (within strata) sees that gain, and the paired difference of two moves is no proportion at
//! all. Where every rollout ended alike the variance is 0 and so is the interval's width.

use serde::Serialize;

/// The two-sided 95% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// A mean with its standard error and 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean of the rollouts' results.
    pub mean: f64,
    /// Its standard error.
    pub se: f64,
    /// The interval's lower end (clamped to the values the mean can take).
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Estimate {
    /// The estimate `mean ± 1.96 se`, clamped to `[lowest, highest]`.
    pub(crate) fn new(mean: f64, se: f64, lowest: f64, highest: f64) -> Estimate {
        Estimate {
            mean,
            se,
            low: (mean - Z95 * se).max(lowest),
            high: (mean + Z95 * se).min(highest),
        }
    }
}

/// Sums of one group of results, from which its mean and sample variance follow.
#[derive(Clone, Copy, Default)]
struct Sums {
    n: f64,
    sum: f64,
    squares: f64,
}

impl Sums {
    fn add(&mut self, x: f64) {
        self.n += 1.0;
        self.sum += x;
        self.squares += x * x;
    }

    /// The sample variance (n - 1 in the denominator); 0 for fewer than two results.
    fn variance(&self) -> f64 {
        if self.n < 2.0 {
            return 0.0;
        }
        ((self.squares - self.sum * self.sum / self.n) / (self.n - 1.0)).max(0.0)
    }
}

/// The mean of independent results and its standard error, sqrt(s²/n).
pub(crate) fn independent(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let mut all = Sums::default();
    values.for_each(|x| all.add(x));
    let n = all.n.max(1.0);
    (all.sum / n, (all.variance() / n).sqrt())
}

/// The mean of stratified results and its standard error. `strata[i]` is the stratum of result
/// `i` (its first throw's outcome); the strata were allocated in proportion to their
/// probabilities, so the plain mean is the stratified mean, and its variance is
/// Σ_h n_h s_h² / N² over the strata's sample variances s_h². A stratum of a single result has
/// no variance of its own: the overall sample variance stands in for it, which overstates rather
/// than understates.
pub(crate) fn stratified(values: impl Iterator<Item = f64>, strata: &[u8]) -> (f64, f64) {
    let mut by_stratum = [Sums::default(); 256];
    let mut all = Sums::default();
    for (x, &h) in values.zip(strata) {
        by_stratum[usize::from(h)].add(x);
        all.add(x);
    }
    let n = all.n.max(1.0);
    let within: f64 = by_stratum
        .iter()
        .filter(|s| s.n > 0.0)
        .map(|s| {
            let v = if s.n >= 2.0 {
                s.variance()
            } else {
                all.variance()
            };
            s.n * v
        })
        .sum();
    (all.sum / n, (within / (n * n)).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn independent_results_have_the_sample_variance_over_n() {
        let (mean, se) = independent([1.0, 0.0, 1.0, 0.0].into_iter());
        assert_eq!(mean, 0.5);
        // s² = 1/3, over n = 4.
        assert!((se - (1.0f64 / 12.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn strata_that_explain_the_results_leave_no_variance() {
        // Every result is decided by its stratum: nothing varies within one.
        let values = [1.0, 1.0, 0.0, 0.0, 0.0, 0.0];
        let (mean, se) = stratified(values.into_iter(), &[0, 0, 1, 1, 1, 1]);
        assert!((mean - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(se, 0.0);
        let (_, plain) = independent(values.into_iter());
        assert!(plain > 0.0);
    }

    #[test]
    fn intervals_stay_within_the_values_the_mean_can_take() {
        let e = Estimate::new(0.99, 0.05, 0.0, 1.0);
        assert_eq!(e.high, 1.0);
        assert!(e.low < 0.99);
        let certain = Estimate::new(1.0, 0.0, 0.0, 1.0);
        assert_eq!((certain.low, certain.high), (1.0, 1.0));
    }
}
