//! Per-suit lookup tables, built once on first use.
//!
//! A suit's part of a concealed hand is a count vector (one digit 0-4 per tile kind of the suit).
//! A concealed hand never holds more than 14 tiles, so only vectors whose digits sum to at most 14
//! are stored (405,350 for a 9-kind suit, 43,130 for the 7 honours, 15 for the three-player
//! characters suit that has only 1m and 9m). A vector is addressed by its combinatorial rank among
//! those vectors in lexicographic order, computed with one small-table addition per two kinds.
//!
//! Per vector the tables hold:
//! - whether it is complete as melds only, or as melds plus exactly one pair, and the kinds whose
//!   addition makes it complete either way (the standard-form waits, combined across suits by
//!   residue mod 3);
//! - for every target "m melds + p pairs" (m 0-4, p 0-1): the replacement cost, i.e. the fewest
//!   tiles that must be added to the vector so that it contains such a target with at most four
//!   copies of a kind, and the kinds whose addition lowers that cost. Summed over suits these give
//!   the exact replacement number (shanten + 1) that the `xiangting` crate also computes, and the
//!   improving tiles (ukeire).
//!
//! The cost is computed without ever leaving the 14-tile domain: cost = |target| - coverage, where
//! coverage is the largest sub-multiset of the vector that can still be completed to a target.
//! Only 130 distinct rows of ten costs occur, so a vector stores a one-byte cost class, and the
//! classes of two suits combine through a 130 x 130 table. The build takes roughly 75-125 ms on
//! the 2-core development machine, depending on its load; servers run it at start-up.

use std::sync::OnceLock;

/// Highest digit sum stored.
const MAX_SUM: usize = 14;
/// Number of (melds, pair) targets: index `m * 2 + p`.
pub(crate) const TARGETS: usize = 10;
/// Marks an unreachable cost. Every reachable cost, and every sum of suit costs for one split of
/// a hand, is at most 14 (the target's size), so 15 and above always mean "unreachable".
pub(crate) const INF: u8 = 15;
const COST_INF: u8 = INF;

/// One suit's tables.
pub(crate) struct SuitTable {
    /// Kinds in the suit (9, 7 or 2).
    kinds: usize,
    /// `offsets[i][s][c]`: rank contribution of digit `c` at position `i` when `s` of the digit
    /// budget is left.
    offsets: [[[u32; 5]; MAX_SUM + 1]; 9],
    /// `pairs[j][s][a * 5 + b]`: the contribution of digits `a`, `b` at positions `2j`, `2j + 1`
    /// (half the dependent loads of `offsets`; combinations that overrun `s` are never read).
    pairs: [[[u32; 25]; MAX_SUM + 1]; 5],
    /// Cost class per rank (see [`Tables::classes`]). Kept apart from the waits words: the
    /// shanten of a hand that is not ready (the common case) reads only these 400 KB.
    class: Vec<u8>,
    /// Waits word per rank: bit 0 complete as melds, bit 1 complete as melds + pair,
    /// bits 2-10 kinds completing as melds, bits 11-19 kinds completing as melds + pair.
    waits: Vec<u32>,
    /// Improving kinds per rank and target: target k < 7 at bits 9k of word 0, k >= 7 at bits
    /// 9(k - 7) of word 1. Kept apart from `main` so the waits path touches less memory.
    nec: Vec<[u64; 2]>,
}

/// Bit offset of the packed costs in the words the build works with.
const COST_SHIFT: u32 = 20;

/// Distinct per-target cost rows. Only about 130 occur over all suit and honour vectors, so a
/// main word stores a one-byte class and two suits combine through a 130 x 130 table.
struct Classes {
    slots: Vec<(u64, u8)>,
    costs: Vec<[u8; TARGETS]>,
}

impl Classes {
    fn new() -> Classes {
        let mut c = Classes {
            slots: vec![(u64::MAX, 0); 1024],
            costs: Vec::new(),
        };
        // Class 0: a suit that takes no part (only the empty target is reachable).
        c.id(0xff_ffff_fff0);
        c
    }

    /// The class of packed costs (ten nibbles), registering it when new.
    fn id(&mut self, packed: u64) -> u32 {
        let mut i = (packed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 54) as usize;
        loop {
            let (key, id) = self.slots[i];
            if key == packed {
                return id as u32;
            }
            if key == u64::MAX {
                let id = u8::try_from(self.costs.len()).expect("at most 256 cost classes");
                self.slots[i] = (packed, id);
                self.costs
                    .push(std::array::from_fn(|k| (packed >> (4 * k)) as u8 & 15));
                return id as u32;
            }
            i = (i + 1) & 1023;
        }
    }
}

