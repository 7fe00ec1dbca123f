//! Exact replacement numbers under the meld-aware wildcard cap: the slow path for a game with
//! wildcards that may not be fifth copies, when the player has declared melds.
//!
//! A target is a complete concealed part (the pair and the melds still needed, at most four
//! copies of a kind). Reaching it from `nat` natural tiles and `w` wildcards, its `d` missing
//! tiles are filled by wildcards or by drawn tiles. A wildcard may stand for kind `t` only while
//! the target's copies of `t` plus the copies in the player's melds stay within four, so the
//! missing tiles of a kind that breaks that (`C[t] + melded[t] > 4`, counted as `i`) must all be
//! drawn, and the number of draws is `max(d - w, i)`. The replacement number is its minimum over
//! the targets. The per-suit tables know only `d` (they see the concealed part alone), so their
//! `min d - w` is a lower bound that is off exactly when every best target needs a wildcard
//! beyond the cap.
//!
//! Only kinds with copies in the melds can break the cap, so only the suits holding a melded
//! kind are searched: a left-to-right dynamic programme over the suit's positions (runs started
//! one and two positions back, melds, pair) that keeps, for each number `i` of missing tiles on
//! kinds beyond the cap, the fewest missing tiles in all. The other suits keep their table rows,
//! and the suits are combined by min-plus convolution, level by level.
//!
//! Cost, worst case. One suit's programme visits at most 9 positions x 9 run states x
//! [`LEVELS`] levels x 8 targets (at most three melds are still needed beside a declared one) x
//! 12 choices, about 93,000 steps, most skipped at once as unreachable; the levels searched are
//! cut to the ones that can matter (up to the tables' bound first, all only when that finds
//! nothing; up to `r - 1` when asking whether a draw improves `r`). A suit without a melded kind
//! costs one table lookup. Wildcard counts only change the combination, never the programmes.
//! - MahjongWaits / shape: only when not ready and holding a wildcard, the melded suits (at most
//!   3) twice at most: at most 6 programmes.
//! - MahjongAnalyze: for each distinct discard (at most 12 with the wildcard), the melded suits
//!   twice at most, then once for each drawn tile of a melded suit that the tables' bound leaves
//!   able to improve (at most 27): at most 12 x (6 + 27) = 396 programmes, plus a few min-plus
//!   combinations per tile. A typical Hongzhong hand with one pon runs about 60 (about 0.3 ms in
//!   a release build, against about 2 us without melds).
//! - The knitted straight (only with one declared meld) adds 6 patterns x 34 pairs per
//!   evaluation.
//!
//! Nothing here runs without declared melds, without wildcards in the game, or when wildcards
//! may be fifth copies, so those paths are unchanged.

use super::costs::{Costs, INF, TARGETS, conv};
use super::engine::Engine;
use super::forms::knitted_mask;
use super::standard::{look, min_split};
use super::tables::costs_of;

/// Levels of missing tiles on kinds beyond the cap: a target beside a declared meld has at most
/// 11 tiles (a pair and three melds), so at most 11 are missing.
const LEVELS: usize = 12;

/// Costs of a suit per level: `rows[i]` holds the fewest missing tiles of each target (melds,
/// pair) among the targets with at most `i` missing tiles on kinds beyond the cap.
type Rows = [Costs; LEVELS];

/// The costs of the empty combination: only the empty target, free.
const EMPTY: Costs = [0, INF, INF, INF, INF, INF, INF, INF, INF, INF];

/// The suits of one concealed part: their table rows, and which hold a melded kind.
#[derive(Clone, Copy)]
pub(crate) struct Exact<'a, 'p, 'r> {
    e: &'a Engine<'p, 'r>,
    nat: [u8; 34],
    /// Each suit's table row (copies in the concealed part only).
    table: [Costs; 4],
    /// Suits (slot indices, as bits) holding a kind of the player's melds.
    melded: u8,
}

impl<'a, 'p, 'r> Exact<'a, 'p, 'r> {
    /// The suits of natural tiles `nat` (3n+1 or 3n+2 with the wildcards).
    pub(crate) fn new(e: &'a Engine<'p, 'r>, nat: &[u8; 34]) -> Self {
        let mut melded = 0;
        for (i, s) in e.slots.iter().enumerate() {
            if s.active && s.vector(&e.p.meld_tiles).iter().any(|&c| c > 0) {
                melded |= 1 << i;
            }
        }
        Exact {
            e,
            nat: *nat,
            table: std::array::from_fn(|i| table_row(e, i, nat)),
            melded,
        }
    }

