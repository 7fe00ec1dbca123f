//! Every standard arrangement (melds + one pair) of a complete concealed part, as the Riichi and
//! Sichuan scorers read them: they take the best.
//!
//! A numbered suit's part of a complete hand is a count vector that splits into runs and
//! triplets, with or without the pair. With at most 14 tiles and 4 copies of a kind there are
//! 21,742 such vectors and 23,532 groupings of them (at most 4 for one vector). [`SuitGroupings`]
//! holds them all, so a hand's arrangements are a lookup per suit and the product of what they
//! find, rather than a search that also walks the dead ends; honours split one way only (a
//! triplet or the pair of each kind held). The search ([`search`]) stays as the reference the
//! tests compare the table with, and answers the counts the table does not hold (a kind held
//! more than four times, which no checked hand has).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::sets::SetKind;
use crate::mahjong::kinds::held;
use crate::mahjong::{CompactDecomposition, Form, GroupKind};

/// A standard decomposition: the pair and the concealed groups (the declared melds are added by
/// the scorer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrangement {
    /// The pair's tile index.
    pub pair: u8,
    /// The concealed groups, lowest first.
    pub groups: [(SetKind, u8); 4],
    /// How many of `groups` are used.
    pub n: u8,
}

impl Arrangement {
    /// The concealed groups.
    pub fn groups(&self) -> &[(SetKind, u8)] {
        &self.groups[..self.n as usize]
    }

    /// The arrangement as the answer shows it: the pair, then the concealed groups.
    ///
    /// # Panics
    ///
    /// When a tile index is not a tile's (34 and above, or a run past the 7 of its suit).
    #[inline]
    pub fn decomposition(&self) -> CompactDecomposition {
        // One test for every group (the fields are public): each group's last tile is a tile
        // and, for a run, of its first tile's suit.
        let bad = self
            .groups()
            .iter()
            .fold(self.pair >= 34, |bad, &(kind, t)| {
                let run = kind == SetKind::Sequence;
                bad | (t >= 34) | (run & ((t >= 27) | (t % 9 > 6)))
            });
        assert!(!bad, "tile index out of range in {self:?}");
        let groups = self.groups().iter().map(|&(kind, t)| {
            let run = kind == SetKind::Sequence;
            (
                if run {
                    GroupKind::Sequence
                } else {
                    GroupKind::Triplet
                },
                t,
            )
        });
        CompactDecomposition::of_groups(
            Form::Standard,
            std::iter::once((GroupKind::Pair, self.pair)).chain(groups),
            0,
        )
    }

    const EMPTY: Arrangement = Arrangement {
        pair: u8::MAX,
        groups: [(SetKind::Triplet, 0); 4],
        n: 0,
    };
}

/// Calls `f` once for each distinct standard decomposition of `counts` into `needed` groups
/// (triplets and, where `sequences`, runs of a suit) plus one pair. The groups come lowest tile
/// first, and at one tile the triplet before the runs (two equal runs side by side). An
/// arrangement holds at most four groups, so `needed` above 4 finds none.
pub fn for_each_standard(
    counts: &[u8; 34],
    needed: u8,
    sequences: bool,
    f: &mut impl FnMut(&Arrangement),
) {
    if counts.iter().fold(0, |most, &c| most.max(c)) > 4 {
        return search(counts, needed, sequences, f);
    }
    // Honours split one way: a pair or a triplet of each kind held. Their triplets are packed
    // as the suits' groups are (see `Slot::groups`), in tile order.
    let (pairs, mut trips, bad) = honour_kinds(counts);
    let mut honour_pair = u8::MAX;
    if pairs != 0 {
        honour_pair = 27 + pairs.trailing_zeros() as u8;
    }
    let honour_groups = trips.count_ones();
    let mut honours = 0u64;
    for j in 0..honour_groups.min(4) {
        let k = trips.trailing_zeros();
        trips &= trips - 1;
        honours |= u64::from(27 + k) << (16 * j);
    }
    let table = SuitGroupings::get();
    let mut found: [&[Slot]; 3] = [std::slice::from_ref(&Slot::EMPTY); 3];
    let mut pair_count = pairs.count_ones();
    let mut groups = honour_groups;
    for (s, list) in found.iter_mut().enumerate() {
        let key = suit_key(counts, s);
        if key != 0 {
            *list = table.find(key);
            // A vector's groupings all have its digit sum's pair and group count; none is
            // an empty list.
            let Some(first) = list.first() else { return };
            pair_count += u32::from(first.pair != NO_PAIR);
            groups += u32::from(first.n);
        }
    }
    if bad || pair_count != 1 || groups != u32::from(needed) || needed > 4 {
        return;
    }
    for g0 in found[0] {
        for g1 in found[1] {
            for g2 in found[2] {
                if !sequences && (g0.runs() | g1.runs() | g2.runs()) {
                    continue;
                }
                let mut pair = honour_pair;
                let mut packed = 0u64;
                let mut n = 0;
                for (base, g) in [(0u8, g0), (9, g1), (18, g2)] {
                    if g.pair != NO_PAIR {
                        pair = base + g.pair;
                    }
                    // Each present group's tile moved to its suit; at most 4 groups in all.
                    let moved = g.groups + u64::from(base) * LANES[usize::from(g.n)];
                    packed |= moved.checked_shl(16 * n).unwrap_or(0);
                    n += u32::from(g.n);
                }
                packed |= honours.checked_shl(16 * n).unwrap_or(0);
                let mut a = Arrangement {
                    pair,
                    groups: [(SetKind::Triplet, 0); 4],
                    n: needed,
                };
                for (j, group) in a.groups.iter_mut().enumerate() {
                    let lane = packed >> (16 * j);
                    let kind = if lane & RUN_LANE != 0 {
                        SetKind::Sequence
                    } else {
                        SetKind::Triplet
                    };
                    *group = (kind, lane as u8);
                }
                f(&a);
            }
        }
    }
}

