//! The Wilson score interval: a 95% confidence interval for a win rate that stays inside
//! 0..1 and behaves for small samples and rates near 0 or 1, unlike the normal approximation.

/// The normal quantile for 95% two-sided confidence.
const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson interval `(low, high)` for `wins` out of `games`; `(0, 1)` for no games.
pub fn wilson(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::wilson;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5
    }

    #[test]
    fn matches_published_values() {
        // Known values (Newcombe 1998, Table I; R `binom::binom.confint(method = "wilson")`).
        assert!(
            close(wilson(81, 263), (0.2553, 0.3662)),
            "{:?}",
            wilson(81, 263)
        );
        assert!(
            close(wilson(15, 148), (0.0624, 0.1605)),
            "{:?}",
            wilson(15, 148)
        );
        assert!(close(wilson(0, 20), (0.0, 0.1611)), "{:?}", wilson(0, 20));
        assert!(
            close(wilson(1, 29), (0.0061, 0.1718)),
            "{:?}",
            wilson(1, 29)
        );
        assert!(
            close(wilson(50, 100), (0.4038, 0.5962)),
            "{:?}",
            wilson(50, 100)
        );
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
