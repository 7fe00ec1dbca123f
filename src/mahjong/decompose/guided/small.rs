//! The guided search's answers for the small vectors of a numbered suit, looked up instead of
//! searched.
//!
//! What [`search_suit`] finds for a suit is the first grouping, in its order, of the suit's
//! naturals that ends on a split it accepts. So it is the earliest of the first groupings that
//! end on each accepted split: per vector, one grouping per split (at most ten) and the order
//! among them answer every set of splits. The search's order is that of the groups it takes,
//! step by step (the triplet, the runs from the lowest kind, one below, two below, the pair):
//! two groupings part at a step where both took a group through the same lowest kind, so
//! comparing their groups in turn by that order ranks them.
//!
//! The table holds every vector of at most [`MOST`] naturals with at most three copies of a
//! kind (a direct-table key): 1,911 vectors, some 1.2 MB with the index by key. Parts of a
//! waiting hand are mostly this small, and a lookup costs a few loads where the search costs
//! some thousand instructions.

use std::sync::OnceLock;

use super::{GroupKind, NO_KEY, Part, Splits, Suit, search_suit};

/// Most naturals of a vector in the table.
const MOST: u8 = 5;
/// The split bits (`m + 8p`, see [`Splits`]), in slot order: slot `m + 5p`.
const SPLIT_BITS: [u8; 10] = [0, 1, 2, 3, 4, 8, 9, 10, 11, 12];

/// One vector's groupings.
struct Entry {
    /// Per slot (see [`SPLIT_BITS`]), the first grouping that ends on the split, kinds counted
    /// from the suit's first; meaningful where `ends` has the split.
    parts: [Part; 10],
    /// The splits some grouping ends on.
    ends: Splits,
    /// Per split bit `b` of `ends`, the rank of its grouping in the search's order (0 first)
    /// in bits `4b..4b + 4`.
    ranks: u64,
}

/// The table: entries by direct-table key.
pub(super) struct SmallSuits {
    /// Per key, 1 + the entry's index, or 0 for a vector not in the table.
    index: Vec<u16>,
    entries: Vec<Entry>,
}

/// The key of each group in the search's order at the step it was taken (lower first): the
/// triplet, the runs from the highest start down, the pair.
fn order(kind: GroupKind, first: u8) -> u8 {
    match kind {
        GroupKind::Triplet => 0,
        GroupKind::Sequence => 10 - first % 9,
        _ => 11,
    }
}

fn groups_order(p: &Part) -> impl Iterator<Item = u8> + '_ {
    p.groups[..usize::from(p.n_groups)]
        .iter()
        .map(|g| order(g.kind, g.first))
}

impl SmallSuits {
    /// The table, built on first use or by [`crate::mahjong::warm_up`] (19,110 searches, some 70
    /// million instructions).
    pub(super) fn get() -> &'static SmallSuits {
        static TABLE: OnceLock<SmallSuits> = OnceLock::new();
        TABLE.get_or_init(SmallSuits::build)
    }

    fn build() -> SmallSuits {
        let suit = Suit::all()[0];
        let mut index = vec![0u16; 1 << 18];
        let mut entries = Vec::new();
        for key in 0..1u32 << 18 {
            let digits: [u8; 9] = std::array::from_fn(|i| (key >> (2 * i) & 3) as u8);
            let n: u8 = digits.iter().sum();
            if n == 0 || n > MOST {
                continue;
            }
            let mut nat = [0u8; 34];
            nat[..9].copy_from_slice(&digits);
            let found: [Option<Part>; 10] =
                std::array::from_fn(|slot| search_suit(&nat, &suit, 1 << SPLIT_BITS[slot]));
            let mut slots: Vec<usize> = (0..10).filter(|&s| found[s].is_some()).collect();
            slots.sort_by(|&a, &b| {
                let (a, b) = (found[a].as_ref(), found[b].as_ref());
                let (a, b) = (a.expect("found"), b.expect("found"));
                groups_order(a).cmp(groups_order(b))
            });
            let mut entry = Entry {
                parts: found.map(|p| p.unwrap_or(EMPTY)),
                ends: 0,
                ranks: 0,
            };
            for (rank, &slot) in slots.iter().enumerate() {
                let bit = SPLIT_BITS[slot];
                entry.ends |= 1 << bit;
                entry.ranks |= (rank as u64) << (4 * bit);
            }
            entries.push(entry);
            index[key as usize] = entries.len() as u16;
        }
        SmallSuits { index, entries }
    }

    /// What [`search_suit`] finds for numbered suit `suit` whose naturals are `tiles` tiles with
    /// direct-table key `key`, accepting `accept`: `None` when the vector is not in the table.
    #[inline]
    pub(super) fn find(
        &self,
        suit: &Suit,
        key: u32,
        tiles: u8,
        accept: Splits,
    ) -> Option<Option<Part>> {
        if key == NO_KEY || tiles > MOST || !suit.runs {
            return None;
        }
        let i = usize::from(*self.index.get(key as usize)?);
        let entry = self.entries.get(i.checked_sub(1)?)?;
        let mut candidates = entry.ends & accept;
        let mut best = (u64::MAX, 0u32);
        while candidates != 0 {
            let bit = candidates.trailing_zeros();
            candidates &= candidates - 1;
            let rank = entry.ranks >> (4 * bit) & 15;
            if rank < best.0 {
                best = (rank, bit);
            }
        }
        if best.0 == u64::MAX {
            return Some(None);
        }
        let slot = (best.1 & 7) + 5 * (best.1 >> 3);
        let mut part = entry.parts[slot as usize];
        let first = suit.first as u8;
        for g in &mut part.groups[..usize::from(part.n_groups)] {
            g.first += first;
        }
        for k in &mut part.subs[..usize::from(part.n_subs)] {
            *k += first;
        }
        Some(Some(part))
    }
}