impl SuitTable {
    /// Rank of a count vector (digits 0-4, sum at most 14).
    #[inline(always)]
    pub(crate) fn rank(&self, v: &[u8; 9]) -> usize {
        // Positions past `kinds` hold 0 and contribute 0, so every suit takes five steps.
        let mut left = MAX_SUM;
        let mut r = 0u32;
        for j in 0..5 {
            let a = v[2 * j] as usize;
            let b = if j < 4 { v[2 * j + 1] as usize } else { 0 };
            r += self.pairs[j][left.min(MAX_SUM)][a * 5 + b];
            left = left.wrapping_sub(a + b);
        }
        r as usize
    }

    /// Rank by single digits (the definition `pairs` is derived from).
    fn rank_slow(&self, v: &[u8; 9]) -> usize {
        let mut left = MAX_SUM;
        let mut r = 0u32;
        for (i, &c) in v.iter().enumerate().take(self.kinds) {
            r += self.offsets[i][left][c as usize];
            left -= c as usize;
        }
        r as usize
    }

    /// The cost class of a rank.
    #[inline]
    pub(crate) fn class(&self, rank: usize) -> u8 {
        self.class[rank]
    }

    /// The waits word (see the field docs) of a rank.
    #[inline]
    pub(crate) fn waits(&self, rank: usize) -> u32 {
        self.waits[rank]
    }

    /// The improving-kind words for a rank.
    #[inline]
    pub(crate) fn nec(&self, rank: usize) -> &[u64; 2] {
        &self.nec[rank]
    }