/// The honours held twice and three times, a bit per kind (East at bit 0), and whether one is
/// held once or four times (no standard arrangement then): the seven counts are one load, each
/// count's three bits sorted out in every byte at once (`counts` are at most 4).
#[inline]
fn honour_kinds(counts: &[u8; 34]) -> (u32, u32, bool) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let h = u64::from_le_bytes(counts[26..34].try_into().expect("8 counts")) >> 8;
    let (b0, b1, b2) = (h & ONES, h >> 1 & ONES, h >> 2 & ONES);
    // A byte of 0 or 1 per kind to a bit per kind: each byte's bit moved to the top byte.
    let bits = |lanes: u64| (lanes.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
    let twice = bits(b1 & !b0);
    let thrice = bits(b1 & b0);
    (twice, thrice, (b0 & !b1 | b2) != 0)
}

/// A 1 in each of the first `n` 16-bit lanes.
const LANES: [u64; 5] = [0, 1, 0x1_0001, 0x1_0001_0001, 0x1_0001_0001_0001];
/// The bit of a packed group that makes it a run.
const RUN_LANE: u64 = 1 << 8;
/// [`Slot::pair`] of a grouping without the pair.
const NO_PAIR: u8 = u8::MAX;

/// Suit `s`'s counts as a key of [`SuitGroupings`]: 3 bits per kind, lowest kind lowest. Eight
/// counts are one load, folded from bytes to 3-bit fields in three steps of halving.
#[inline]
fn suit_key(counts: &[u8; 34], s: usize) -> u32 {
    let b = 9 * s;
    let mut x = u64::from_le_bytes(counts[b..b + 8].try_into().expect("8 counts"));
    const BYTES: u64 = 0x00ff_00ff_00ff_00ff;
    const PAIRS: u64 = 0x0000_ffff_0000_ffff;
    x = (x & BYTES) | (x >> 8 & BYTES) << 3;
    x = (x & PAIRS) | (x >> 16 & PAIRS) << 6;
    x = (x & 0xffff_ffff) | (x >> 32) << 12;
    x as u32 | u32::from(counts[b + 8]) << 24
}

/// One grouping of a suit vector, or (in [`SuitGroupings::slots`]) a vector's place in the
/// table.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    /// The vector ([`suit_key`]); 0 for a free slot (the empty vector is never stored).
    key: u32,
    /// The pair's kind in the suit, [`NO_PAIR`] without one.
    pair: u8,
    /// How many groups.
    n: u8,
    /// In the table: how many groupings the vector has; one is this slot, more are in
    /// [`SuitGroupings::more`] from [`Slot::groups`] on.
    count: u8,
    /// The groups, lowest kind first and at one kind the triplet before the run, 16 bits each:
    /// the kind in the suit (low byte), [`RUN_LANE`] for a run; 0 past the last.
    groups: u64,
}

impl Slot {
    const EMPTY: Slot = Slot {
        key: 0,
        pair: NO_PAIR,
        n: 0,
        count: 1,
        groups: 0,
    };

    /// Any of the groups a run.
    #[inline]
    fn runs(&self) -> bool {
        self.groups & (RUN_LANE * LANES[4]) != 0
    }
}

