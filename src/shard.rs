//! Splitting a census or a table over many processes: `--shard K/N` does
//! the K-th of N deterministic shares of the work, and `merge` puts the
//! shares back together into exactly what one process prints.
//!
//! The work is a list of jobs in a fixed order (the census' positions,
//! smallest first; a table's rows), and shard K owns the jobs whose
//! index is K − 1 modulo N. Round robin, not blocks: the jobs grow with
//! their index, so every shard gets a like share of small and large ones,
//! and no shard needs to know how long the list is.

use std::fmt;
use std::str::FromStr;

/// The K-th of N shares of the work, 1 ≤ K ≤ N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    k: u32,
    n: u32,
}

impl Shard {
    /// The largest N accepted: far more than any batch system's array.
    pub const MAX: u32 = 1 << 24;

    /// All of the work, as one share.
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    pub fn new(k: u32, n: u32) -> Result<Shard, ShardParseError> {
        if n == 0 || n > Shard::MAX || k == 0 || k > n {
            return Err(ShardParseError(format!("{k}/{n}")));
        }
        Ok(Shard { k, n })
    }

    /// K, from 1.
    pub fn index(self) -> u32 {
        self.k
    }

    /// N.
    pub fn count(self) -> u32 {
        self.n
    }

    /// Whether job `job` (counted from 0 in the work's fixed order) is
    /// this shard's.
    pub fn owns(self, job: usize) -> bool {
        job % self.n as usize == (self.k - 1) as usize
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// Text that is not `K/N` with 1 ≤ K ≤ N.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a shard (expected K/N with 1 ≤ K ≤ N ≤ 16777216, e.g. 3/8)")]
pub struct ShardParseError(pub String);

impl FromStr for Shard {
    type Err = ShardParseError;

    fn from_str(text: &str) -> Result<Shard, ShardParseError> {
        let bad = || ShardParseError(text.escape_debug().to_string());
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let number = |t: &str| -> Result<u32, ShardParseError> {
            if t.is_empty() || t.len() > 9 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse().map_err(|_| bad())
        };
        Shard::new(number(k)?, number(n)?).map_err(|_| bad())
    }
}

/// A set of shard outputs that is not exactly 1/N … N/N once each.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardSetError {
    #[error("no shard outputs to merge")]
    Empty,
    #[error("{first} is shard {a} but {second} is shard {b}: shards of different splits")]
    Mixed {
        first: String,
        a: Shard,
        second: String,
        b: Shard,
    },
    #[error("shard {shard} is given twice ({first} and {second})")]
    Duplicate {
        shard: Shard,
        first: String,
        second: String,
    },
    #[error("shard {0} is missing ({1} of {2} shards given)")]
    Missing(Shard, usize, u32),
}

/// Check that `shards` (each with the name of the file it came from) are
/// 1/N … N/N, each once, in any order; N if so.
pub fn check_complete(shards: &[(Shard, String)]) -> Result<u32, ShardSetError> {
    let Some((first, name)) = shards.first() else {
        return Err(ShardSetError::Empty);
    };
    let n = first.count();
    let mut seen: Vec<Option<&str>> = vec![None; n as usize];
    for (s, file) in shards {
        if s.count() != n {
            return Err(ShardSetError::Mixed {
                first: name.clone(),
                a: *first,
                second: file.clone(),
                b: *s,
            });
        }
        let slot = &mut seen[(s.index() - 1) as usize];
        if let Some(earlier) = slot {
            return Err(ShardSetError::Duplicate {
                shard: *s,
                first: earlier.to_string(),
                second: file.clone(),
            });
        }
        *slot = Some(file);
    }
    if let Some(k) = seen.iter().position(Option::is_none) {
        let missing = Shard::new(k as u32 + 1, n).expect("k < n");
        return Err(ShardSetError::Missing(missing, shards.len(), n));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_read_back_and_split_the_work() {
        for text in ["1/1", "3/8", "8/8", "16777216/16777216"] {
            let s: Shard = text.parse().unwrap();
            assert_eq!(s.to_string(), text);
        }
        for bad in [
            "",
            "0/3",
            "4/3",
            "3/0",
            "3",
            "a/b",
            "1/2/3",
            " 1/2",
            "1/16777217",
            "-1/2",
            "+1/2",
        ] {
            assert!(bad.parse::<Shard>().is_err(), "{bad:?}");
        }
        // Every job belongs to exactly one shard.
        let n = 5;
        let shards: Vec<Shard> = (1..=n).map(|k| Shard::new(k, n).unwrap()).collect();
        for job in 0..100 {
            assert_eq!(shards.iter().filter(|s| s.owns(job)).count(), 1);
        }
        assert!(Shard::WHOLE.owns(12345));
    }

    #[test]
    fn a_set_of_shards_is_checked() {
        let set = |list: &[&str]| -> Vec<(Shard, String)> {
            list.iter()
                .enumerate()
                .map(|(i, s)| (s.parse().unwrap(), format!("f{i}")))
                .collect()
        };
        assert_eq!(check_complete(&set(&["2/3", "1/3", "3/3"])), Ok(3));
        assert_eq!(
            check_complete(&set(&["1/3", "3/3"]))
                .unwrap_err()
                .to_string(),
            "shard 2/3 is missing (2 of 3 shards given)"
        );
        assert_eq!(
            check_complete(&set(&["1/2", "2/2", "1/2"]))
                .unwrap_err()
                .to_string(),
            "shard 1/2 is given twice (f0 and f2)"
        );
        assert!(matches!(
            check_complete(&set(&["1/2", "2/3"])),
            Err(ShardSetError::Mixed { .. })
        ));
        assert_eq!(check_complete(&[]), Err(ShardSetError::Empty));
    }
}