    fn build(kinds: usize, sequences: bool, classes: &mut Classes) -> SuitTable {
        // count[n][s]: vectors of n digits (0-4) with sum <= s.
        let mut count = [[0u32; MAX_SUM + 1]; 10];
        count[0] = [1; MAX_SUM + 1];
        for n in 1..=kinds {
            for s in 0..=MAX_SUM {
                count[n][s] = (0..=4.min(s)).map(|c| count[n - 1][s - c]).sum();
            }
        }
        let mut offsets = [[[0u32; 5]; MAX_SUM + 1]; 9];
        for (i, table) in offsets.iter_mut().enumerate().take(kinds) {
            for (s, row) in table.iter_mut().enumerate() {
                let mut acc = 0;
                for (c, slot) in row.iter_mut().enumerate() {
                    *slot = acc;
                    if c <= s {
                        acc += count[kinds - 1 - i][s - c];
                    }
                }
            }
        }
        let size = count[kinds][MAX_SUM] as usize;
        let mut pairs = [[[0u32; 25]; MAX_SUM + 1]; 5];
        for (j, table) in pairs.iter_mut().enumerate() {
            for (s, row) in table.iter_mut().enumerate() {
                for a in 0..5 {
                    for b in 0..5 {
                        if a + b > s {
                            continue;
                        }
                        let hi = 2 * j + 1;
                        let mut r = offsets.get(2 * j).map_or(0, |o| o[s][a]);
                        if hi < 9 {
                            r += offsets[hi][s - a][b];
                        }
                        row[a * 5 + b] = r;
                    }
                }
            }
        }
        let mut table = SuitTable {
            kinds,
            offsets,
            pairs,
            class: Vec::new(),
            waits: Vec::new(),
            nec: vec![[0; 2]; size],
        };

        // Enumerate every vector in rank order.
        let mut vecs: Vec<[u8; 9]> = Vec::with_capacity(size);
        let mut cur = [0u8; 9];
        enumerate(&mut cur, 0, kinds, MAX_SUM, &mut vecs);
        debug_assert_eq!(vecs.len(), size);
        let sums: Vec<u8> = vecs.iter().map(|v| v.iter().sum()).collect();
        // Ranks grouped by digit sum (a counting sort), so passes can run sum by sum.
        let mut by_sum: Vec<Vec<u32>> = vec![Vec::new(); MAX_SUM + 1];
        for (r, &s) in sums.iter().enumerate() {
            by_sum[s as usize].push(r as u32);
        }
        const NONE: u32 = u32::MAX;
        // up[r * 9 + t] = rank of v + e_t, when that stays in the domain.
        let mut up = vec![NONE; size * 9];
        // Independent per vector: split over two threads (the build runs once, at start-up).
        let fill_up = |first: usize, chunk: &mut [u32]| {
            for (j, slot) in chunk.chunks_mut(9).enumerate() {
                let r = first + j;
                let v = &vecs[r];
                if sums[r] as usize == MAX_SUM {
                    continue;
                }
                // Adding a tile at t changes digit t's term, and every later term sees one less
                // of the budget: rank(v + e_t) = rank(v) + own(t) + later(t), from one pass.
                let mut left = [0usize; 10];
                left[0] = MAX_SUM;
                for i in 0..kinds {
                    left[i + 1] = left[i] - v[i] as usize;
                }
                let mut later = [0i64; 10];
                for i in (0..kinds).rev() {
                    let c = v[i] as usize;
                    let shift = offsets[i][left[i] - 1][c] as i64 - offsets[i][left[i]][c] as i64;
                    later[i] = later[i + 1] + shift;
                }
                for t in 0..kinds {
                    let c = v[t] as usize;
                    if c < 4 {
                        let own = offsets[t][left[t]][c + 1] as i64 - offsets[t][left[t]][c] as i64;
                        slot[t] = (r as i64 + own + later[t + 1]) as u32;
                    }
                }
            }
        };
        let half = size / 2;
        let (lo, hi) = up.split_at_mut(half * 9);
        std::thread::scope(|scope| {
            scope.spawn(|| fill_up(0, lo));
            fill_up(half, hi);
        });
        // exact[r]: bitset of targets (m * 2 + p) that the vector is exactly.
        let mut exact = vec![0u16; size];
        let mut groups: Vec<[u8; 9]> = Vec::new();
        for i in 0..kinds {
            let mut g = [0u8; 9];
            g[i] = 3;
            groups.push(g);
        }
        if sequences {
            for i in 0..kinds.saturating_sub(2) {
                let mut g = [0u8; 9];
                g[i] = 1;
                g[i + 1] = 1;
                g[i + 2] = 1;
                groups.push(g);
            }
        }
        let mut shape = [0u8; 9];
        mark_shapes(&table, &groups, 0, 0, &mut shape, &mut exact);

        // fits[r]: targets that v can still be completed to (add tiles, at most 4 a kind).
        let mut fits = exact.clone();
        for level in by_sum.iter().rev() {
            for &r in level {
                let r = r as usize;
                let mut f = fits[r];
                for &u in &up[r * 9..r * 9 + kinds] {
                    if u != NONE {
                        f |= fits[u as usize];
                    }
                }
                fits[r] = f;
            }
        }

        // cover[r][k]: largest sub-multiset size of v that fits target k; pushed upwards.
        let mut cover = vec![[0u8; 16]; size];
        for level in &by_sum {
            for &r in level {
                let r = r as usize;
                let s = sums[r];
                let mut c = cover[r];
                for (k, ck) in c.iter_mut().enumerate().take(TARGETS) {
                    if fits[r] >> k & 1 == 1 {
                        *ck = s;
                    }
                }
                cover[r] = c;
                for &u in &up[r * 9..r * 9 + kinds] {
                    if u != NONE {
                        let dst = &mut cover[u as usize];
                        for k in 0..16 {
                            dst[k] = dst[k].max(c[k]);
                        }
                    }
                }
            }
        }

        // Costs and completeness per rank, packed, so the last pass reads one word a neighbour.
        let reach = fits[0];
        let mut main = vec![0u64; size];
        for r in 0..size {
            let s = sums[r] as usize;
            let mut word = 0u64;
            if s.is_multiple_of(3) && exact[r] >> ((s / 3) * 2) & 1 == 1 {
                word |= 1;
            }
            if s % 3 == 2 && exact[r] >> ((s / 3) * 2 + 1) & 1 == 1 {
                word |= 2;
            }
            for (k, &covered) in cover[r].iter().enumerate().take(TARGETS) {
                let size_k = (k / 2 * 3 + (k % 2) * 2) as u8;
                // A target no vector of this suit can reach (two melds and a pair of 1m/9m only)
                // is unreachable from the empty vector, hence from every vector.
                let c = if reach >> k & 1 == 1 {
                    size_k.saturating_sub(covered)
                } else {
                    COST_INF
                };
                word |= (c as u64) << (COST_SHIFT + 4 * k as u32);
            }
            main[r] = word;
        }
        drop(cover);
        // Per vector: completing kinds from the neighbours' flags, improving kinds from the
        // neighbours' costs. Independent per vector, so split over two threads.
        let finish = |first: usize, words: &mut [u64], necs: &mut [[u64; 2]]| {
            for (j, (word, nec_out)) in words.iter_mut().zip(necs.iter_mut()).enumerate() {
                let r = first + j;
                let own = main[r];
                let costs = own >> COST_SHIFT;
                // Lanes (one byte per target, even and odd targets apart) where own < 15.
                const LO: u64 = 0x000f_0f0f_0f0f;
                const H: u64 = 0x0080_8080_8080;
                const ONE: u64 = 0x0001_0101_0101;
                let own_e = costs & LO;
                let own_o = costs >> 4 & LO;
                let live_e = ((own_e ^ LO) + 0x007f_7f7f_7f7f) & H;
                let live_o = ((own_o ^ LO) + 0x007f_7f7f_7f7f) & H;
                let mut add = 0u64;
                let mut nec = [0u64; 2];
                for t in 0..kinds {
                    let u = up[r * 9 + t];
                    if u == NONE {
                        continue;
                    }
                    let nb = main[u as usize];
                    add |= (nb & 1) << (2 + t) | (nb >> 1 & 1) << (11 + t);
                    let nc = nb >> COST_SHIFT;
                    // High bit of a lane set when own > neighbour (no borrow crosses lanes).
                    let lt_e = ((own_e | H) - ((nc & LO) + ONE)) & H & live_e;
                    let lt_o = ((own_o | H) - ((nc >> 4 & LO) + ONE)) & H & live_o;
                    let mut lanes = lt_e | lt_o >> 4;
                    while lanes != 0 {
                        let b = lanes.trailing_zeros();
                        lanes &= lanes - 1;
                        // Bit 8j+7 is target 2j, bit 8j+3 is target 2j+1.
                        let k = (b / 8 * 2 + (b % 8 == 3) as u32) as usize;
                        nec[k / 7] |= 1 << (9 * (k % 7) + t);
                    }
                }
                *word = own | add;
                *nec_out = nec;
            }
        };
        let mut words = vec![0u64; size];
        let (w_lo, w_hi) = words.split_at_mut(half);
        let (n_lo, n_hi) = table.nec.split_at_mut(half);
        std::thread::scope(|scope| {
            scope.spawn(|| finish(0, w_lo, n_lo));
            finish(half, w_hi, n_hi);
        });
        table.waits = words.iter().map(|&w| w as u32 & 0xf_ffff).collect();
        table.class = words
            .iter()
            .map(|&w| classes.id(w >> COST_SHIFT) as u8)
            .collect();
        table
    }
}

