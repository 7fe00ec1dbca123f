//! The standard form (melds + one pair) across suits: waits by residue, replacement numbers and
//! improving tiles by combining per-suit table costs, and a slow uncapped path for fifth copies.

use super::costs::{Costs, INF, TARGETS, conv};
use super::kinds::Kinds;
use super::rules::Rules;
use super::tables::{
    DIRECT_CLASS, DIRECT_SUM, SuitTable, costs_of, improving_of, pair_costs, tables,
};
use crate::tiles::{Tile, TileSuit};

/// Costs of a suit that takes no part (absent honours, the void suit): only the empty target.
const IDLE: Costs = [0, INF, INF, INF, INF, INF, INF, INF, INF, INF];

const MAN: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const MAN3: [u8; 2] = [0, 8];
const PIN: [u8; 9] = [9, 10, 11, 12, 13, 14, 15, 16, 17];
const SOU: [u8; 9] = [18, 19, 20, 21, 22, 23, 24, 25, 26];
const HON: [u8; 7] = [27, 28, 29, 30, 31, 32, 33];

/// One suit as the tables see it.
#[derive(Clone, Copy)]
pub(crate) struct Slot {
    /// Its table.
    pub(crate) table: &'static SuitTable,
    /// Tile index of each position.
    pub(crate) tiles: &'static [u8],
    /// Sequences allowed.
    pub(crate) seq: bool,
    /// Whether targets may use this suit at all.
    pub(crate) active: bool,
}

impl Slot {
    /// The suit's count vector.
    #[inline(always)]
    pub(crate) fn vector(&self, counts: &[u8; 34]) -> [u8; 9] {
        let mut v = [0u8; 9];
        match self.tiles.len() {
            9 => {
                let b = self.tiles[0] as usize;
                v.copy_from_slice(&counts[b..b + 9]);
            }
            7 => v[..7].copy_from_slice(&counts[27..34]),
            _ => {
                v[0] = counts[0];
                v[1] = counts[8];
            }
        }
        v
    }

    /// Spreads a per-position bit mask into a tile mask.
    #[inline]
    pub(crate) fn spread(&self, mask: u32) -> u64 {
        if self.tiles.len() == 2 {
            (mask as u64 & 1) | (mask as u64 >> 1 & 1) << 8
        } else {
            (mask as u64) << self.tiles[0]
        }
    }
}

/// The four suits under `rules`.
pub(crate) fn slots(rules: &Rules) -> [Slot; 4] {
    let t = tables();
    let void = rules.void_suit;
    let man = if rules.three_player {
        Slot {
            table: &t.terminals,
            tiles: &MAN3,
            seq: false,
            active: true,
        }
    } else {
        Slot {
            table: &t.suit,
            tiles: &MAN,
            seq: true,
            active: true,
        }
    };
    let mut s = [
        man,
        Slot {
            table: &t.suit,
            tiles: &PIN,
            seq: true,
            active: true,
        },
        Slot {
            table: &t.suit,
            tiles: &SOU,
            seq: true,
            active: true,
        },
        Slot {
            table: &t.honors,
            tiles: &HON,
            seq: false,
            active: rules.honors,
        },
    ];
    for (i, slot) in s.iter_mut().enumerate() {
        let suit = [TileSuit::Man, TileSuit::Pin, TileSuit::Sou, TileSuit::Honor][i];
        if void == Some(suit) {
            slot.active = false;
        }
    }
    s
}

/// One suit of a hand as looked up: digit sum, rank and cost class.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Look {
    /// Tiles of the suit in the hand.
    pub(crate) sum: u8,
    /// Rank in the suit's table (`u32::MAX` for an inactive suit).
    pub(crate) rank: u32,
    /// The cost class (0 for an inactive suit: only the empty target is reachable).
    pub(crate) class: u8,
}

