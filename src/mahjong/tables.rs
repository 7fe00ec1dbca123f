//! Per-suit lookup tables, built once on first use.
//!
//! A suit's part of a concealed hand is a count vector (one digit 0-4 per tile kind of the suit).
//! A concealed hand never holds more than 14 tiles, so only vectors whose digits sum to at most 14
//! are stored (405,350 for a 9-kind suit, 43,130 for the 7 honours, 25 for the three-player
//! characters suit that has only 1m and 9m). A vector is addressed by its combinatorial rank among
//! those vectors in lexicographic order, computed with one small-table addition per three kinds.
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
//! - for the vectors without a digit 4 (no kind held four times), two tables indexed by the
//!   2-bit digits themselves: the direct one holding the waits word, cost class and digit sum in
//!   one entry (see [`SuitTable::direct`]), and the quick one holding what the commonest waits
//!   request needs of a suit, its waits already chosen by residue (see [`quick`]), so that
//!   request reads one entry per suit; and the class-pair rows as 16-byte blocks, the second
//!   reversed, so that four melds and a pair split between two suit pairs is one vector
//!   addition and a horizontal minimum.
//!
//! The cost is computed without ever leaving the 14-tile domain: cost = |target| - coverage, where
//! coverage is the largest sub-multiset of the vector that can still be completed to a target.
//! Only 141 distinct rows of ten costs occur, so a vector stores a one-byte cost class, and the
//! classes of two suits combine through a 141 x 141 table. The build takes roughly 20-35 ms on
//! the 2-core development machine, depending on its load (the direct and quick tables about 10
//! of them), and the tables hold about 12.9 MB; servers run it at start-up.

use std::sync::OnceLock;

use super::costs::{INF, TARGETS, conv};

/// Highest digit sum stored.
const MAX_SUM: usize = 14;
const COST_INF: u8 = INF;

/// One suit's tables.
pub(crate) struct SuitTable {
    /// Kinds in the suit (9, 7 or 2).
    kinds: usize,
    /// `offsets[i][s][c]`: rank contribution of digit `c` at position `i` when `s` of the digit
    /// budget is left.
    offsets: [[[u32; 5]; MAX_SUM + 1]; 9],
    /// `triples[g][s << 7 | (a * 25 + b * 5 + c)]`: the contribution of digits `a`, `b`, `c` at
    /// positions `3g` to `3g + 2` when `s` of the budget is left (a third of the loads of
    /// `offsets`; combinations that overrun `s` are never read). Padded to powers of two so a
    /// masked index needs no bounds check on the hot path.
    triples: Box<[[u32; 16 * 128]; 3]>,
    /// Cost class per rank (see [`Tables::classes`]). Kept apart from the waits words: the
    /// shanten of a hand that is not ready (the common case) reads only these 400 KB.
    class: Vec<u8>,
    /// Waits word per rank: bit 0 complete as melds, bit 1 complete as melds + pair,
    /// bits 2-10 kinds completing as melds, bits 11-19 kinds completing as melds + pair.
    waits: Vec<u32>,
    /// Improving kinds per rank and target: target k < 7 at bits 9k of word 0, k >= 7 at bits
    /// 9(k - 7) of word 1. Kept apart from `waits` so the waits path touches less memory.
    nec: Vec<[u64; 2]>,
    /// For the vectors whose digits are all at most 3 (no kind held four times, as in most
    /// hands), indexed by the digits themselves (digit i at bits 2i, 4^kinds entries): the
    /// waits word (bits 0-19), cost class (bits 20-27) and digit sum (bits 28-31), in one load,
    /// without the rank's three dependent steps and without a second load for the waits. 0
    /// where the sum exceeds 14.
    direct: Vec<u32>,
    /// The same vectors' quick words, what the 13-tile waits path reads (see [`quick`]).
    quick: Vec<u32>,
    /// The same vectors' cost classes alone, a quarter of [`SuitTable::direct`]'s size: what the
    /// decomposition search reads on every step, so it stays in the core's cache.
    direct_class: Vec<u8>,
}

/// Where [`SuitTable::direct`] keeps the cost class and the digit sum (the waits word takes
/// the bits below).
pub(crate) const DIRECT_CLASS: u32 = 20;
pub(crate) const DIRECT_SUM: u32 = 28;

