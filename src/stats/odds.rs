//! Exact draw odds: the hypergeometric distribution of how many of a group of cards a player has
//! seen, per pile (a magic stone deck is shuffled apart from the main deck), combined across
//! piles by convolution since the piles are shuffled independently.

/// One pile as the odds see it: its size, how many of the group's cards it holds, and how many
/// cards have been taken from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Draw {
    pub size: u64,
    pub hits: u64,
    pub taken: u64,
}

/// Natural logarithms of factorials, built once for the largest pile so that each binomial
/// coefficient is three lookups.
#[derive(Debug, Clone)]
pub struct LnFactorials(Vec<f64>);

impl LnFactorials {
    pub fn up_to(n: u64) -> LnFactorials {
        let mut table = Vec::with_capacity(n as usize + 1);
        let mut acc = 0.0f64;
        table.push(0.0);
        for i in 1..=n {
            acc += libm::log(i as f64);
            table.push(acc);
        }
        LnFactorials(table)
    }

    fn ln_choose(&self, n: u64, k: u64) -> f64 {
        let f = |i: u64| self.0[i as usize];
        f(n) - f(k) - f(n - k)
    }

    /// P(exactly i hits) for i in 0..=min(hits, taken), for one pile.
    fn distribution(&self, d: Draw) -> Vec<f64> {
        let taken = d.taken.min(d.size);
        let hits = d.hits.min(d.size);
        let misses = d.size - hits;
        let total = self.ln_choose(d.size, taken);
        (0..=hits.min(taken))
            .map(|i| {
                // i hits and taken - i misses; impossible when there are too few misses.
                if taken - i > misses {
                    0.0
                } else {
                    libm::exp(self.ln_choose(hits, i) + self.ln_choose(misses, taken - i) - total)
                }
            })
            .collect()
    }

    /// The chance of at least `at_least` hits over all piles together.
    pub fn at_least(&self, piles: &[Draw], at_least: u64) -> f64 {
        if at_least == 0 {
            return 1.0;
        }
        let mut combined = vec![1.0];
        for &d in piles {
            if d.hits == 0 || d.taken == 0 {
                continue;
            }
            let one = self.distribution(d);
            let mut next = vec![0.0; combined.len() + one.len() - 1];
            for (i, a) in combined.iter().enumerate() {
                for (j, b) in one.iter().enumerate() {
                    next[i + j] += a * b;
                }
            }
            combined = next;
        }
        let below: f64 = combined.iter().take(at_least as usize).sum();
        (1.0 - below).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts, over every way of dealing the piles (each card told apart), the deals with at
    /// least `k` hits: the definition of the odds, with no formula in between.
    fn brute_force(piles: &[Draw], k: u64) -> f64 {
        fn subsets(n: u64, r: u64) -> Vec<Vec<u64>> {
            let mut out = Vec::new();
            let mut pick = Vec::new();
            fn go(start: u64, n: u64, r: u64, pick: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
                if pick.len() as u64 == r {
                    out.push(pick.clone());
                    return;
                }
                for i in start..n {
                    pick.push(i);
                    go(i + 1, n, r, pick, out);
                    pick.pop();
                }
            }
            go(0, n, r, &mut pick, &mut out);
            out
        }
        // Hits seen in each pile, for every equally likely hand from it (cards 0..hits are
        // the group's).
        let per_pile: Vec<Vec<u64>> = piles
            .iter()
            .map(|d| {
                subsets(d.size, d.taken.min(d.size))
                    .iter()
                    .map(|hand| hand.iter().filter(|&&c| c < d.hits).count() as u64)
                    .collect()
            })
            .collect();
        let mut good = 0u64;
        let mut all = 0u64;
        let mut index = vec![0usize; per_pile.len()];
        loop {
            let hits: u64 = index.iter().zip(&per_pile).map(|(&i, p)| p[i]).sum();
            all += 1;
            good += u64::from(hits >= k);
            let mut p = 0;
            loop {
                if p == index.len() {
                    return good as f64 / all as f64;
                }
                index[p] += 1;
                if index[p] < per_pile[p].len() {
                    break;
                }
                index[p] = 0;
                p += 1;
            }
        }
    }

    #[test]
    fn one_pile_matches_enumeration() {
        let table = LnFactorials::up_to(20);
        for size in [1, 5, 9, 12] {
            for hits in 0..=size.min(4) {
                for taken in 0..=size.min(6) {
                    for k in 0..=3 {
                        let d = Draw { size, hits, taken };
                        let exact = table.at_least(&[d], k);
                        let counted = brute_force(&[d], k);
                        assert!(
                            (exact - counted).abs() < 1e-12,
                            "{d:?} k={k}: {exact} vs {counted}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn two_piles_combine_like_enumeration() {
        let table = LnFactorials::up_to(20);
        let main = Draw {
            size: 10,
            hits: 3,
            taken: 4,
        };
        let stones = Draw {
            size: 6,
            hits: 2,
            taken: 2,
        };
        for k in 0..=5 {
            let exact = table.at_least(&[main, stones], k);
            let counted = brute_force(&[main, stones], k);
            assert!(
                (exact - counted).abs() < 1e-12,
                "k={k}: {exact} vs {counted}"
            );
        }
    }

    #[test]
    fn known_values() {
        let table = LnFactorials::up_to(60);
        // Four copies in 60, seven cards: 1 - C(56,7)/C(60,7) = 0.3994996...
        let p = table.at_least(
            &[Draw {
                size: 60,
                hits: 4,
                taken: 7,
            }],
            1,
        );
        assert!((p - 0.399_499_626).abs() < 1e-6, "{p}");
        // Taking the whole pile sees every copy; taking more than there is changes nothing.
        let all = Draw {
            size: 40,
            hits: 3,
            taken: 50,
        };
        assert_eq!(table.at_least(&[all], 3), 1.0);
        assert_eq!(table.at_least(&[all], 4), 0.0);
    }
}
