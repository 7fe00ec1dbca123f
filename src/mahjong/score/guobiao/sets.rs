//! A winning hand's sets (chows, pungs, kongs and the pair), open or concealed, and every way of
//! cutting the concealed tiles into them.

use arrayvec::ArrayVec;

use crate::mahjong::{Meld, MeldKind};
use crate::tiles::{Tile, TileSuit};

/// What kind of set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SetKind {
    /// Three consecutive tiles of one suit (顺子); the set's tile is the lowest.
    Chow,
    /// Three identical tiles (刻子).
    Pung,
    /// Four identical tiles (杠).
    Kong,
    /// Two identical tiles (将).
    Pair,
}

/// One set of a decomposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GuobiaoSet {
    /// Chow, pung, kong or pair.
    pub kind: SetKind,
    /// The lowest tile (the only kind for pungs, kongs and pairs).
    pub tile: Tile,
    /// True for a set declared open (chi, pon, open kan). A pung completed by the winning discard
    /// is reported concealed here (it is its tiles' origin, not a declaration), but does not count
    /// as concealed for 暗刻 fans.
    pub open: bool,
}

impl GuobiaoSet {
    /// The set a declared meld is.
    pub fn from_meld(meld: &Meld) -> GuobiaoSet {
        let kind = match meld.kind {
            MeldKind::Chi => SetKind::Chow,
            MeldKind::Pon => SetKind::Pung,
            MeldKind::Kan => SetKind::Kong,
        };
        GuobiaoSet {
            kind,
            tile: meld.tile,
            open: !meld.concealed,
        }
    }

    /// True for pungs and kongs.
    pub fn is_pung_like(&self) -> bool {
        matches!(self.kind, SetKind::Pung | SetKind::Kong)
    }

    /// The set's tiles, one entry per copy.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        let i = self.tile.index();
        let (n, step) = match self.kind {
            SetKind::Chow => (3, 1),
            SetKind::Pung => (3, 0),
            SetKind::Kong => (4, 0),
            SetKind::Pair => (2, 0),
        };
        (0..n).filter_map(move |k| Tile::from_index(i + k * step))
    }

    /// True when the set holds `tile`.
    pub fn contains(&self, tile: Tile) -> bool {
        match self.kind {
            SetKind::Chow => {
                tile.suit() == self.tile.suit()
                    && (self.tile.index()..self.tile.index() + 3).contains(&tile.index())
            }
            _ => tile == self.tile,
        }
    }
}

/// The concealed sets of one decomposition: up to four sets and the pair, last.
pub type ConcealedSets = ArrayVec<GuobiaoSet, 5>;

/// Calls `visit` with every distinct way of cutting `counts` into `sets` sets (chows and
/// pungs) and one pair, the sets in tile order (a chow before a pung of the same tile), the
/// pair last. Each decomposition is visited once: the lowest tile left is always placed first,
/// as a pung, a pair or the start of a chow.
pub fn for_each_decomposition(
    counts: &[u8; 34],
    sets: usize,
    visit: &mut impl FnMut(&ConcealedSets),
) {
    let Some(pair_kinds) = pair_kinds(counts) else {
        return;
    };
    let mut work = *counts;
    let mask = presence(counts);
    let mut out = ArrayVec::new();
    recurse(&mut work, mask, pair_kinds, sets, None, &mut out, visit);
}

/// A necessary condition for sets and one pair, checked before searching: sets never cross
/// suits, so every suit holds a multiple of three tiles except the one holding the pair (two
/// more), and an honour is held 0, 2 or 3 times. Returns the kinds the pair can then be (its
/// suit's, or the one honour held twice) as a mask, `None` when the condition fails.
fn pair_kinds(counts: &[u8; 34]) -> Option<u64> {
    let mut pairs = 0;
    let mut kinds = 0;
    for s in 0..3 {
        match counts[s * 9..s * 9 + 9]
            .iter()
            .map(|&c| c as u32)
            .sum::<u32>()
            % 3
        {
            0 => {}
            2 => {
                pairs += 1;
                kinds = 0x1ff << (9 * s);
            }
            _ => return None,
        }
    }
    for (i, &c) in counts.iter().enumerate().skip(27) {
        match c {
            0 | 3 => {}
            2 => {
                pairs += 1;
                kinds = 1 << i;
            }
            _ => return None,
        }
    }
    (pairs == 1).then_some(kinds)
}