    /// Level rows of every melded suit of `nat`, up to level `top`.
    fn all_rows(&self, nat: &[u8; 34], top: usize) -> [Option<Rows>; 4] {
        std::array::from_fn(|i| (self.melded >> i & 1 == 1).then(|| self.rows(i, nat, top)))
    }

    /// Level rows of suit `i` of `nat`, up to level `top`.
    fn rows(&self, i: usize, nat: &[u8; 34], top: usize) -> Rows {
        let s = &self.e.slots[i];
        let n = s.tiles.len();
        let v = s.vector(nat);
        let melded = s.vector(&self.e.p.meld_tiles);
        levels(
            &v[..n],
            &melded[..n],
            s.seq,
            self.e.p.melds_needed as usize,
            top,
        )
    }

    /// The exact replacement number with `w` wildcards: tiles to draw (each in exchange for one
    /// held) until complete, over the forms a hand with declared melds can take.
    pub(crate) fn replacement(&self, w: u8) -> u8 {
        let m = self.e.p.melds_needed as usize;
        // The tables' number is a lower bound, and nearly always exact: search the levels up to
        // it first, and all of them only when that finds nothing.
        let bound = min_split(&combine_table(&self.table), &EMPTY, m).saturating_sub(w);
        let mut best = standard(&self.table, &self.all_rows(&self.nat, bound as usize), w, m);
        if best > bound {
            best = standard(&self.table, &self.all_rows(&self.nat, LEVELS - 1), w, m);
        }
        if self.e.p.rules.knitted && m == 3 {
            best = best.min(knitted_straight(self.e, &self.nat, w));
        }
        best
    }

    /// The tiles whose draw lowers the exact replacement number `r` (at least 2: the part with
    /// `w` wildcards is not ready): the natural kinds of `candidates` (usable, fewer than four
    /// held) and the wildcard kinds of `drawable`.
    pub(crate) fn improving(&self, w: u8, r: u8, candidates: u64, drawable: u64) -> u64 {
        let m = self.e.p.melds_needed as usize;
        let knitted = self.e.p.rules.knitted && m == 3;
        // Only targets with at most r - 1 tiles beyond the cap can do better than r.
        let top = r as usize - 1;
        let rows = self.all_rows(&self.nat, top);
        let lowers = |nat: &[u8; 34], table: &[Costs; 4], rows: &[Option<Rows>; 4], w: u8| {
            standard(table, rows, w, m) < r || knitted && knitted_straight(self.e, nat, w) < r
        };
        let mut out = 0;
        if drawable != 0 && lowers(&self.nat, &self.table, &rows, w + 1) {
            out |= drawable;
        }
        let mut bits = candidates;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let mut nat = self.nat;
            nat[t] += 1;
            let x = suit_of(t);
            let mut table = self.table;
            table[x] = table_row(self.e, x, &nat);
            if !knitted {
                // The tables' bound first: a draw it cannot lower below `r` is no improvement;
                // without wildcards nothing is beyond the cap and the bound is the number.
                let bound = min_split(&combine_table(&table), &EMPTY, m).saturating_sub(w);
                if bound >= r || w == 0 {
                    out |= ((bound < r) as u64) << t;
                    continue;
                }
            }
            let mut rows = rows;
            if rows[x].is_some() {
                rows[x] = Some(self.rows(x, &nat, top));
            }
            if lowers(&nat, &table, &rows, w) {
                out |= 1 << t;
            }
        }
        out
    }
}

/// The suit (slot index) of a tile index.
fn suit_of(t: usize) -> usize {
    (t / 9).min(3)
}

/// Suit `i`'s table row of `nat`.
fn table_row(e: &Engine, i: usize, nat: &[u8; 34]) -> Costs {
    let s = &e.slots[i];
    costs_of(look(s, &s.vector(nat)).class)
}

/// The four suits' table rows combined.
fn combine_table(table: &[Costs; 4]) -> Costs {
    conv(&conv(&table[0], &table[1]), &conv(&table[2], &table[3]))
}

