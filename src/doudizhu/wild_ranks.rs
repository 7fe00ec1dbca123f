//! The wild ranks of a laizi deal.

use crate::cards::{Rank, RankCounts};

/// The wild ranks of a laizi deal: none, one (癞子) or two (天地癞子, sky then earth), each of
/// `3`..`2`, never a joker, no rank twice. Only [`Table::with_wild_ranks`](super::Table::with_wild_ranks) makes a non-empty one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WildRanks {
    pub(super) ranks: [Option<Rank>; 2],
    pub(super) mask: u16,
}

impl WildRanks {
    /// No wild ranks: natural Dou Dizhu.
    pub const NONE: WildRanks = WildRanks {
        ranks: [None, None],
        mask: 0,
    };

    /// The wild ranks in the order given.
    pub fn ranks(&self) -> impl Iterator<Item = Rank> + '_ {
        self.ranks.iter().flatten().copied()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.mask == 0
    }

    /// Whether `rank` is wild.
    pub fn contains(&self, rank: Rank) -> bool {
        self.mask & (1 << rank.index()) != 0
    }

    /// The wild ranks as a bit mask by rank index.
    pub fn mask(&self) -> u16 {
        self.mask
    }

    /// Splits `counts` into its natural cards and its wildcards (the cards of wild ranks).
    pub fn split(&self, counts: &RankCounts) -> (RankCounts, RankCounts) {
        let mut natural = *counts;
        let mut wild = RankCounts::EMPTY;
        for rank in self.ranks() {
            wild.0[rank.index()] = counts.0[rank.index()];
            natural.0[rank.index()] = 0;
        }
        (natural, wild)
    }
}
