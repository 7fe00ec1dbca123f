//! The shape stage of the commonest waits request (13 concealed tiles, nothing else, plain
//! rules): one quick word per suit, read straight from the hand's counts as 2-bit digits, which
//! are summed in registers, never stored and reloaded. A hand holding a kind four times counts
//! again to find it and reads that suit's word by rank.

use crate::mahjong::costs::INF;
use crate::mahjong::forms::{seven_pairs, thirteen_orphans};
use crate::mahjong::kinds::Kinds;
use crate::mahjong::rules::Rules;
use crate::mahjong::standard::CountBlock;
use crate::mahjong::tables::{
    OFFERING, Q_CLASS, Q_KINDS, Q_OFFER, Q_PAIRS, Q_STATE, Q_SUM, tables,
};
use crate::tiles::Tile;

/// Where a suit lane keeps its tile count (below it: the suit's 2-bit digits, then room for
/// the carries a kind held four times or more makes).
const COUNT: u32 = 24;

/// What one copy of each tile index adds to the four suit lanes: 1 at its digit and 1 at the
/// count of its suit's lane. A row for every byte (only the first 34 are tiles), so indexing
/// by a tile needs neither a mask nor a bounds check; aligned, so a row is one vector load.
#[repr(C, align(16))]
struct LaneAdd([[u32; 4]; 256]);

static LANE_ADD: LaneAdd = {
    let mut t = [[0u32; 4]; 256];
    let mut i = 0;
    while i < 34 {
        t[i][i / 9] = 1 << (2 * (i % 9)) | 1 << COUNT;
        i += 1;
    }
    LaneAdd(t)
};

/// The four suit lanes of a hand: per suit its counts as 2-bit digits and, from bit
/// [`COUNT`], its tile count.
#[inline(always)]
fn lanes(hand: &[Tile]) -> [u32; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
        unsafe { lanes_sse2(hand) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut lanes = [0u32; 4];
        for t in hand {
            let add = &LANE_ADD.0[t.index() as u8 as usize];
            for (lane, a) in lanes.iter_mut().zip(add) {
                *lane = lane.wrapping_add(*a);
            }
        }
        lanes
    }
}

/// [`lanes`] with SSE2: one vector addition per tile, into two sums (even and odd tiles) so
/// the additions overlap.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn lanes_sse2(hand: &[Tile]) -> [u32; 4] {
    use std::arch::x86_64::*;
    // SAFETY: an aligned 16-byte load of one row of the aligned table (a row per byte value).
    let row =
        |t: &Tile| unsafe { _mm_load_si128(LANE_ADD.0[t.index() as u8 as usize].as_ptr().cast()) };
    let (mut a, mut b) = (_mm_setzero_si128(), _mm_setzero_si128());
    let mut pairs = hand.chunks_exact(2);
    for p in &mut pairs {
        a = _mm_add_epi32(a, row(&p[0]));
        b = _mm_add_epi32(b, row(&p[1]));
    }
    if let [t] = pairs.remainder() {
        a = _mm_add_epi32(a, row(t));
    }
    let mut out = [0u32; 4];
    // SAFETY: an unaligned 16-byte store into a 16-byte array.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), _mm_add_epi32(a, b)) };
    out
}

/// Every tile kind.
const ALL_KINDS: u64 = (1 << 34) - 1;