/// Distinct per-target cost rows. Only 141 occur over all suit and honour vectors, so a vector
/// stores a one-byte class and two suits combine through a 141 x 141 table.
struct Classes {
    slots: Vec<(u128, u8)>,
    costs: Vec<[u8; TARGETS]>,
    /// `cover[c]`: per target, the coverage (target size - cost) a vector of class `c` has; 0
    /// where the target is unreachable. Row [`NO_CLASS`] is all 0. Indexed by a byte, so
    /// without bounds checks.
    cover: Box<[[u8; 16]; 256]>,
}

/// Target sizes (3 per meld, 2 for the pair); lanes past [`TARGETS`] are 0.
const SIZES: [u8; 16] = {
    let mut s = [0u8; 16];
    let mut k = 0;
    while k < TARGETS {
        s[k] = (k / 2 * 3 + (k % 2) * 2) as u8;
        k += 1;
    }
    s
};

/// The class id that marks "no vector" in the build's padding (never a real class).
const NO_CLASS: u8 = u8::MAX;

impl Classes {
    fn new() -> Classes {
        let mut c = Classes {
            slots: vec![(u128::MAX, 0); 1024],
            costs: Vec::new(),
            cover: Box::new([[0; 16]; 256]),
        };
        // Class 0: a suit that takes no part (only the empty target is reachable).
        let mut none = [0u8; 16];
        none[1..TARGETS].fill(COST_INF);
        c.id(u128::from_le_bytes(none));
        c
    }

    /// The class of a cost row (byte k the cost of target k, bytes past [`TARGETS`] 0),
    /// registering it when new.
    #[inline]
    fn id(&mut self, key: u128) -> u8 {
        let h = (key as u64).wrapping_add(((key >> 64) as u64).wrapping_mul(0x0100_0000_01b3));
        let mut i = (h.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 54) as usize;
        loop {
            let (k, id) = self.slots[i];
            if k == key {
                return id;
            }
            if k == u128::MAX {
                return self.register(i, key);
            }
            i = (i + 1) & 1023;
        }
    }

    /// Kept out of line: a new class is rare, and inlined this slows every lookup.
    #[cold]
    #[inline(never)]
    fn register(&mut self, slot: usize, key: u128) -> u8 {
        let costs = key.to_le_bytes();
        let id = u8::try_from(self.costs.len())
            .ok()
            .filter(|&id| id != NO_CLASS)
            .expect("fewer than 255 cost classes");
        self.slots[slot] = (key, id);
        self.costs.push(std::array::from_fn(|k| costs[k]));
        self.cover[id as usize] = std::array::from_fn(|k| {
            if costs[k] < COST_INF {
                SIZES[k] - costs[k]
            } else {
                0
            }
        });
        id
    }
}

/// Padding past the last rank of the build's work arrays, where the neighbours that do not exist
/// point (a run's neighbour rank plus a last digit of at most 4), so the hot loops need no tests.
const PAD: usize = 5;

/// The vectors that differ only in the last digit, which runs over `0..=min(4, room)`.
///
/// The last digit's rank term is the digit itself whatever budget is left, so the neighbour of
/// (prefix, j) one tile up (or down) at an earlier position t is `nb[t] + j`, where `nb[t]` is the
/// first rank of the neighbour prefix's run (or the padding when there is none). Going up also
/// needs `j < room`, that is room for one more tile.
struct Run {
    first: usize,
    room: usize,
    nb: [u32; 8],
}

/// Walks the runs of a suit in rank order (or its reverse) with their neighbours one way.
struct Walk<'a> {
    kinds: usize,
    offsets: &'a [[[u32; 5]; MAX_SUM + 1]; 9],
    count: &'a [[u32; MAX_SUM + 1]; 10],
    /// Neighbours one tile up (else down).
    up: bool,
    /// Descending rank order.
    rev: bool,
    /// Only runs overlapping these ranks.
    lo: usize,
    hi: usize,
    pad: u32,
}