impl Look {
    /// The waits word (completeness flags and completing kinds), read only when needed; an
    /// inactive suit is complete when empty and completed by nothing.
    #[inline]
    pub(crate) fn flags(&self, s: &Slot) -> u32 {
        if self.rank == u32::MAX {
            1
        } else {
            s.table.waits(self.rank as usize)
        }
    }

    /// The roles the suit, as it stands, can take in a complete standard hand: complete as melds
    /// only (`.0`), or as melds plus the pair (`.1`). An inactive suit takes part only when
    /// empty (as no melds).
    #[inline]
    pub(crate) fn roles(&self, s: &Slot) -> (bool, bool) {
        if self.rank == u32::MAX {
            return (self.sum == 0, false);
        }
        let w = self.flags(s);
        let residue = self.sum % 3;
        (residue == 0 && w & 1 != 0, residue == 2 && w & 2 != 0)
    }
}

/// Looks up one suit vector.
#[inline(always)]
pub(crate) fn look(s: &Slot, v: &[u8; 9]) -> Look {
    if s.active {
        let (rank, sum) = s.table.rank_and_sum(v);
        Look {
            sum,
            rank: rank as u32,
            class: s.table.class(rank),
        }
    } else {
        Look {
            sum: v.iter().sum(),
            rank: u32::MAX,
            class: 0,
        }
    }
}

/// Looks up the four suits of `nat`.
#[inline]
pub(crate) fn looks(slots: &[Slot; 4], nat: &[u8; 34]) -> [Look; 4] {
    [
        look(&slots[0], &slots[0].vector(nat)),
        look(&slots[1], &slots[1].vector(nat)),
        look(&slots[2], &slots[2].vector(nat)),
        look(&slots[3], &slots[3].vector(nat)),
    ]
}

/// A concealed hand's counts as a zero-padded block: tile index i at byte i, 0 past index 33.
/// A suit's nine counts are then one 8-byte read plus a byte, and all counts compare at once.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
pub(crate) struct CountBlock(pub(crate) [u8; 64]);

impl CountBlock {
    /// Counts a hand of fewer than 256 tiles.
    #[inline(always)]
    pub(crate) fn of(hand: &[Tile]) -> CountBlock {
        let mut c = CountBlock([0; 64]);
        for t in hand {
            // Tile indices are below 34: the mask only spares a bounds check.
            c.0[t.index() & 63] += 1;
        }
        c
    }

    /// The eight counts from tile index `b` on, byte i for index `b + i`.
    #[inline(always)]
    fn word(&self, b: usize) -> u64 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&self.0[b..b + 8]);
        u64::from_le_bytes(w)
    }

    /// The counts at tile indices `b..b + 9` as 2-bit digits (index `b + i` at bits 2i), the
    /// key of [`SuitTable::direct`]; meaningful only while every count is at most 3.
    ///
    /// Pairs of bytes fold into nibbles, pairs of nibbles into bytes, pairs of bytes into the
    /// 16-bit key of the first eight counts: each step a shift, an or and a mask.
    #[inline(always)]
    pub(crate) fn key(&self, b: usize) -> usize {
        let x = self.word(b);
        let y = (x | x >> 6) & 0x000f_000f_000f_000f;
        let z = (y | y >> 12) & 0x0000_00ff_0000_00ff;
        let k = (z | z >> 24) & 0xffff;
        k as usize | (self.0[b + 8] as usize) << 16
    }

    /// True when some count exceeds `k` (counts below 128).
    #[inline(always)]
    pub(crate) fn any_above(&self, k: u8) -> bool {
        self.0[..48].chunks_exact(16).fold(0u8, |m, chunk| {
            chunk.iter().fold(m, |m, &c| m | (c > k) as u8)
        }) != 0
    }

    /// The kinds grouped by count (at most 4 copies each; every kind usable).
    #[inline(always)]
    pub(crate) fn kinds(&self) -> Kinds {
        let [one, two, three, four] = self.at_least();
        Kinds {
            by: [
                ALL_KINDS & !one,
                one & !two,
                two & !three,
                three & !four,
                four,
            ],
        }
    }

    /// Tile masks of the kinds held at least once, twice, three and four times (counts below
    /// 128).
    #[inline(always)]
    pub(crate) fn at_least(&self) -> [u64; 4] {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
            unsafe { at_least_sse2(&self.0) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            std::array::from_fn(|k| {
                (0..34).fold(0, |m, i| m | ((self.0[i] as usize > k) as u64) << i)
            })
        }
    }
}