/// Per set of suits (bit i for suit i), the tile mask of those suits.
static SPREAD: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut m = 0;
    while m < 16 {
        let mut i = 0;
        while i < 4 {
            if m >> i & 1 == 1 {
                t[m] |= 0x1ff << (9 * i);
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// The 2-bit digits of the simples (2-8) of a numbered suit.
const SIMPLES: u32 = 0xfffc;

/// The fast stage's answer.
pub(super) struct Fast {
    /// Waits of the standard form, seven pairs and thirteen orphans (never a fifth copy).
    pub(super) masks: [u64; 3],
    /// Standard-form waits on a fifth copy of a kind held four times (0 when not asked for).
    pub(super) karaten: u64,
    /// Kinds held four times.
    pub(super) four: u64,
    /// The lowest replacement number over the forms; exact only when no mask is set (a ready
    /// hand's is 1 and is not worked out).
    pub(super) r_min: u8,
    /// The hand's counts (3 for a kind held four times), suit `i`'s kind `j` at bits `2j` of
    /// word `i`.
    pub(super) digits: [u32; 4],
}

/// The shape stage of a 13-tile concealed hand under rules [`super::quick_rules`] accepts;
/// `None` for a kind held five times or more (an error the general path reports), or when
/// seven pairs may count a quad as two pairs (the count of kinds held three times is not in
/// the quick words): the caller then takes the slower quick path. `karaten`: also find the
/// standard form's waits on a fifth copy (the full answer needs them, the shape answer does
/// not).
#[inline(always)]
pub(super) fn stage(rules: &Rules, hand: &[Tile], karaten: bool) -> Option<Fast> {
    if rules.seven_pairs && rules.seven_pairs_quads {
        return None;
    }
    let lanes = lanes(hand);
    let t = tables();
    let e = [
        t.suit.quick(lanes[0] as usize),
        t.suit.quick(lanes[1] as usize),
        t.suit.quick(lanes[2] as usize),
        t.honors.quick(lanes[3] as usize),
    ];
    // A kind held four times carries into the next digit (or past the suit's last), so the
    // digit sum the word tells falls short of the lane's count.
    let short = (0..4).fold(0, |m, i| m | ((e[i] >> Q_SUM & 15) ^ lanes[i] >> COUNT));
    if short != 0 {
        return stage_quads(rules, hand, lanes, karaten);
    }
    let digits = lanes.map(|l| l & ((1 << COUNT) - 1));
    Some(forms(rules, &e, digits, 0))
}

/// The forms from the four quick words: the standard form's waits by the suits' states (its
/// number only when it has none), then the closed forms by the words' counts.
#[inline(always)]
fn forms(rules: &Rules, e: &[u32; 4], digits: [u32; 4], four: u64) -> Fast {
    let t = tables();
    let code = (0..4).fold(0, |c, i| c | (e[i] >> Q_STATE & 7) << (3 * i));
    let offered = (0..4).fold(0u64, |m, i| {
        m | ((e[i] >> Q_OFFER & 0x1ff) as u64) << (9 * i)
    });
    let standard = offered & SPREAD[OFFERING[code as usize] as usize & 15];
    let mut masks = [standard, 0, 0];
    let e = *e;
    let mut r_min = INF;
    if standard == 0 {
        // Not ready in the standard form (nearly every random hand): its number is wanted.
        r_min = t.replacement4(e.map(|e| (e >> Q_CLASS) as u8));
    }
    if rules.seven_pairs {
        // Kinds held at least once (bits 0-3) and twice (bits 4-7), summed over the suits.
        let n: u32 = e.iter().map(|&e| e >> Q_KINDS).sum();
        let (kinds, pairs) = (n & 15, n >> (Q_PAIRS - Q_KINDS));
        let r = (7 - pairs + 7u32.saturating_sub(kinds)) as u8;
        r_min = r_min.min(r);
        if r == 1 {
            masks[1] = seven_pairs(&kinds_of(&digits), false).improving;
        }
    }
    // Thirteen orphans is one tile short only when every tile is a terminal or an honour.
    if rules.thirteen_orphans
        && (standard == 0 || (digits[0] | digits[1] | digits[2]) & SIMPLES == 0)
    {
        let r = orphans_replacement(&digits, e[3]);
        r_min = r_min.min(r);
        if r == 1 {
            masks[2] = thirteen_orphans(&kinds_of(&digits), ALL_KINDS).improving;
        }
    }
    Fast {
        masks,
        karaten: 0,
        four,
        r_min,
        digits,
    }
}

/// [`stage`] for a hand holding a kind four times, which carried into the next digit of its
/// lane: the counts again, one at a time, to find the kinds held four times (or more: `None`);
/// the digits with those at 3; the quick word of a suit holding one from its rank; and the
/// standard form's waits on a fifth copy.
#[cold]
#[inline(never)]
fn stage_quads(rules: &Rules, hand: &[Tile], lanes: [u32; 4], karaten: bool) -> Option<Fast> {
    let counts = CountBlock::of(hand);
    if counts.any_above(4) {
        return None;
    }
    let four = counts.at_least()[3];
    let mut digits = lanes.map(|l| l & ((1 << COUNT) - 1));
    let mut bits = four;
    while bits != 0 {
        let k = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        // Four copies at digit j read as 4^(j+1); a 3 there is 4^j less.
        digits[k / 9] -= 1 << (2 * (k % 9));
    }
    let t = tables();
    let table = |x: usize| if x == 3 { &t.honors } else { &t.suit };
    let e: [u32; 4] = std::array::from_fn(|x| {
        if four >> (9 * x) & 0x1ff == 0 {
            table(x).quick(digits[x] as usize)
        } else {
            table(x).quick_word(&counts.vector(9 * x))
        }
    });
    let mut f = forms(rules, &e, digits, four);
    let mut bits = if karaten { four } else { 0 };
    while bits != 0 {
        let k = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if fifth_copy_completes(&e, &counts, k) {
            f.karaten |= 1 << k;
        }
    }
    Some(f)
}

/// Is the hand, whose counts are `c` and quick words `e`, complete in the standard form with a
/// fifth copy of `k` (held four times)? Five copies of a kind in 14 tiles are a triplet plus two
/// more, or a pair plus three runs through it: so either removing a triplet of `k` leaves its
/// suit complete in its role, or removing a pair leaves it complete as melds, with every other
/// suit already complete in its role.
fn fifth_copy_completes(e: &[u32; 4], c: &CountBlock, k: usize) -> bool {
    let x = k / 9;
    let mut pairs_elsewhere = 0;
    for (i, &w) in e.iter().enumerate() {
        if i == x {
            continue;
        }
        // States 4 and 6: residue 0 complete as melds, residue 2 complete with the pair.
        match w >> Q_STATE & 7 {
            4 => {}
            6 => pairs_elsewhere += 1,
            _ => return false,
        }
    }
    let t = tables();
    let table = if x == 3 { &t.honors } else { &t.suit };
    let v = c.vector(9 * x);
    let flags = |d: u8| {
        let mut w = v;
        w[k - 9 * x] -= d;
        table.waits(table.rank(&w))
    };
    match (((e[x] >> Q_SUM & 15) + 1) % 3, pairs_elsewhere) {
        // Melds only: a triplet of the kind plus the rest as melds.
        (0, 1) => flags(2) & 1 != 0,
        // With the pair: a triplet plus the rest with the pair, or the pair plus melds.
        (2, 0) => flags(2) & 2 != 0 || flags(1) & 1 != 0,
        _ => false,
    }
}

/// Thirteen orphans' replacement number: 14, less the terminal and honour kinds held, less 1
/// when one of them is held twice. The honours' counts are the honour word's; a numbered
/// suit's terminals are its digits 0 and 8, counted at once: held (bits 0 and 16) and held
/// twice (bits 4 and 20), summed over the suits without overflowing a 4-bit field.
#[inline(always)]
fn orphans_replacement(digits: &[u32; 4], honors: u32) -> u8 {
    let sum = digits[..3].iter().fold(0, |s, &d| {
        let x = d & 0x3_0003;
        s + ((x | x >> 1) & 0x1_0001 | (x >> 1 & 0x1_0001) << 4)
    });
    let kinds = (sum & 15) + (sum >> 16 & 15) + (honors >> Q_KINDS & 15);
    let pairs = (sum >> 4 & 15) + (sum >> 20 & 15) + (honors >> Q_PAIRS);
    (14 - kinds - (pairs > 0) as u32) as u8
}

/// The kinds grouped by count, from the digits (for a closed form one tile short: rare).
#[cold]
#[inline(never)]
fn kinds_of(digits: &[u32; 4]) -> Kinds {
    let mut by = [0u64; 5];
    for t in 0..34 {
        by[(digits[t / 9] >> (2 * (t % 9)) & 3) as usize] |= 1 << t;
    }
    Kinds { by }
}