impl Walk<'_> {
    fn run<F: FnMut(&Run)>(&self, f: &mut F) {
        self.rec(0, MAX_SUM, 0, [0; 8], 0, f);
    }

    /// Digits `0..i` are fixed, contributing `base` to the rank, and `left` of the budget remains.
    /// `nb[t]` (for the bits t of `valid`) is the same for the neighbour at position t < i.
    fn rec<F: FnMut(&Run)>(
        &self,
        i: usize,
        left: usize,
        base: u32,
        nb: [u32; 8],
        valid: u32,
        f: &mut F,
    ) {
        let span = self.count[self.kinds - i][left];
        if base as usize >= self.hi || (base + span) as usize <= self.lo {
            return;
        }
        if i == self.kinds - 1 {
            let valid = if self.up && left == 0 { 0 } else { valid };
            let nb = std::array::from_fn(|t| if valid >> t & 1 == 1 { nb[t] } else { self.pad });
            f(&Run {
                first: base as usize,
                room: left,
                nb,
            });
            return;
        }
        let top = left.min(4);
        let row = &self.offsets[i][left];
        // A neighbour at an earlier position has one tile more (or less) before digit i, so one
        // less (or more) budget for it and every later digit; no neighbour exists where the
        // clamp matters.
        let shifted = if self.up {
            left.saturating_sub(1)
        } else {
            (left + 1).min(MAX_SUM)
        };
        let shifted = &self.offsets[i][shifted];
        for k in 0..=top {
            let c = if self.rev { top - k } else { k };
            let mut next: [u32; 8] = std::array::from_fn(|t| nb[t].wrapping_add(shifted[c]));
            let mut valid = valid;
            if self.up && c < 4 {
                next[i] = base + row[c + 1];
                valid |= 1 << i;
            } else if !self.up && c > 0 {
                next[i] = base + row[c - 1];
                valid |= 1 << i;
            }
            self.rec(i + 1, left - c, base + row[c], next, valid, f);
        }
    }
}

impl SuitTable {
    /// Rank of a count vector (digits 0-4, sum at most 14).
    #[inline(always)]
    pub(crate) fn rank(&self, v: &[u8; 9]) -> usize {
        self.rank_and_sum(v).0
    }

    /// Rank and digit sum of a count vector (digits 0-4, sum at most 14). Other digits give
    /// some in-bounds index and a rank that may be out of range, never undefined behaviour.
    #[inline(always)]
    pub(crate) fn rank_and_sum(&self, v: &[u8; 9]) -> (usize, u8) {
        // Positions past `kinds` hold 0 and contribute 0, so every suit takes three steps.
        let mut left = MAX_SUM;
        let mut r = 0u32;
        for (g, table) in self.triples.iter().enumerate() {
            let (a, b, c) = (
                v[3 * g] as usize,
                v[3 * g + 1] as usize,
                v[3 * g + 2] as usize,
            );
            r += table[(left & 15) << 7 | ((a * 25 + b * 5 + c) & 127)];
            left = left.wrapping_sub(a + b + c);
        }
        (r as usize, MAX_SUM.wrapping_sub(left) as u8)
    }

    /// The waits word, cost class and digit sum of a vector whose digits are all at most 3,
    /// from its key (digit i at bits 2i); see [`SuitTable::direct`].
    #[inline(always)]
    pub(crate) fn direct(&self, key: usize) -> u32 {
        // The table's length is a power of two, so the mask spares the bounds check.
        self.direct[key & (self.direct.len() - 1)]
    }

    /// The cost class of a vector whose digits are all at most 3, from its key (digit i at bits
    /// 2i): [`SuitTable::direct`]'s class from a table a quarter of its size.
    #[inline(always)]
    pub(crate) fn direct_class(&self, key: usize) -> u8 {
        // The table's length is a power of two, so the mask spares the bounds check.
        self.direct_class[key & (self.direct_class.len() - 1)]
    }

    /// The [`SuitTable::direct`] entries: every vector of digits 0-3 in the suit's positions.
    fn build_direct(&self) -> Vec<u32> {
        (0..1usize << (2 * self.kinds))
            .map(|key| {
                let v: [u8; 9] = std::array::from_fn(|i| (key >> (2 * i) & 3) as u8);
                let sum: u32 = v.iter().map(|&d| d as u32).sum();
                if sum as usize > MAX_SUM {
                    return 0;
                }
                let r = self.rank(&v);
                self.waits[r] | (self.class[r] as u32) << DIRECT_CLASS | sum << DIRECT_SUM
            })
            .collect()
    }