/// Every tile kind.
const ALL_KINDS: u64 = (1 << 34) - 1;

/// The thirteen terminal and honour kinds.
const ORPHAN_KINDS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7f << 27;

/// 1 at the byte of each terminal and honour kind, 0 elsewhere (the [`CountBlock`] layout).
#[cfg(target_arch = "x86_64")]
static ORPHAN_BYTES: [u8; 48] = {
    let mut b = [0u8; 48];
    let mut k = 0;
    while k < 34 {
        b[k] = (ORPHAN_KINDS >> k & 1) as u8;
        k += 1;
    }
    b
};

/// How many kinds a hand holds at least once, twice and three times, and how many of the
/// thirteen terminal and honour kinds at least once and twice: what the closed forms' numbers
/// need (their waits need the kinds themselves, and only when a form is one tile short).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) kinds: u32,
    pub(crate) pairs: u32,
    pub(crate) triples: u32,
    pub(crate) orphans: u32,
    pub(crate) orphan_pairs: u32,
}

impl CountBlock {
    /// The [`Tally`] of a hand of at most 15 tiles.
    #[inline(always)]
    pub(crate) fn tally(&self) -> Tally {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
            unsafe { tally_sse2(&self.0) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self.tally_scalar()
        }
    }

    /// [`CountBlock::tally`] one kind at a time (the portable version and the test oracle).
    #[cfg(any(test, not(target_arch = "x86_64")))]
    pub(crate) fn tally_scalar(&self) -> Tally {
        let n = |k: u8, mask: u64| {
            (0..34)
                .filter(|&i| mask >> i & 1 == 1 && self.0[i] >= k)
                .count() as u32
        };
        let all = (1 << 34) - 1;
        Tally {
            kinds: n(1, all),
            pairs: n(2, all),
            triples: n(3, all),
            orphans: n(1, ORPHAN_KINDS),
            orphan_pairs: n(2, ORPHAN_KINDS),
        }
    }
}

/// [`CountBlock::tally`] with SSE2: per kind a byte weighing 1 when held, 16 more when twice
/// and 128 more when three times (and 1 and 16 for the terminal and honour kinds), summed by
/// `psadbw`. With at most 15 tiles no field overflows into the next (at most 15 kinds, 7 pairs,
/// 5 triples).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn tally_sse2(c: &[u8; 64]) -> Tally {
    use std::arch::x86_64::*;
    let p: *const __m128i = c.as_ptr().cast();
    // SAFETY: three unaligned 16-byte loads inside the 64-byte array.
    let v = unsafe {
        [
            _mm_loadu_si128(p),
            _mm_loadu_si128(p.add(1)),
            _mm_loadu_si128(p.add(2)),
        ]
    };
    // SAFETY: three unaligned 16-byte loads inside the 48-byte array.
    let o: [__m128i; 3] = unsafe {
        let q: *const __m128i = ORPHAN_BYTES.as_ptr().cast();
        [
            _mm_loadu_si128(q),
            _mm_loadu_si128(q.add(1)),
            _mm_loadu_si128(q.add(2)),
        ]
    };
    let zero = _mm_setzero_si128();
    let (mut all, mut orphans) = (zero, zero);
    for j in 0..3 {
        let ge1 = _mm_cmpgt_epi8(v[j], zero);
        let ge2 = _mm_cmpgt_epi8(v[j], _mm_set1_epi8(1));
        let ge3 = _mm_cmpgt_epi8(v[j], _mm_set1_epi8(2));
        let w = _mm_add_epi8(
            _mm_add_epi8(
                _mm_and_si128(ge1, _mm_set1_epi8(1)),
                _mm_and_si128(ge2, _mm_set1_epi8(16)),
            ),
            _mm_and_si128(ge3, _mm_set1_epi8(-128)),
        );
        all = _mm_add_epi64(all, _mm_sad_epu8(w, zero));
        // Bytes of 0 or 1 shifted by 4 within 16-bit lanes stay in their byte.
        let o = _mm_add_epi8(
            _mm_and_si128(ge1, o[j]),
            _mm_slli_epi16(_mm_and_si128(ge2, o[j]), 4),
        );
        orphans = _mm_add_epi64(orphans, _mm_sad_epu8(o, zero));
    }
    let fold =
        |x: __m128i| (_mm_cvtsi128_si64(x) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x))) as u32;
    let (t, o) = (fold(all), fold(orphans));
    Tally {
        kinds: t & 15,
        pairs: t >> 4 & 7,
        triples: t >> 7,
        orphans: o & 15,
        orphan_pairs: o >> 4,
    }
}