/// The search: `mask` has bit `i` set while `counts[i] > 0`, `pair_kinds` the kinds the pair
/// may be, `out` the sets placed so far in the order placed (tile order, a pung before a chow
/// of the same tile), `pair` the pair.
fn recurse(
    counts: &mut [u8; 34],
    mask: u64,
    pair_kinds: u64,
    sets_left: usize,
    pair: Option<Tile>,
    out: &mut ArrayVec<GuobiaoSet, 4>,
    visit: &mut impl FnMut(&ConcealedSets),
) {
    if mask == 0 {
        if let (0, Some(pair)) = (sets_left, pair) {
            let mut sets: ConcealedSets = out.iter().copied().collect();
            // The only placements out of (tile, kind) order: a pung, then a chow of its tile.
            for k in 1..sets.len() {
                if sets[k].kind == SetKind::Chow
                    && sets[k - 1].kind == SetKind::Pung
                    && sets[k].tile == sets[k - 1].tile
                {
                    sets.swap(k - 1, k);
                }
            }
            sets.push(set(SetKind::Pair, pair));
            visit(&sets);
        }
        return;
    }
    let i = mask.trailing_zeros() as usize;
    let c = counts[i];
    let tile = Tile::from_index(i).expect("index below 34");
    let bit = 1u64 << i;
    if c >= 3 && sets_left > 0 {
        counts[i] -= 3;
        out.push(set(SetKind::Pung, tile));
        let m = if c == 3 { mask & !bit } else { mask };
        recurse(counts, m, pair_kinds, sets_left - 1, pair, out, visit);
        out.pop();
        counts[i] += 3;
    }
    if c >= 2 && pair.is_none() && pair_kinds & bit != 0 {
        counts[i] -= 2;
        let m = if c == 2 { mask & !bit } else { mask };
        recurse(counts, m, pair_kinds, sets_left, Some(tile), out, visit);
        counts[i] += 2;
    }
    if sets_left > 0 && starts_chow(i) && counts[i + 1] > 0 && counts[i + 2] > 0 {
        counts[i] -= 1;
        counts[i + 1] -= 1;
        counts[i + 2] -= 1;
        let mut m = mask;
        for k in 0..3 {
            if counts[i + k] == 0 {
                m &= !(bit << k);
            }
        }
        out.push(set(SetKind::Chow, tile));
        recurse(counts, m, pair_kinds, sets_left - 1, pair, out, visit);
        out.pop();
        counts[i] += 1;
        counts[i + 1] += 1;
        counts[i + 2] += 1;
    }
}

fn set(kind: SetKind, tile: Tile) -> GuobiaoSet {
    GuobiaoSet {
        kind,
        tile,
        open: false,
    }
}