/// A slot no grouping fills.
const EMPTY: Part = Part {
    groups: [super::RawGroup {
        kind: GroupKind::Pair,
        first: 0,
    }; super::MAX_GROUPS],
    n_groups: 0,
    subs: [0; super::MAX_TILES + 1],
    n_subs: 0,
    melds: 0,
    pairs: 0,
};

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Every vector of the table, in every numbered suit, under the sets of splits the guided
    /// search asks for (melds up to a bound without the pair, up to another with it) and random
    /// others: the lookup finds what the search finds.
    #[test]
    fn lookups_find_what_the_search_finds() {
        let table = SmallSuits::get();
        assert_eq!(table.entries.len(), 1_911);
        let prefix = |a: i8| if a < 0 { 0 } else { (1u16 << (a + 1)) - 1 };
        let mut accepts: Vec<Splits> = Vec::new();
        for a in -1..=4 {
            for b in -1..=4 {
                accepts.push(prefix(a) | prefix(b) << 8);
            }
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        let suits = Suit::all();
        let mut differ = 0;
        for key in 0..1u32 << 18 {
            let digits: [u8; 9] = std::array::from_fn(|i| (key >> (2 * i) & 3) as u8);
            let n: u8 = digits.iter().sum();
            if n == 0 || n > MOST {
                continue;
            }
            let suit = &suits[rng.random_range(0..3)];
            let mut nat = [0u8; 34];
            nat[suit.first..suit.first + 9].copy_from_slice(&digits);
            let random = rng.random::<u16>() & 0x1f1f;
            for &accept in accepts.iter().chain([&random]) {
                let found = table.find(suit, key, n, accept).expect("in the table");
                let searched = search_suit(&nat, suit, accept);
                assert_eq!(
                    found.map(|p| same(&p)),
                    searched.map(|p| same(&p)),
                    "{digits:?} in suit {}, accepting {accept:#x}",
                    suit.first / 9
                );
                // Counts the lookups where the order among splits decides.
                differ += usize::from(
                    (table.entries[usize::from(table.index[key as usize]) - 1].ends & accept)
                        .count_ones()
                        > 1,
                );
            }
        }
        assert!(differ > 10_000, "{differ}");
    }

    /// A part's meaningful contents, for comparing.
    fn same(p: &Part) -> (Vec<(GroupKind, u8)>, Vec<u8>, u8, u8) {
        (
            p.groups[..usize::from(p.n_groups)]
                .iter()
                .map(|g| (g.kind, g.first))
                .collect(),
            p.subs[..usize::from(p.n_subs)].to_vec(),
            p.melds,
            p.pairs,
        )
    }
}