/// [`CountBlock::at_least`] with SSE2: the first 48 counts compared with 0, 1, 2 and 3 at once.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn at_least_sse2(c: &[u8; 64]) -> [u64; 4] {
    use std::arch::x86_64::*;
    let p: *const __m128i = c.as_ptr().cast();
    // SAFETY: three unaligned 16-byte loads inside the 64-byte array.
    let v = unsafe {
        [
            _mm_loadu_si128(p),
            _mm_loadu_si128(p.add(1)),
            _mm_loadu_si128(p.add(2)),
        ]
    };
    std::array::from_fn(|k| {
        let t = _mm_set1_epi8(k as i8);
        let m = |x: __m128i| _mm_movemask_epi8(_mm_cmpgt_epi8(x, t)) as u32 as u64;
        m(v[0]) | m(v[1]) << 16 | m(v[2]) << 32
    })
}

/// The standard form of a 13-tile concealed hand under plain rules (four players with
/// every suit and the honours in play, no wildcards): each suit's waits word and tile count,
/// and the replacement number for four melds and a pair.
pub(crate) struct PlainLook {
    /// The suits' waits words.
    words: [u32; 4],
    sums: [u32; 4],
    /// The replacement number (1 when ready).
    pub(crate) r: u8,
}

/// The table of plain suit `x` (0-2 the numbered suits, 3 the honours).
#[inline(always)]
fn plain_table(x: usize) -> &'static SuitTable {
    let t = tables();
    if x == 3 { &t.honors } else { &t.suit }
}

/// Looks up the four suits of `c` (at most 14 tiles): one direct entry per suit when no kind
/// is held four times (`quads` false), else the ranks digit by digit and the entries' fields
/// from them; then one replacement lookup.
#[inline(always)]
pub(crate) fn plain_look(c: &CountBlock, quads: bool) -> PlainLook {
    let t = tables();
    let e: [u32; 4] = if !quads {
        [
            t.suit.direct(c.key(0)),
            t.suit.direct(c.key(9)),
            t.suit.direct(c.key(18)),
            t.honors.direct(c.key(27)),
        ]
    } else {
        plain_entries(c)
    };
    PlainLook {
        words: e.map(|e| e & ((1 << DIRECT_CLASS) - 1)),
        sums: e.map(|e| e >> DIRECT_SUM),
        r: t.replacement4(e.map(|e| (e >> DIRECT_CLASS) as u8)),
    }
}

/// [`SuitTable::direct`]'s entries for the four suits of `c` (any digits up to 4): read
/// directly for a suit without a digit 4, computed from the rank for one with.
#[cold]
#[inline(never)]
fn plain_entries(c: &CountBlock) -> [u32; 4] {
    std::array::from_fn(|x| {
        let table = plain_table(x);
        let v = c.vector(9 * x);
        if v.iter().all(|&d| d <= 3) {
            return table.direct(c.key(9 * x));
        }
        let (r, sum) = table.rank_and_sum(&v);
        table.waits(r) | (table.class(r) as u32) << DIRECT_CLASS | (sum as u32) << DIRECT_SUM
    })
}