/// log2 of [`SuitGroupings`]' slots: 32,768 for 21,742 vectors.
const SLOT_BITS: u32 = 15;

/// Every grouping of every complete suit vector, in an open-addressed table keyed by the vector
/// ([`suit_key`]).
pub(crate) struct SuitGroupings {
    /// Linear probing from a multiplicative hash; about two thirds full. A vector with one
    /// grouping (93% of them) is its slot; one with more points into `more`.
    slots: Vec<Slot>,
    /// The groupings of the vectors that have several, each vector's side by side.
    more: Vec<Slot>,
}

impl SuitGroupings {
    /// The table, built on first use (a few milliseconds; [`crate::mahjong::warm_up`] builds
    /// it at start-up).
    pub(crate) fn get() -> &'static SuitGroupings {
        static TABLE: OnceLock<SuitGroupings> = OnceLock::new();
        TABLE.get_or_init(SuitGroupings::build)
    }

    #[inline]
    fn home(key: u32) -> usize {
        (key.wrapping_mul(0x9e37_79b1) >> (32 - SLOT_BITS)) as usize
    }

    /// The groupings of vector `key` (not 0); empty when it is not complete.
    #[inline]
    fn find(&self, key: u32) -> &[Slot] {
        let mask = self.slots.len() - 1;
        let mut i = Self::home(key);
        loop {
            let slot = &self.slots[i & mask];
            if slot.key == key {
                if slot.count == 1 {
                    return std::slice::from_ref(slot);
                }
                let start = slot.groups as usize;
                return &self.more[start..start + usize::from(slot.count)];
            }
            if slot.key == 0 {
                return &[];
            }
            i += 1;
        }
    }

    fn build() -> SuitGroupings {
        let mut by_key: HashMap<u32, Vec<Slot>> = HashMap::new();
        // The suit built is the first of a hand's counts, so its keys are `suit_key`'s.
        let mut counts = [0u8; 34];
        let mut groups = Vec::with_capacity(4);
        collect(0, &mut counts, &mut groups, &mut by_key);
        let mut keys: Vec<u32> = by_key.keys().copied().collect();
        keys.sort_unstable();
        let mut slots = vec![Slot::default(); 1 << SLOT_BITS];
        let mut more = Vec::new();
        for key in keys {
            let mut list = by_key.remove(&key).expect("a key listed");
            list.sort_unstable_by_key(|g| (g.pair, g.groups));
            let mut slot = list[0];
            if list.len() > 1 {
                slot.count = list.len() as u8;
                slot.groups = more.len() as u64;
                more.extend_from_slice(&list);
            }
            let mut i = Self::home(key);
            while slots[i].key != 0 {
                i = (i + 1) & (slots.len() - 1);
            }
            slots[i] = slot;
        }
        SuitGroupings { slots, more }
    }
}

/// The melds of one suit in the order the build takes them (runs by lowest kind, then
/// triplets), as `(lowest kind, run)`.
const MELDS: [(u8, bool); 16] = {
    let mut m = [(0, false); 16];
    let mut i = 0;
    while i < 16 {
        m[i] = if i < 7 {
            (i as u8, true)
        } else {
            (i as u8 - 7, false)
        };
        i += 1;
    }
    m
};

/// Records every vector made of `groups` and up to `4 - groups.len()` more melds from
/// `MELDS[from..]`, with and without each possible pair (so each multiset of melds is met once).
/// `digits` are a hand's counts with only the first suit's used.
fn collect(
    from: usize,
    digits: &mut [u8; 34],
    groups: &mut Vec<(u8, bool)>,
    by_key: &mut HashMap<u32, Vec<Slot>>,
) {
    for pair in std::iter::once(None).chain((0..9).map(Some)) {
        if let Some(p) = pair {
            if digits[p] > 2 {
                continue;
            }
            digits[p] += 2;
        }
        let key = suit_key(digits, 0);
        if key != 0 {
            let slot = grouping(key, pair.map(|p| p as u8), groups);
            by_key.entry(key).or_default().push(slot);
        }
        if let Some(p) = pair {
            digits[p] -= 2;
        }
    }
    if groups.len() == 4 {
        return;
    }
    for (k, &(low, run)) in MELDS.iter().enumerate().skip(from) {
        let kinds = if run { low..low + 3 } else { low..low + 1 };
        let take = if run { 1 } else { 3 };
        if kinds.clone().any(|t| digits[t as usize] + take > 4) {
            continue;
        }
        kinds.clone().for_each(|t| digits[t as usize] += take);
        groups.push((low, run));
        collect(k, digits, groups, by_key);
        groups.pop();
        kinds.for_each(|t| digits[t as usize] -= take);
    }
}