/// The level rows of one suit: naturals `v`, melded copies `melded` per position, runs allowed
/// when `seq`, at most `melds` melds; levels above `top` are left unreachable.
fn levels(v: &[u8], melded: &[u8], seq: bool, melds: usize, top: usize) -> Rows {
    let top = top.min(LEVELS - 1);
    let n = v.len();
    // dp[a][b][i][k]: a = runs started one position back, b = two back, i = level, k = target.
    let mut dp = [[[[INF; TARGETS]; LEVELS]; 3]; 3];
    dp[0][0][0][0] = 0;
    for j in 0..n {
        let mut nd = [[[[INF; TARGETS]; LEVELS]; 3]; 3];
        let max_s = if seq && j + 2 < n { 2 } else { 0 };
        for (a, row) in dp.iter().enumerate() {
            for (b, by_level) in row.iter().enumerate() {
                for (i, cell) in by_level.iter().enumerate().take(top + 1) {
                    for m in 0..=melds {
                        for p in 0..2 {
                            let cur = cell[m * 2 + p];
                            if cur >= INF {
                                continue;
                            }
                            for s in 0..=max_s {
                                for k in 0..2 {
                                    if m + s + k > melds {
                                        break;
                                    }
                                    for q in 0..=(1 - p) {
                                        let used = (a + b + s + 3 * k + 2 * q) as u8;
                                        if used > 4 {
                                            continue;
                                        }
                                        let miss = used.saturating_sub(v[j]);
                                        let level = if used + melded[j] > 4 {
                                            i + miss as usize
                                        } else {
                                            i
                                        };
                                        if level > top {
                                            continue;
                                        }
                                        let slot = &mut nd[s][a][level][(m + s + k) * 2 + p + q];
                                        *slot = (*slot).min(cur + miss);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        dp = nd;
    }
    let mut rows = dp[0][0];
    for i in 1..LEVELS {
        let below = rows[i - 1];
        for (cost, was) in rows[i].iter_mut().zip(below) {
            *cost = (*cost).min(was);
        }
    }
    rows
}

/// Two suits' level rows combined: the levels add up.
fn merge(a: &Rows, b: &Rows) -> Rows {
    let mut out = [[INF; TARGETS]; LEVELS];
    for i in 0..LEVELS {
        for j in 0..LEVELS - i {
            let c = conv(&a[i], &b[j]);
            for k in 0..TARGETS {
                out[i + j][k] = out[i + j][k].min(c[k]);
            }
        }
    }
    out
}

/// The standard form's replacement number with `w` wildcards and `melds` melds needed, from the
/// table rows of the suits without a melded kind and the level rows of the others: exact when
/// it is at most the top level the rows were worked out to (above it, at least that level).
fn standard(table: &[Costs; 4], rows: &[Option<Rows>; 4], w: u8, melds: usize) -> u8 {
    let mut rest = EMPTY;
    let mut by_level: Option<Rows> = None;
    for (row, levels) in table.iter().zip(rows) {
        match levels {
            None => rest = conv(&rest, row),
            Some(levels) => {
                by_level = Some(match by_level {
                    None => *levels,
                    Some(h) => merge(&h, levels),
                })
            }
        }
    }
    let Some(by_level) = by_level else {
        return min_split(&rest, &EMPTY, melds).saturating_sub(w);
    };
    let mut best = INF;
    for (i, row) in by_level.iter().enumerate() {
        let d = min_split(row, &rest, melds);
        if d < INF {
            best = best.min(d.saturating_sub(w).max(i as u8));
        }
    }
    best
}

/// 组合龙 beside one declared meld: the nine knitted tiles and a pair, every pattern and pair.
fn knitted_straight(e: &Engine, nat: &[u8; 34], w: u8) -> u8 {
    let melded = &e.p.meld_tiles;
    let mut pair_kinds = 0u64;
    for s in e.slots.iter().filter(|s| s.active) {
        pair_kinds |= s.tiles.iter().fold(0, |m, &t| m | 1u64 << t);
    }
    let mut best = INF;
    for perm in 0..6 {
        let k = knitted_mask(perm);
        let mut bits = pair_kinds;
        while bits != 0 {
            let pair = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (mut d, mut beyond) = (0u8, 0u8);
            let mut kinds = k | 1 << pair;
            while kinds != 0 {
                let t = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let c = (k >> t & 1) as u8 + 2 * (t == pair) as u8;
                let miss = c.saturating_sub(nat[t]);
                d += miss;
                if c + melded[t] > 4 {
                    beyond += miss;
                }
            }
            best = best.min(d.saturating_sub(w).max(beyond));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::rules::{Preset, Rules};
    use crate::mahjong::standard::slots;

    #[test]
    fn levels_without_melds_are_the_table_rows() {
        // With nothing melded no kind is beyond the cap: level 0 is the table's row (limited to
        // four melds) for every suit vector of up to 11 tiles.
        let r = Rules::preset(Preset::Riichi);
        let s = slots(&r);
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..3000 {
            let mut v = [0u8; 9];
            let n = (x % 12) as usize;
            for _ in 0..n {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let t = (x % 9) as usize;
                if v[t] < 4 {
                    v[t] += 1;
                }
            }
            let rows = levels(&v, &[0; 9], true, 4, LEVELS - 1);
            let table = costs_of(look(&s[0], &v).class);
            assert_eq!(rows[0], table, "{v:?}");
            assert_eq!(rows[LEVELS - 1], table, "{v:?}");
        }
    }
}