impl CountBlock {
    /// The nine counts from tile index `b` on (0 past index 33).
    #[inline(always)]
    pub(crate) fn vector(&self, b: usize) -> [u8; 9] {
        let mut v = [0u8; 9];
        v.copy_from_slice(&self.0[b..b + 9]);
        v
    }
}

impl PlainLook {
    /// Per suit: complete as melds only (bit 0), complete with the pair (bit 1), as
    /// [`Look::roles`] tells.
    #[inline(always)]
    fn roles(&self, words: &[u32; 4]) -> [u32; 4] {
        std::array::from_fn(|i| {
            let residue = self.sums[i] % 3;
            ((residue == 0) as u32 & words[i]) | ((residue == 2) as u32 & words[i] >> 1) << 1
        })
    }

    /// [`fifth_copy_completes`](super::waits) for a plain look: is the hand, whose counts are
    /// `c`, complete in the standard form with a fifth copy of `t` (held four times)? Either
    /// removing a triplet of `t` leaves its suit complete in its role, or removing a pair of
    /// `t` leaves it complete as melds, with every other suit already complete in its role.
    pub(crate) fn fifth_copy_completes(&self, c: &CountBlock, t: usize) -> bool {
        let x = t / 9;
        let roles = self.roles(&self.words);
        let mut pairs_elsewhere = 0;
        for (i, &role) in roles.iter().enumerate() {
            if i == x {
                continue;
            }
            match role {
                0 => return false,
                1 => {}
                _ => pairs_elsewhere += 1,
            }
        }
        let table = plain_table(x);
        let v = c.vector(9 * x);
        let flags = |d: u8| {
            let mut w = v;
            w[t - 9 * x] -= d;
            table.waits(table.rank(&w))
        };
        match ((self.sums[x] + 1) % 3, pairs_elsewhere) {
            (0, 1) => flags(2) & 1 != 0,
            (2, 0) => flags(2) & 2 != 0 || flags(1) & 1 != 0,
            _ => false,
        }
    }
}

/// [`waits_no_wild`] for a [`plain_look`]: every suit active, at its usual tile indices.
#[inline(always)]
pub(crate) fn plain_waits(l: &PlainLook) -> u64 {
    let words = l.words;
    let roles = l.roles(&words);
    let melds_ok: [u32; 4] = roles.map(|r| r & 1);
    let pair_ok: [u32; 4] = roles.map(|r| r >> 1);
    let melds_ok_count: u32 = melds_ok.iter().sum();
    let pair_ok_count: u32 = pair_ok.iter().sum();
    let mut mask = 0u64;
    for i in 0..4 {
        let residue = l.sums[i] % 3;
        let with_pair = residue == 1 && melds_ok_count == 3;
        let melds_only = residue == 2 && melds_ok_count == 2 && pair_ok_count - pair_ok[i] == 1;
        let kinds = (words[i] >> 11 & 0x1ff & 0u32.wrapping_sub(with_pair as u32))
            | (words[i] >> 2 & 0x1ff & 0u32.wrapping_sub(melds_only as u32));
        mask |= (kinds as u64) << (9 * i);
    }
    mask
}