/// A grouping as a [`Slot`]: the groups sorted lowest kind first, at one kind the triplet
/// before the run.
fn grouping(key: u32, pair: Option<u8>, groups: &[(u8, bool)]) -> Slot {
    let mut sorted = groups.to_vec();
    sorted.sort_unstable();
    let packed = sorted
        .iter()
        .enumerate()
        .fold(0u64, |packed, (j, &(low, run))| {
            let lane = u64::from(low) | if run { RUN_LANE } else { 0 };
            packed | lane << (16 * j)
        });
    Slot {
        key,
        pair: pair.unwrap_or(NO_PAIR),
        n: sorted.len() as u8,
        count: 1,
        groups: packed,
    }
}

/// [`for_each_standard`] by search: every way to take a triplet, a run or the pair at the lowest
/// tile held, then the rest. The reference for the table, and the answer for counts above 4.
pub(crate) fn search(
    counts: &[u8; 34],
    needed: u8,
    sequences: bool,
    f: &mut impl FnMut(&Arrangement),
) {
    let mut c = *counts;
    let mut a = Arrangement::EMPTY;
    dfs(&mut c, held(counts), 0, 0, needed, sequences, &mut a, f);
}

/// `held` without the bits of the tiles among `tiles` that `c` no longer holds.
#[inline(always)]
fn drop_emptied(held: u64, c: &[u8; 34], tiles: std::ops::Range<usize>) -> u64 {
    tiles.fold(held, |m, t| m & !(u64::from(c[t] == 0) << t))
}

/// What a decomposition may still take at its lowest tile, in the one order each decomposition
/// is found in: a triplet, then runs, then the pair (so a triplet and a run of the same tile, or
/// a run and the pair, are not found twice in two orders).
const TRIPLET: u8 = 0;
const RUN: u8 = 1;
const PAIR: u8 = 2;

/// `stage` is the first of [`TRIPLET`], [`RUN`], [`PAIR`] still allowed at tile `from`; `held`
/// has a bit for each tile index `c` still holds, so the lowest one is a trailing-zero count
/// rather than a scan.
#[allow(clippy::too_many_arguments)]
fn dfs(
    c: &mut [u8; 34],
    held: u64,
    from: usize,
    stage: u8,
    needed: u8,
    sequences: bool,
    a: &mut Arrangement,
    f: &mut impl FnMut(&Arrangement),
) {
    let rest = held >> from;
    if rest == 0 {
        if a.pair != u8::MAX && a.n == needed {
            f(a);
        }
        return;
    }
    let i = from + rest.trailing_zeros() as usize;
    let stage = if i == from { stage } else { TRIPLET };
    if stage == TRIPLET && a.n < needed && c[i] >= 3 {
        let group = (SetKind::Triplet, i);
        take_group(c, held, group, TRIPLET, needed, sequences, a, f);
    }
    if stage <= RUN
        && sequences
        && a.n < needed
        && i < 27
        && i % 9 <= 6
        && c[i + 1] > 0
        && c[i + 2] > 0
    {
        let group = (SetKind::Sequence, i);
        take_group(c, held, group, RUN, needed, sequences, a, f);
    }
    if a.pair == u8::MAX && c[i] >= 2 {
        c[i] -= 2;
        a.pair = i as u8;
        let held = drop_emptied(held, c, i..i + 1);
        dfs(c, held, i, PAIR, needed, sequences, a, f);
        a.pair = u8::MAX;
        c[i] += 2;
    }
}

/// [`dfs`] with `group` (a triplet or a run at its lowest tile) taken out of `c`, from `stage`
/// on; the group is put back after.
#[allow(clippy::too_many_arguments)]
fn take_group(
    c: &mut [u8; 34],
    held: u64,
    (kind, i): (SetKind, usize),
    stage: u8,
    needed: u8,
    sequences: bool,
    a: &mut Arrangement,
    f: &mut impl FnMut(&Arrangement),
) {
    let (tiles, copies) = if kind == SetKind::Sequence {
        (i..i + 3, 1)
    } else {
        (i..i + 1, 3)
    };
    tiles.clone().for_each(|t| c[t] -= copies);
    a.groups[a.n as usize] = (kind, i as u8);
    a.n += 1;
    let held = drop_emptied(held, c, tiles.clone());
    dfs(c, held, i, stage, needed, sequences, a, f);
    a.n -= 1;
    tiles.for_each(|t| c[t] += copies);
}

#[cfg(test)]
mod tests;