fn enumerate(cur: &mut [u8; 9], i: usize, kinds: usize, left: usize, out: &mut Vec<[u8; 9]>) {
    if i == kinds {
        out.push(*cur);
        return;
    }
    for c in 0..=4.min(left) {
        cur[i] = c as u8;
        enumerate(cur, i + 1, kinds, left - c, out);
    }
    cur[i] = 0;
}

/// Marks every multiset of up to 4 groups (non-decreasing group index), with and without one pair.
fn mark_shapes(
    table: &SuitTable,
    groups: &[[u8; 9]],
    from: usize,
    melds: usize,
    shape: &mut [u8; 9],
    exact: &mut [u16],
) {
    let kinds = table.kinds;
    exact[table.rank_slow(shape)] |= 1 << (melds * 2);
    for p in 0..kinds {
        if shape[p] <= 2 {
            shape[p] += 2;
            exact[table.rank_slow(shape)] |= 1 << (melds * 2 + 1);
            shape[p] -= 2;
        }
    }
    if melds == 4 {
        return;
    }
    for (gi, g) in groups.iter().enumerate().skip(from) {
        if (0..kinds).all(|i| shape[i] + g[i] <= 4) {
            for i in 0..kinds {
                shape[i] += g[i];
            }
            mark_shapes(table, groups, gi, melds + 1, shape, exact);
            for i in 0..kinds {
                shape[i] -= g[i];
            }
        }
    }
}

/// The three tables: numbered suits, honours, and the three-player characters suit (1m, 9m),
/// plus the cost classes they share.
pub(crate) struct Tables {
    /// 9 kinds with sequences.
    pub(crate) suit: SuitTable,
    /// 7 kinds, no sequences.
    pub(crate) honors: SuitTable,
    /// 2 kinds, no sequences.
    pub(crate) terminals: SuitTable,
    /// Per-target costs of each class.
    classes: Vec<[u8; TARGETS]>,
    /// `pairs[a * classes + b]`: classes a and b combined (min-plus convolution).
    pairs: Vec<[u8; TARGETS]>,
}