    /// Rank by single digits (the definition `triples` is derived from).
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
        // The kind count as a constant, so the loops over positions unroll.
        match kinds {
            9 => SuitTable::build_for::<9>(sequences, classes),
            7 => SuitTable::build_for::<7>(sequences, classes),
            2 => SuitTable::build_for::<2>(sequences, classes),
            _ => unreachable!("suits have 9, 7 or 2 kinds"),
        }
    }

    fn build_for<const KINDS: usize>(sequences: bool, classes: &mut Classes) -> SuitTable {
        let kinds = KINDS;
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
        let mut triples = Box::new([[0u32; 16 * 128]; 3]);
        for (g, table) in triples.iter_mut().enumerate() {
            let [o0, o1, o2] = [&offsets[3 * g], &offsets[3 * g + 1], &offsets[3 * g + 2]];
            for s in 0..=MAX_SUM {
                for a in 0..=4.min(s) {
                    for b in 0..=4.min(s - a) {
                        for c in 0..=4.min(s - a - b) {
                            table[s << 7 | (a * 25 + b * 5 + c)] =
                                o0[s][a] + o1[s - a][b] + o2[s - a - b][c];
                        }
                    }
                }
            }
        }
        let mut table = SuitTable {
            kinds,
            offsets,
            triples,
            class: Vec::new(),
            waits: Vec::new(),
            nec: Vec::new(),
            direct: Vec::new(),
            quick: Vec::new(),
            direct_class: Vec::new(),
        };

        // exact[r]: bitset of targets (m * 2 + p) that the vector is exactly.
        let mut exact = vec![0u16; size + PAD];
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

        // Ranks are lexicographic with digit 0 most significant, so v + e_t always ranks above v:
        // a pass that needs its neighbours one tile up done first runs in descending rank order,
        // one that needs them one tile down in ascending order, and both read memory in a few
        // sequential streams.
        let walk = |up: bool, rev: bool, lo: usize, hi: usize| Walk {
            kinds,
            offsets: &table.offsets,
            count: &count,
            up,
            rev,
            lo,
            hi,
            pad: size as u32,
        };

        // fits[r]: targets that v can still be completed to (add tiles, at most 4 a kind). A run
        // at a time: vector j of a run has its neighbour at position t at lane j of that
        // neighbour's run (when j < room, else none), and its neighbour in the last digit is
        // vector j + 1 of its own run.
        let mut fits = exact;
        walk(true, true, 0, size).run(&mut |run: &Run| {
            let (first, len, ups) = (run.first, run.room.min(4) + 1, run.room.min(5));
            let mut above = [0u16; 5];
            for &u in &run.nb[..KINDS - 1] {
                let u = u as usize;
                let lanes: &[u16; 5] = fits[u..u + 5].try_into().unwrap();
                for j in 0..5 {
                    above[j] |= lanes[j];
                }
            }
            let mut next = 0;
            for j in (0..len).rev() {
                let f = fits[first + j] | if j < ups { above[j] } else { 0 } | next;
                fits[first + j] = f;
                next = f;
            }
        });
        let reach = fits[0];

        // Costs per rank as cost classes: cost = |target| - coverage, where the coverage (largest
        // sub-multiset of v that fits the target) is v's size where v fits, else the best of
        // its neighbours one tile down, which a class determines.
        let mut reach_mask = [0u8; 16];
        let mut unreached = [0u8; 16];
        for k in 0..TARGETS {
            if reach >> k & 1 == 1 {
                reach_mask[k] = 0xff;
            } else {
                unreached[k] = COST_INF;
            }
        }
        let (reach_mask, unreached) = (
            u128::from_le_bytes(reach_mask),
            u128::from_le_bytes(unreached),
        );
        let fit_masks: Vec<[u8; 16]> = (0..1 << TARGETS)
            .map(|f: usize| std::array::from_fn(|k| if f >> k & 1 == 1 { 0xff } else { 0 }))
            .collect();
        let mut class = vec![NO_CLASS; size + PAD];
        let mut used = [false; 256];
        walk(false, false, 0, size).run(&mut |run: &Run| {
            let mut prev = [0u8; 16];
            for j in 0..=run.room.min(4) {
                let r = run.first + j;
                let sum = (MAX_SUM - run.room + j) as u8;
                let fit = &fit_masks[fits[r] as usize];
                let mut cover = [0u8; 16];
                for k in 0..16 {
                    cover[k] = (fit[k] & sum).max(prev[k]);
                }
                // A run one tile down is at least as long, so lane j exists there.
                for &u in &run.nb[..KINDS - 1] {
                    let other = &classes.cover[class[u as usize + j] as usize];
                    for k in 0..16 {
                        cover[k] = cover[k].max(other[k]);
                    }
                }
                prev = cover;
                // One 128-bit subtraction: no lane borrows, as a coverage never exceeds its
                // target's size, and is 0 in unreachable and unused lanes. (Lane by lane, the
                // compiler splits the rows into scalar pieces.)
                let costs = u128::from_le_bytes(SIZES).wrapping_sub(u128::from_le_bytes(cover))
                    & reach_mask
                    | unreached;
                let id = classes.id(costs);
                used[id as usize] = true;
                class[r] = id;
            }
        });

        // Per pair of classes occurring here: the targets where the first costs more (and is
        // reachable), which improve when a tile takes a vector of the first to the second, laid
        // out as improving-kind words for position 0. Class n (row and column) is the padding.
        let n = classes.costs.len();
        let pad_class = u8::try_from(n).expect("fewer than 255 cost classes");
        class[size..].fill(pad_class);
        // Indexed by two class bytes, so without bounds checks.
        let mut gain: Box<[[u64; 2]]> = vec![[0u64; 2]; 1 << 16].into_boxed_slice();
        let gain: &mut [[u64; 2]; 1 << 16] = (&mut *gain).try_into().unwrap();
        let occurring: Vec<usize> = (0..n).filter(|&c| used[c]).collect();
        for &a in &occurring {
            let ca = &classes.costs[a];
            for &b in &occurring {
                let cb = &classes.costs[b];
                let mut words = [0u64; 2];
                for k in 0..TARGETS {
                    if ca[k] < COST_INF && ca[k] > cb[k] {
                        words[k / 7] |= 1 << (9 * (k % 7));
                    }
                }
                gain[a << 8 | b] = words;
            }
        }
        // Per class: bit s set when it contains the target of size s (cost 0), so a vector of
        // size s is exactly that target. Target sizes are distinct, and a size 0 mod 3 is melds
        // only, 2 mod 3 melds and a pair.
        let mut complete = [0u32; 256];
        for (c, costs) in classes.costs.iter().enumerate() {
            for k in 0..TARGETS {
                complete[c] |= ((costs[k] == 0) as u32) << SIZES[k];
            }
        }

        // Per vector: completing kinds and improving kinds from its neighbours one tile up.
        // Independent per vector, so the 9-kind suit splits over two threads.
        let finish = |lo: usize, waits: &mut [u32], nec: &mut [[u64; 2]]| {
            let hi = lo + waits.len();
            let flag = |s: usize| (!s.is_multiple_of(3)) as u32;
            walk(true, false, lo, hi).run(&mut |run: &Run| {
                for j in 0..=run.room.min(4) {
                    let r = run.first + j;
                    if r < lo || r >= hi {
                        continue;
                    }
                    let sum = MAX_SUM - run.room + j;
                    let own = class[r];
                    let mut word = (complete[own as usize] >> sum & 1) << flag(sum);
                    let mut words = [0u64; 2];
                    if j < run.room {
                        let sel = 1 << (sum + 1);
                        // Bit sum + 1 + t: the neighbour at t is complete (no overlaps).
                        let mut hits = 0u32;
                        let mut add = |t: usize, other: u8| {
                            let g = &gain[(own as usize) << 8 | other as usize];
                            words[0] |= g[0] << t;
                            words[1] |= g[1] << t;
                            hits |= (complete[other as usize] & sel) << t;
                        };
                        for t in 0..KINDS - 1 {
                            add(t, class[run.nb[t] as usize + j]);
                        }
                        add(KINDS - 1, class[if j < 4 { r + 1 } else { size }]);
                        word |= hits >> (sum + 1) << (2 + 9 * flag(sum + 1));
                    }
                    waits[r - lo] = word;
                    nec[r - lo] = words;
                }
            });
        };
        let mut waits = vec![0u32; size];
        let mut nec = vec![[0u64; 2]; size];
        if size > 100_000 {
            let half = size / 2;
            let (w_lo, w_hi) = waits.split_at_mut(half);
            let (n_lo, n_hi) = nec.split_at_mut(half);
            std::thread::scope(|scope| {
                scope.spawn(|| finish(0, w_lo, n_lo));
                finish(half, w_hi, n_hi);
            });
        } else {
            finish(0, &mut waits, &mut nec);
        }
        class.truncate(size);
        table.class = class;
        table.waits = waits;
        table.nec = nec;
        table.direct = table.build_direct();
        table.direct_class = table
            .direct
            .iter()
            .map(|&d| (d >> DIRECT_CLASS) as u8)
            .collect();
        table.quick = table.build_quick();
        table
    }
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
    pub(crate) classes: Vec<[u8; TARGETS]>,
    /// `pairs[a * classes + b]`: classes a and b combined (min-plus convolution).
    pairs: Vec<[u8; TARGETS]>,
    /// The same rows as 16-byte blocks for [`Tables::replacement4`]: `ahead` in target order,
    /// `behind` reversed (lane k holds target 9 - k), lanes past the ten targets [`INF`].
    ahead: Vec<[u8; 16]>,
    behind: Vec<[u8; 16]>,
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
                pairs.push(conv(a, b));
            }
        }
        let ahead = pairs
            .iter()
            .map(|row| std::array::from_fn(|k| if k < TARGETS { row[k] } else { INF }))
            .collect();
        let behind = pairs
            .iter()
            .map(|row| {
                std::array::from_fn(|k| {
                    if k < TARGETS {
                        row[TARGETS - 1 - k]
                    } else {
                        INF
                    }
                })
            })
            .collect();
        Tables {
            suit,
            honors,
            terminals,
            classes: classes.costs,
            pairs,
            ahead,
            behind,
        }
    }

    /// The standard form's replacement number for four melds and a pair, from the four suits'
    /// cost classes: what `min_split(pair_costs(a, b), pair_costs(c, d), 4)` gives.
    ///
    /// Four melds split between the first two suits (`m` melds, with or without the pair) and
    /// the last two (`4 - m`, the other way) pair target `k` of the first with target `9 - k` of
    /// the second, so the answer is the smallest lane of the first row plus the second row
    /// reversed: one vector addition and a horizontal minimum.
    #[inline(always)]
    pub(crate) fn replacement4(&self, c: [u8; 4]) -> u8 {
        let n = self.classes.len();
        let a = &self.ahead[c[0] as usize * n + c[1] as usize];
        let b = &self.behind[c[2] as usize * n + c[3] as usize];
        min_of_sums(a, b).min(INF)
    }
}

