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
//! kind (a direct-table key): 4,510 vectors and their 21,579 groupings, some 750 KB. Parts of a
//! waiting hand are mostly this small, and a lookup costs a few loads where the search costs
//! some thousand instructions.

use std::sync::OnceLock;

use super::{GroupKind, NO_KEY, Part, Splits, Suit, search_suit};

/// Most naturals of a vector in the table.
const MOST: u8 = 6;
/// The split bits (`m + 8p`, see [`Splits`]), in slot order: slot `m + 5p`.
const SPLIT_BITS: [u8; 10] = [0, 1, 2, 3, 4, 8, 9, 10, 11, 12];

/// One vector's groupings.
#[derive(Clone, Copy)]
struct Entry {
    /// Per split bit `b` of `ends`, the rank of its grouping in the search's order (0 first)
    /// in bits `4b..4b + 4`.
    ranks: u64,
    /// The splits some grouping ends on.
    ends: Splits,
    /// Where the groupings start in [`SmallSuits::parts`]: one per split of `ends`, lowest
    /// split first.
    at: u16,
}

/// The table: the vectors in order of their keys' high digits (4-8), then their low digits
/// (0-3), so that a vector's place is two loads from tables of a few kilobytes.
pub(super) struct SmallSuits {
    /// Per high digits (`key >> 8`): the place of the first vector with them, and in bits
    /// 16 and up the naturals the low digits may hold (more than [`MOST`]: none).
    high: Vec<u32>,
    /// Per naturals allowed (0 to [`MOST`]) and low digits (`key & 255`): how many vectors of
    /// the same high digits come before, or `u16::MAX` past the naturals allowed.
    low: Vec<[u16; 256]>,
    entries: Vec<Entry>,
    /// The groupings, kinds counted from the suit's first.
    parts: Vec<Part>,
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

/// The counts a direct-table key holds (2 bits each, kind 0 lowest).
fn digits(key: u32) -> [u8; 9] {
    std::array::from_fn(|i| (key >> (2 * i) & 3) as u8)
}

/// The naturals of the counts `key` holds.
fn naturals(key: u32) -> u8 {
    digits(key).iter().sum()
}

impl SmallSuits {
    /// The table, built on first use or by [`crate::mahjong::warm_up`] (45,100 searches).
    pub(super) fn get() -> &'static SmallSuits {
        static TABLE: OnceLock<SmallSuits> = OnceLock::new();
        TABLE.get_or_init(SmallSuits::build)
    }

    fn build() -> SmallSuits {
        let suit = Suit::all()[0];
        let low = (0..=MOST)
            .map(|allowed| {
                let mut place = 0;
                std::array::from_fn(|key| {
                    if naturals(key as u32) > allowed {
                        return u16::MAX;
                    }
                    place += 1;
                    place - 1
                })
            })
            .collect();
        let mut high = vec![0u32; 1 << 10];
        let mut entries = Vec::new();
        let mut parts = Vec::new();
        for (h, slot) in high.iter_mut().enumerate() {
            let used = naturals(h as u32);
            if used > MOST {
                *slot = 0xff << 16;
                continue;
            }
            *slot = entries.len() as u32 | u32::from(MOST - used) << 16;
            for l in 0..256u32 {
                let key = (h as u32) << 8 | l;
                if naturals(l) + used > MOST {
                    continue;
                }
                let mut nat = [0u8; 34];
                nat[..9].copy_from_slice(&digits(key));
                let found: [Option<Part>; 10] =
                    std::array::from_fn(|s| search_suit(&nat, &suit, 1 << SPLIT_BITS[s]));
                let mut slots: Vec<usize> = (0..10).filter(|&s| found[s].is_some()).collect();
                let mut entry = Entry {
                    ranks: 0,
                    ends: 0,
                    at: u16::try_from(parts.len()).expect("fewer than 65,536 groupings"),
                };
                // Split order (the slots' order is the splits'), then the search's order.
                for &s in &slots {
                    entry.ends |= 1 << SPLIT_BITS[s];
                    parts.push(found[s].expect("found"));
                }
                slots.sort_by(|&a, &b| {
                    let (a, b) = (found[a].as_ref(), found[b].as_ref());
                    let (a, b) = (a.expect("found"), b.expect("found"));
                    groups_order(a).cmp(groups_order(b))
                });
                for (rank, &s) in slots.iter().enumerate() {
                    entry.ranks |= (rank as u64) << (4 * SPLIT_BITS[s]);
                }
                entries.push(entry);
            }
        }
        SmallSuits {
            high,
            low,
            entries,
            parts,
        }
    }

    /// The entry of the vector with direct-table key `key`, if it is in the table.
    #[inline]
    fn entry(&self, key: u32) -> Option<&Entry> {
        let high = *self.high.get((key >> 8) as usize)?;
        let low = *self
            .low
            .get((high >> 16) as usize)?
            .get((key & 255) as usize)?;
        if low == u16::MAX {
            return None;
        }
        self.entries
            .get((high & 0xffff) as usize + usize::from(low))
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
        let entry = self.entry(key)?;
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
        let before = (entry.ends & ((1 << best.1) - 1)).count_ones() as usize;
        let mut part = *self.parts.get(usize::from(entry.at) + before)?;
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
        // Every vector of at most 6 naturals (at most 3 of a kind), the empty one included.
        assert_eq!(table.entries.len(), 4_510);
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
            let (digits, n) = (digits(key), naturals(key));
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
                let ends = table.entry(key).expect("in the table").ends;
                differ += usize::from((ends & accept).count_ones() > 1);
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