/// Standard-form waits of a concealed part without wildcards (capped: no fifth copies), as a
/// tile mask. The part must hold 3n+1 tiles; the void suit must be empty for any wait.
///
/// A drawn tile completes the hand when its suit becomes complete in its role and every other
/// suit already is, with exactly one pair in all. So a suit holding 3k+1 tiles offers its
/// "complete with the pair" kinds when every other suit is complete as melds, and a suit holding
/// 3k+2 offers its "complete as melds" kinds when exactly one other suit is complete with the
/// pair and the rest as melds. Written without branches: which suits hold which residue differs
/// from hand to hand, and mispredicted branches cost more than the arithmetic.
pub(crate) fn waits_no_wild(slots: &[Slot; 4], l: &[Look; 4]) -> u64 {
    let mut melds_ok = [false; 4];
    let mut pair_ok = [false; 4];
    let mut words = [0u32; 4];
    for i in 0..4 {
        (melds_ok[i], pair_ok[i]) = l[i].roles(&slots[i]);
        // An inactive suit's word has no completing kinds.
        words[i] = l[i].flags(&slots[i]);
    }
    let melds_ok_count: u32 = melds_ok.iter().map(|&b| b as u32).sum();
    let pair_ok_count: u32 = pair_ok.iter().map(|&b| b as u32).sum();
    let mut mask = 0u64;
    for i in 0..4 {
        let residue = l[i].sum % 3;
        // Residue 1: every other suit complete as melds (this suit is not, having residue 1).
        let with_pair = residue == 1 && melds_ok_count == 3;
        // Residue 2: one other suit complete with the pair, the remaining two as melds.
        let melds_only =
            residue == 2 && melds_ok_count == 2 && pair_ok_count - pair_ok[i] as u32 == 1;
        let kinds = (words[i] >> 11 & 0x1ff & 0u32.wrapping_sub(with_pair as u32))
            | (words[i] >> 2 & 0x1ff & 0u32.wrapping_sub(melds_only as u32));
        mask |= slots[i].spread(kinds);
    }
    mask
}

/// The best total over splits of `melds` melds and one pair between one suit and the rest.
#[inline]
pub(crate) fn min_split(c: &Costs, rest: &Costs, melds: usize) -> u8 {
    // Dispatch to a fully unrolled loop per meld count (the hot case is 4).
    match melds {
        4 => split::<4>(c, rest),
        3 => split::<3>(c, rest),
        2 => split::<2>(c, rest),
        1 => split::<1>(c, rest),
        _ => split::<0>(c, rest),
    }
}

#[inline(always)]
fn split<const M: usize>(c: &Costs, rest: &Costs) -> u8 {
    let mut best = INF;
    for m in 0..=M {
        let k = M - m;
        best = best
            .min(c[m * 2] + rest[k * 2 + 1])
            .min(c[m * 2 + 1] + rest[k * 2]);
    }
    best.min(INF)
}

/// Replacement number of the standard form: `melds` melds and one pair.
#[inline]
pub(crate) fn replacement(l: &[Look; 4], melds: usize) -> u8 {
    // Two suits at a time through the class-pair table, then one split.
    min_split(
        pair_costs(l[0].class, l[1].class),
        pair_costs(l[2].class, l[3].class),
        melds,
    )
}

/// Improving positions of one suit: the union over its targets that reach `best` with `rest`.
#[inline]
pub(crate) fn improving_in(
    s: &Slot,
    l: &Look,
    c: &Costs,
    rest: &Costs,
    melds: usize,
    best: u8,
) -> u64 {
    s.spread(improving_positions(&nec_of(s, l), c, rest, melds, best))
}

/// The improving positions of every target of a looked-up suit (none for an inactive suit).
#[inline]
pub(crate) fn nec_of(s: &Slot, l: &Look) -> [u16; TARGETS] {
    if l.rank == u32::MAX {
        return [0; TARGETS];
    }
    let nec = s.table.nec(l.rank as usize);
    std::array::from_fn(|k| improving_of(nec, k) as u16)
}

/// The union of `nec` over the targets whose cost plus the rest's reaches `best`.
#[inline]
pub(crate) fn improving_positions(
    nec: &[u16; TARGETS],
    c: &Costs,
    rest: &Costs,
    melds: usize,
    best: u8,
) -> u32 {
    match melds {
        4 => positions::<4>(nec, c, rest, best),
        3 => positions::<3>(nec, c, rest, best),
        2 => positions::<2>(nec, c, rest, best),
        1 => positions::<1>(nec, c, rest, best),
        _ => positions::<0>(nec, c, rest, best),
    }
}