/// [`min_of_sums`] with SSE2: one saturating addition, then the minimum folded in halves.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn min_of_sums_sse2(a: &[u8; 16], b: &[u8; 16]) -> u8 {
    use std::arch::x86_64::*;
    // SAFETY: each pointer is to a 16-byte array (unaligned loads).
    let (x, y) = unsafe {
        (
            _mm_loadu_si128(a.as_ptr().cast()),
            _mm_loadu_si128(b.as_ptr().cast()),
        )
    };
    let mut s = _mm_adds_epu8(x, y);
    s = _mm_min_epu8(s, _mm_srli_si128::<8>(s));
    s = _mm_min_epu8(s, _mm_srli_si128::<4>(s));
    s = _mm_min_epu8(s, _mm_srli_si128::<2>(s));
    s = _mm_min_epu8(s, _mm_srli_si128::<1>(s));
    _mm_cvtsi128_si32(s) as u8
}

/// The smallest lane of `a + b` (saturating).
#[inline(always)]
fn min_of_sums(a: &[u8; 16], b: &[u8; 16]) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
        unsafe { min_of_sums_sse2(a, b) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        (0..16)
            .map(|k| a[k].saturating_add(b[k]))
            .min()
            .unwrap_or(u8::MAX)
    }
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on first use.
pub(crate) fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
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

mod quick;
pub(crate) use quick::{OFFERING, Q_CLASS, Q_KINDS, Q_OFFER, Q_PAIRS, Q_STATE, Q_SUM};

#[cfg(test)]
mod tests;