impl Tables {
    fn build() -> Tables {
        let mut classes = Classes::new();
        let suit = SuitTable::build(9, true, &mut classes);
        let honors = SuitTable::build(7, false, &mut classes);
        let terminals = SuitTable::build(2, false, &mut classes);
        let k = classes.costs.len();
        let mut pairs = Vec::with_capacity(k * k);
        for a in &classes.costs {
            for b in &classes.costs {
                pairs.push(super::standard::conv(a, b));
            }
        }
        Tables {
            suit,
            honors,
            terminals,
            classes: classes.costs,
            pairs,
        }
    }
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on first use.
pub(crate) fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}

/// Builds the tables now rather than on the first request (a server calls this at start-up).
pub fn warm_up() {
    tables();
}

/// Builds a fresh, uncached set of tables and returns how many entries it holds; for timing the
/// build in benchmarks only.
#[doc(hidden)]
pub fn build_uncached() -> usize {
    let t = Tables::build();
    t.suit.class.len() + t.honors.class.len() + t.terminals.class.len() + t.pairs.len()
}

/// The ten per-target costs of a cost class ([`INF`] when unreachable).
#[inline]
pub(crate) fn costs_of(class: u8) -> [u8; TARGETS] {
    tables().classes[class as usize]
}

/// The combined costs of two suits' cost classes.
#[inline]
pub(crate) fn pair_costs(a: u8, b: u8) -> &'static [u8; TARGETS] {
    let t = tables();
    &t.pairs[a as usize * t.classes.len() + b as usize]
}

/// The improving kinds (a bit per position of the suit) of target `k`.
#[inline]
pub(crate) fn improving_of(nec: &[u64; 2], k: usize) -> u32 {
    (nec[k / 7] >> (9 * (k % 7))) as u32 & 0x1ff
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection() {
        let t = &tables().honors;
        let mut seen = vec![false; t.class.len()];
        let mut cur = [0u8; 9];
        let mut all = Vec::new();
        enumerate(&mut cur, 0, 7, MAX_SUM, &mut all);
        for v in &all {
            let r = t.rank(v);
            assert_eq!(r, t.rank_slow(v));
            assert!(!seen[r]);
            seen[r] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(tables().suit.class.len(), 405_350);
        assert_eq!(tables().honors.class.len(), 43_130);
    }

    #[test]
    fn completeness_and_costs() {
        let t = &tables().suit;
        let w = t.waits(t.rank(&[1, 1, 1, 0, 0, 0, 0, 0, 0]));
        assert_eq!(w & 3, 1);
        let w = t.waits(t.rank(&[3, 1, 1, 1, 1, 1, 1, 1, 3]));
        // 1112345678999: every kind completes it with the pair.
        assert_eq!(w >> 11 & 0x1ff, 0x1ff);
        // 1111 towards one meld + pair: no fifth copy, so 2 more tiles (11 + 123, or 111 + xx);
        // every kind but 1 helps.
        let r = t.rank(&[4, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(costs_of(t.class(r))[3], 2);
        assert_eq!(improving_of(t.nec(r), 3), 0x1fe);
        // Empty suit: one meld costs 3, a pair 2.
        let c = costs_of(t.class(0));
        assert_eq!(c[2], 3);
        assert_eq!(c[1], 2);
        // The three-player characters (1m, 9m) can never hold two melds and a pair.
        let c = costs_of(tables().terminals.class(0));
        assert_eq!(c[5], INF);
    }

    /// FNV-1a 64 over the meaning of every rank of a table: its ten costs, waits word and
    /// improving-kind words. Class ids are internal and may be renumbered, so they are not hashed.
    fn table_checksum(t: &SuitTable) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut feed = |bytes: &[u8]| {
            for &b in bytes {
                h ^= b as u64;
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        for r in 0..t.class.len() {
            feed(&costs_of(t.class(r)));
            feed(&t.waits(r).to_le_bytes());
            let nec = t.nec(r);
            feed(&nec[0].to_le_bytes());
            feed(&nec[1].to_le_bytes());
        }
        h
    }

    /// Pins the tables' contents, so a change to how they are built cannot change what they say.
    #[test]
    fn table_contents_are_pinned() {
        let t = tables();
        assert_eq!(t.suit.class.len(), 405_350);
        assert_eq!(t.honors.class.len(), 43_130);
        assert_eq!(t.terminals.class.len(), 25);
        assert_eq!(t.classes.len(), 141);
        assert_eq!(table_checksum(&t.suit), 0x6477_e18f_770e_c957);
        assert_eq!(table_checksum(&t.honors), 0x83fb_cf8f_67ef_5a20);
        assert_eq!(table_checksum(&t.terminals), 0x423d_f24f_43fe_3126);
    }
}