#[inline(always)]
fn positions<const M: usize>(nec: &[u16; TARGETS], c: &Costs, rest: &Costs, best: u8) -> u32 {
    let mut pos = 0u16;
    for m in 0..=M {
        let k = M - m;
        // Branch-free: a target contributes its mask when it is on an optimal split.
        pos |= nec[m * 2] & 0u16.wrapping_sub((c[m * 2] + rest[k * 2 + 1] == best) as u16);
        pos |= nec[m * 2 + 1] & 0u16.wrapping_sub((c[m * 2 + 1] + rest[k * 2] == best) as u16);
    }
    pos as u32
}

/// Replacement number and improving tiles (a tile mask) of the standard form.
pub(crate) fn replacement_and_improving(
    slots: &[Slot; 4],
    l: &[Look; 4],
    melds: usize,
) -> (u8, u64) {
    let c: [Costs; 4] = std::array::from_fn(|i| costs_of(l[i].class));
    // rest[i]: the other three suits combined.
    let c01 = conv(&c[0], &c[1]);
    let c23 = conv(&c[2], &c[3]);
    let rest = [
        conv(&c[1], &c23),
        conv(&c[0], &c23),
        conv(&c01, &c[3]),
        conv(&c01, &c[2]),
    ];
    let best = min_split(&c[0], &rest[0], melds);
    if best >= INF {
        return (INF, 0);
    }
    let mut mask = 0u64;
    for x in 0..4 {
        mask |= improving_in(&slots[x], &l[x], &c[x], &rest[x], melds, best);
    }
    (best, mask)
}

/// Uncapped per-target costs of one suit vector (a target may hold any number of copies), by a
/// left-to-right dynamic programme; used only where a wildcard may be a fifth copy, or to
/// recognise a wait on a fifth copy (karaten).
pub(crate) fn uncapped_costs(v: &[u8], seq: bool) -> Costs {
    let n = v.len();
    // dp[a][b][k]: a = sequences started one position back, b = two back, k = target index.
    let mut dp = [[[INF; TARGETS]; 3]; 3];
    dp[0][0][0] = 0;
    for (i, &have) in v.iter().enumerate() {
        let mut nd = [[[INF; TARGETS]; 3]; 3];
        let max_s = if seq && i + 2 < n { 2 } else { 0 };
        for (a, row) in dp.iter().enumerate() {
            for (b, cell) in row.iter().enumerate() {
                for m in 0..5 {
                    for p in 0..2 {
                        let cur = cell[m * 2 + p];
                        if cur >= INF {
                            continue;
                        }
                        for s in 0..=max_s {
                            if m + s > 4 {
                                break;
                            }
                            for k in 0..=(4 - m - s) {
                                for q in 0..=(1 - p) {
                                    let used = (a + b + s + 3 * k + 2 * q) as u8;
                                    let cost = cur + used.saturating_sub(have);
                                    let slot = &mut nd[s][a][(m + s + k) * 2 + p + q];
                                    if cost < *slot {
                                        *slot = cost;
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
    dp[0][0]
}

/// Uncapped replacement number of the standard form (`melds` melds + a pair).
pub(crate) fn uncapped_replacement(slots: &[Slot; 4], nat: &[u8; 34], melds: usize) -> u8 {
    let c: [Costs; 4] = std::array::from_fn(|i| {
        let s = &slots[i];
        if s.active {
            let v = s.vector(nat);
            uncapped_costs(&v[..s.tiles.len()], s.seq)
        } else {
            IDLE
        }
    });
    let abc = conv(&conv(&c[0], &c[1]), &c[2]);
    min_split(&c[3], &abc, melds)
}

#[cfg(test)]
mod tests;