/// Gathers one bit per kind from 34 per-kind bytes, eight kinds at a time: `pick` turns a
/// little-endian word of eight counts into 0 or 1 per byte, and a multiplication moves byte
/// `j`'s bit to bit `j` of the top byte.
#[inline(always)]
fn gather(counts: &[u8; 34], pick: impl Fn(u64) -> u64) -> u64 {
    let mut mask = 0;
    for (k, chunk) in counts.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let bytes = pick(u64::from_le_bytes(word));
        mask |= (bytes.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    mask
}

/// Bit `i` set when `counts[i] > 0` (counts at most 127).
pub fn presence(counts: &[u8; 34]) -> u64 {
    // Adding 0x7f to a byte below 0x81 sets its top bit exactly when it is not zero, with no
    // carry into the next byte.
    gather(counts, |w| {
        (w + 0x7f7f_7f7f_7f7f_7f7f) >> 7 & 0x0101_0101_0101_0101
    })
}

/// Bit `i` set when `counts[i]` is odd.
pub fn odd_kinds(counts: &[u8; 34]) -> u64 {
    gather(counts, |w| w & 0x0101_0101_0101_0101)
}

/// True when a chow can start at tile index `i` (a suited tile 1-7).
pub fn starts_chow(i: usize) -> bool {
    i < 27 && i % 9 <= 6
}

/// True when `counts` is `sets` sets and one pair (the standard form's shape check).
pub fn is_standard_complete(counts: &[u8; 34], sets: usize) -> bool {
    let mut work = *counts;
    complete(&mut work, 0, sets, false)
}

fn complete(counts: &mut [u8; 34], from: usize, sets_left: usize, pair_done: bool) -> bool {
    let Some(i) = (from..34).find(|&i| counts[i] > 0) else {
        return sets_left == 0 && pair_done;
    };
    if counts[i] >= 3 && sets_left > 0 {
        counts[i] -= 3;
        let ok = complete(counts, i, sets_left - 1, pair_done);
        counts[i] += 3;
        if ok {
            return true;
        }
    }
    if counts[i] >= 2 && !pair_done {
        counts[i] -= 2;
        let ok = complete(counts, i, sets_left, true);
        counts[i] += 2;
        if ok {
            return true;
        }
    }
    if sets_left > 0 && starts_chow(i) && counts[i + 1] > 0 && counts[i + 2] > 0 {
        counts[i] -= 1;
        counts[i + 1] -= 1;
        counts[i + 2] -= 1;
        let ok = complete(counts, i, sets_left - 1, pair_done);
        counts[i] += 1;
        counts[i + 1] += 1;
        counts[i + 2] += 1;
        return ok;
    }
    false
}

/// True when 14 concealed tiles are seven pairs (a kind held four times is two pairs).
pub fn is_seven_pairs(counts: &[u8; 34]) -> bool {
    odd_kinds(counts) == 0 && counts.iter().map(|&c| c as usize).sum::<usize>() == 14
}

/// The suits of the three knitted sequences 147, 258, 369 (组合龙 and 全不靠's suited tiles):
/// `KNITTED[k][j]` is the suit holding the numbers `j+1, j+4, j+7`.
pub const KNITTED: [[TileSuit; 3]; 6] = {
    use TileSuit::{Man, Pin, Sou};
    [
        [Man, Pin, Sou],
        [Man, Sou, Pin],
        [Pin, Man, Sou],
        [Pin, Sou, Man],
        [Sou, Man, Pin],
        [Sou, Pin, Man],
    ]
};

/// The nine tiles of knitted pattern `pattern`, as a mask with bit `i` for tile index `i`.
pub const fn knitted_mask(pattern: [TileSuit; 3]) -> u64 {
    let mut mask = 0;
    let mut j = 0;
    while j < 3 {
        let base = pattern[j] as usize * 9 + j;
        mask |= (1 | 1 << 3 | 1 << 6) << base;
        j += 1;
    }
    mask
}

/// [`knitted_mask`] of each of [`KNITTED`].
pub const KNITTED_MASKS: [u64; 6] = {
    let mut masks = [0; 6];
    let mut k = 0;
    while k < 6 {
        masks[k] = knitted_mask(KNITTED[k]);
        k += 1;
    }
    masks
};

/// The nine tiles of knitted pattern `pattern`.
pub fn knitted_tiles(pattern: [TileSuit; 3]) -> [Tile; 9] {
    let mut out = [Tile::from_index(0).expect("0 is a tile"); 9];
    for (j, suit) in pattern.into_iter().enumerate() {
        for k in 0..3 {
            out[j * 3 + k] = Tile::new(suit, (j + 1 + 3 * k) as u8).expect("1-9");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The search [`for_each_decomposition`] replaced, kept as its definition: scan for the
    /// lowest tile left, place it every way, sort each finished decomposition.
    fn decompositions_slow(counts: &[u8; 34], sets: usize) -> Vec<ConcealedSets> {
        fn go(
            counts: &mut [u8; 34],
            from: usize,
            sets_left: usize,
            pair_done: bool,
            cur: &mut ConcealedSets,
            out: &mut Vec<ConcealedSets>,
        ) {
            let Some(i) = (from..34).find(|&i| counts[i] > 0) else {
                if sets_left == 0 && pair_done {
                    let mut sorted = cur.clone();
                    sorted.sort_by_key(|s| (s.kind == SetKind::Pair, s.tile, s.kind));
                    out.push(sorted);
                }
                return;
            };
            let tile = Tile::from_index(i).unwrap();
            if counts[i] >= 3 && sets_left > 0 {
                counts[i] -= 3;
                cur.push(set(SetKind::Pung, tile));
                go(counts, i, sets_left - 1, pair_done, cur, out);
                cur.pop();
                counts[i] += 3;
            }
            if counts[i] >= 2 && !pair_done {
                counts[i] -= 2;
                cur.push(set(SetKind::Pair, tile));
                go(counts, i, sets_left, true, cur, out);
                cur.pop();
                counts[i] += 2;
            }
            if sets_left > 0 && starts_chow(i) && counts[i + 1] > 0 && counts[i + 2] > 0 {
                for k in 0..3 {
                    counts[i + k] -= 1;
                }
                cur.push(set(SetKind::Chow, tile));
                go(counts, i, sets_left - 1, pair_done, cur, out);
                cur.pop();
                for k in 0..3 {
                    counts[i + k] += 1;
                }
            }
        }
        let mut out = Vec::new();
        go(
            &mut counts.clone(),
            0,
            sets,
            false,
            &mut ConcealedSets::new(),
            &mut out,
        );
        out
    }

    /// Sets and a pair drawn mostly from one suit, so that hands cut several ways are common.
    fn hand() -> impl Strategy<Value = ([u8; 34], usize)> {
        (
            0usize..=4,
            prop::collection::vec((0usize..3, 0usize..34), 4),
            0usize..34,
            0usize..3,
        )
            .prop_map(|(sets, picks, pair, suit)| {
                let mut c = [0u8; 34];
                let near = |t: usize| if t < 27 { suit * 9 + t % 9 } else { t };
                for &(kind, t) in picks.iter().take(sets) {
                    let t = near(t);
                    if kind > 0 && t < 27 && t % 9 <= 6 {
                        for k in 0..3 {
                            c[t + k] += 1;
                        }
                    } else {
                        c[t] += 3;
                    }
                }
                c[near(pair)] += 2;
                (c, sets)
            })
            .prop_filter("at most four copies", |(c, _)| c.iter().all(|&n| n <= 4))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn decompositions_match_the_plain_search((counts, sets) in hand(), drop in 0usize..34) {
            let mut fast = Vec::new();
            for_each_decomposition(&counts, sets, &mut |d| fast.push(d.clone()));
            prop_assert_eq!(&fast, &decompositions_slow(&counts, sets));
            // One tile off: usually nothing.
            let mut off = counts;
            if off[drop] > 0 {
                off[drop] -= 1;
                off[(drop + 1) % 34] += 1;
                if off.iter().all(|&n| n <= 4) {
                    let mut fast = Vec::new();
                    for_each_decomposition(&off, sets, &mut |d| fast.push(d.clone()));
                    prop_assert_eq!(&fast, &decompositions_slow(&off, sets));
                }
            }
        }
    }

    #[test]
    fn kind_masks_match_the_counts() {
        let counts: [u8; 34] = std::array::from_fn(|i| ((i * 7 + 3) % 6) as u8);
        for c in [[0u8; 34], [4; 34], counts] {
            let by_kind =
                |f: fn(u8) -> bool| (0..34).fold(0u64, |m, i| m | u64::from(f(c[i])) << i);
            assert_eq!(presence(&c), by_kind(|n| n > 0));
            assert_eq!(odd_kinds(&c), by_kind(|n| n % 2 == 1));
        }
    }

    #[test]
    fn knitted_masks_hold_the_knitted_tiles() {
        for pattern in KNITTED {
            let mask = knitted_tiles(pattern)
                .iter()
                .fold(0u64, |m, t| m | 1 << t.index());
            assert_eq!(knitted_mask(pattern), mask);
        }
        for (k, &pattern) in KNITTED.iter().enumerate() {
            assert_eq!(KNITTED_MASKS[k], knitted_mask(pattern));
        }
    }
}
