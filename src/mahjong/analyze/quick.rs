//! [`analyze`](super::analyze) of the commonest request, when it is one: 14 concealed tiles, no
//! kind held four times, nothing melded or visible, not complete, under rules with every suit and
//! the honours in play and no wildcards, knitted forms, third player or void suit.
//!
//! Every tile is then in the game with four copies, the forms are the standard one, seven pairs
//! and thirteen orphans, and the answer follows from the counts: each discard changes one suit,
//! whose cost class is one direct-table entry, and the other suits' share of the improving tiles
//! depends only on that class, so it is worked out once per suit and class, not once per
//! discard. The suits' cost rows are kept as 16-byte lanes, so that finding the targets on an
//! optimal split is one vector addition and comparison.

use super::super::costs::{Costs, INF, TARGETS};
use super::super::forms::{Eval, seven_pairs, thirteen_orphans};
use super::super::kinds::Kinds;
use super::super::meld::Meld;
use super::super::rules::Rules;
use super::super::standard::CountBlock;
use super::super::tables::{DIRECT_CLASS, SuitTable, Tables, pair_costs, tables};
use super::{AnalyzeResult, DiscardOption};
use crate::tiles::Tile;

/// Every tile kind.
const ALL_KINDS: u64 = (1 << 34) - 1;

/// The lanes of the ten targets.
const TARGET_LANES: u32 = (1 << TARGETS) - 1;

/// The quick path's answer, or `None` to send the request down the general path (which also
/// finds a complete hand's decomposition and reports errors).
pub(super) fn quick_analyze(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
) -> Option<AnalyzeResult> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has the popcnt instruction (checked just above).
        return unsafe { quick_analyze_popcnt(rules, hand, melds, visible) };
    }
    quick_analyze_body(rules, hand, melds, visible)
}

/// [`quick_analyze`] compiled with the popcnt instruction: counting the kinds and copies of
/// the closed forms and the improving tiles' live copies is then one instruction a mask.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn quick_analyze_popcnt(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
) -> Option<AnalyzeResult> {
    quick_analyze_body(rules, hand, melds, visible)
}

#[inline(always)]
fn quick_analyze_body(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
) -> Option<AnalyzeResult> {
    if hand.len() != 14
        || !melds.is_empty()
        || !visible.is_empty()
        || rules.wildcards != 0
        || rules.knitted
        || rules.three_player
        || rules.void_suit.is_some()
        || !rules.honors
    {
        return None;
    }
    let counts = CountBlock::of(hand);
    if counts.any_above(3) {
        return None;
    }
    let t = tables();
    let keys = [counts.key(0), counts.key(9), counts.key(18), counts.key(27)];
    let class: [u8; 4] = std::array::from_fn(|x| direct_class(t, x, keys[x]));
    let n = counts.tally();
    // A complete hand: the general path finds its form and decomposition.
    if t.replacement4(class) == 0
        || (rules.seven_pairs && n.pairs == 7)
        || (rules.thirteen_orphans && n.orphans == 13 && n.orphan_pairs > 0)
    {
        return None;
    }
    let [one, two, three, _] = counts.at_least();
    let kinds = Kinds {
        by: [ALL_KINDS & !one, one & !two, two & !three, three, 0],
    };
    let suits = Suits::new(t, &counts, class);
    // Per suit and cost class after the discard: the class's lanes, the standard replacement
    // number and the improving tiles outside the discard's suit (up to 16 remembered).
    let mut memo_keys = [0u16; 16];
    let mut memo = [(0u8, 0u64, 0u128); 16];
    let mut memo_len = 0;
    let mut discards = arrayvec::ArrayVec::<DiscardOption, 14>::new();
    // Sort keys: shanten ascending, live improving tiles descending, tile ascending (the
    // discards come in tile order, so their position stands for the tile).
    let mut order = arrayvec::ArrayVec::<u64, 14>::new();
    let mut held = one;
    while held != 0 {
        let d = held.trailing_zeros() as usize;
        held &= held - 1;
        let x = d / 9;
        let pos = d - 9 * x;
        let cx = direct_class(t, x, keys[x] - (1 << (2 * pos)));
        let memo_key = (x as u16) << 8 | cx as u16;
        let (best, others, cx_lanes) =
            match memo_keys[..memo_len].iter().position(|&k| k == memo_key) {
                Some(i) => memo[i],
                None => {
                    let v = suits.others_after(x, cx);
                    if memo_len < memo.len() {
                        memo_keys[memo_len] = memo_key;
                        memo[memo_len] = v;
                        memo_len += 1;
                    }
                    v
                }
            };
        let (mut r, mut imp) = (best, others);
        if best < INF {
            let mut v = counts.vector(9 * x);
            v[pos] -= 1;
            // The improving kinds per target, unpacked only for the targets on an optimal split.
            let table = suit_table(t, x);
            let nec = table.nec(table.rank(&v));
            let hit = matching_lanes(cx_lanes, suits.rest_rev[x], best) & TARGET_LANES;
            imp |= suits.spread(x, union_of_targets(nec, hit));
        }
        // A closed form is looked at only when it can reach `r`: seven pairs needs at least
        // a tile per missing pair, thirteen orphans one per missing kind less one for the pair
        // (and a discard only lowers the pairs and kinds held).
        let seven = rules.seven_pairs && 7u32.saturating_sub(n.pairs) <= r as u32;
        let thirteen = rules.thirteen_orphans && 13 - n.orphans.min(13) <= r as u32;
        let mut merge = |ev: Eval| {
            if ev.r < r {
                (r, imp) = (ev.r, ev.improving);
            } else if ev.r == r {
                imp |= ev.improving;
            }
        };
        if seven || thirteen {
            let k = without(&kinds, d);
            if seven {
                merge(seven_pairs(&k, rules.seven_pairs_quads));
            }
            if thirteen {
                merge(thirteen_orphans(&k, ALL_KINDS));
            }
        }
        let improving = imp & ALL_KINDS;
        // Four copies of each improving kind less those held.
        let total = 4 * improving.count_ones()
            - (improving & one).count_ones()
            - (improving & two).count_ones()
            - (improving & three).count_ones();
        let shanten = r.saturating_sub(1);
        let i = discards.len();
        discards.push(DiscardOption {
            discard: Tile::from_index(d).expect("tile index"),
            shanten,
            improving,
            improving_live: total,
        });
        // Insertion by key: at most 14 discards.
        let key = (shanten as u64) << 40 | ((u32::MAX - total) as u64) << 8 | i as u64;
        let at = order.iter().rposition(|&k| k < key).map_or(0, |p| p + 1);
        order.insert(at, key);
    }
    let live: [u8; 34] = std::array::from_fn(|i| 4 - counts.0[i]);
    let discards: Vec<DiscardOption> = order
        .iter()
        .map(|&k| discards[(k & 0xff) as usize])
        .collect();
    Some(AnalyzeResult {
        complete: false,
        decomposition: None,
        shanten: discards.first().map_or(0, |d| d.shanten as i8),
        discards,
        live,
    })
}

/// The table of suit `x` (0-2 the numbered suits, 3 the honours).
#[inline(always)]
fn suit_table(t: &Tables, x: usize) -> &SuitTable {
    if x == 3 { &t.honors } else { &t.suit }
}

/// The cost class of suit `x` with counts `key` (2-bit digits, each at most 3).
#[inline(always)]
fn direct_class(t: &Tables, x: usize, key: usize) -> u8 {
    (suit_table(t, x).direct(key) >> DIRECT_CLASS) as u8
}

/// The kinds after one copy of `d` (held) leaves the hand.
#[inline(always)]
fn without(k: &Kinds, d: usize) -> Kinds {
    let bit = 1u64 << d;
    let [b0, b1, b2, b3, b4] = k.by;
    // The copy moves `d` down one group: from the group holding it to the one below.
    Kinds {
        by: [
            b0 | (b1 & bit),
            (b1 & !bit) | (b2 & bit),
            (b2 & !bit) | (b3 & bit),
            b3 & !bit,
            b4,
        ],
    }
}

/// The 3n+2 hand's suits as the discards need them.
struct Suits {
    /// Each suit's cost class.
    class: [u8; 4],
    /// Each suit's cost row as [`reversed`] lanes.
    costs_rev: [u128; 4],
    /// rest[x]: the three suits other than x combined, as [`reversed`] lanes.
    rest_rev: [u128; 4],
    /// Each suit's improving kinds per target.
    nec: [&'static [u64; 2]; 4],
}

impl Suits {
    #[inline(always)]
    fn new(t: &'static Tables, counts: &CountBlock, class: [u8; 4]) -> Suits {
        let row = |c: u8| -> &'static Costs { &t.classes[c as usize] };
        let costs_rev = class.map(|c| reversed(row(c)));
        // rest[x]: the other three suits, as a suit beside the pair of the remaining two
        // (suit 1 or 0 beside 2 + 3 for suit 0 or 1, suit 3 or 2 beside 0 + 1 for suit 2 or 3).
        let [r0, r1] = conv_n(
            pair_costs(class[2], class[3]),
            [row(class[1]), row(class[0])],
        );
        let [r2, r3] = conv_n(
            pair_costs(class[0], class[1]),
            [row(class[3]), row(class[2])],
        );
        // Reversed: lane k of a rest holds its target 9 - k (0 past the targets).
        let rest_rev = [r0, r1, r2, r3].map(|r| r.swap_bytes() >> (8 * (16 - TARGETS)));
        let nec = std::array::from_fn(|x| {
            let table = suit_table(t, x);
            table.nec(table.rank(&counts.vector(9 * x)))
        });
        Suits {
            class,
            costs_rev,
            rest_rev,
            nec,
        }
    }

    /// Suit `x`'s positions (a bit each) as a tile mask.
    #[inline(always)]
    fn spread(&self, x: usize, positions: u32) -> u64 {
        (positions as u64) << (9 * x)
    }

    /// Class `cx`'s lanes, the standard replacement number (four melds and a pair) after suit
    /// `x` takes class `cx`, and the improving tiles in the other suits (those in suit `x`
    /// depend on its counts, not only its class).
    #[inline(always)]
    fn others_after(&self, x: usize, cx: u8) -> (u8, u64, u128) {
        let t = tables();
        let cx_row = &t.classes[cx as usize];
        let cx_lanes = lanes(cx_row);
        let best = min_lane(cx_lanes, self.rest_rev[x]);
        if best >= INF {
            return (INF, 0, cx_lanes);
        }
        let o = others(x);
        // The rest of suit y = o[j]: class cx with the two suits besides x and y.
        let pairs: [&Costs; 3] = std::array::from_fn(|j| {
            pair_costs(self.class[o[(j + 1) % 3]], self.class[o[(j + 2) % 3]])
        });
        let rests = conv_n(cx_row, pairs);
        let mut mask = 0;
        for (j, &y) in o.iter().enumerate() {
            // Lane k of the rest pairs with suit y's target 9 - k: the hit is in reversed
            // target order.
            let hit = matching_lanes(rests[j], self.costs_rev[y], best);
            mask |= self.spread(y, union_of_reversed_targets(self.nec[y], hit));
        }
        (best, mask, cx_lanes)
    }
}

/// The union of the improving positions of the targets in `hit` (a bit per target): the
/// targets' 9-bit fields of `nec` kept by a mask, then folded onto the first field (no loop
/// over the targets, no division by 7 per target).
#[inline(always)]
fn union_of_targets(nec: &[u64; 2], hit: u32) -> u32 {
    fold_fields(
        nec[0] & FIELDS_OF_7[(hit & 0x7f) as usize],
        nec[1] & FIELDS_OF_3[(hit >> 7 & 7) as usize],
    )
}

/// [`union_of_targets`] of a hit in reversed target order (bit k for target 9 - k; bits past
/// the targets ignored).
#[inline(always)]
fn union_of_reversed_targets(nec: &[u64; 2], hit: u32) -> u32 {
    fold_fields(
        nec[0] & FIELDS_OF_7_REVERSED[(hit >> 3 & 0x7f) as usize],
        nec[1] & FIELDS_OF_3_REVERSED[(hit & 7) as usize],
    )
}

/// The union of the 9-bit fields of `a` (seven) and `b` (three).
#[inline(always)]
fn fold_fields(mut a: u64, mut b: u64) -> u32 {
    // Seven fields: 4-6 onto 0-2, then 2-3 onto 0-1, then 1 onto 0; three: 2 onto 0, 1 onto 0.
    a |= a >> 36;
    a |= a >> 18;
    b |= b >> 18;
    a |= b;
    a |= a >> 9;
    a as u32 & 0x1ff
}

/// Per mask `m` of `N` targets: a 9-bit field of ones for each bit of `m`, at field k for bit
/// k, or (`reversed`) at field `N - 1 - k`.
const fn target_fields<const M: usize, const N: usize>(reversed: bool) -> [u64; M] {
    let mut t = [0u64; M];
    let mut m = 0;
    while m < M {
        let mut k = 0;
        while k < N {
            if m >> k & 1 == 1 {
                let field = if reversed { N - 1 - k } else { k };
                t[m] |= 0x1ff << (9 * field);
            }
            k += 1;
        }
        m += 1;
    }
    t
}

/// `FIELDS_OF_7[m]`: the fields of targets 0-6 (the first word of a table's improving kinds).
static FIELDS_OF_7: [u64; 128] = target_fields::<128, 7>(false);
/// `FIELDS_OF_3[m]`: the same for targets 7-9 (the second word).
static FIELDS_OF_3: [u64; 8] = target_fields::<8, 3>(false);
/// `FIELDS_OF_7` by reversed bits: bit i of the index stands for target 6 - i.
static FIELDS_OF_7_REVERSED: [u64; 128] = target_fields::<128, 7>(true);
/// `FIELDS_OF_3` by reversed bits: bit i of the index stands for target 9 - i.
static FIELDS_OF_3_REVERSED: [u64; 8] = target_fields::<8, 3>(true);

/// The min-plus convolution ([`conv`]) of `a` with each of `N` rows, as lanes (lane k
/// holding target k; the lanes past the targets hold no meaning): the rows share `a`'s
/// broadcast costs.
#[inline(always)]
fn conv_n<const N: usize>(a: &Costs, b: [&Costs; N]) -> [u128; N] {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
        unsafe { conv_n_sse2(a, b) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        b.map(|b| lanes(&super::super::costs::conv(a, b)))
    }
}

/// [`conv_n`] with SSE2, as `costs::conv`'s kernel: for each meld count `ma` taken from `a`,
/// the row moved up by `ma` melds plus `a`'s meld-only cost, and the row's meld-only costs
/// moved into the pair lanes plus `a`'s cost with the pair, folded in with a byte-wise minimum.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn conv_n_sse2<const N: usize>(a: &Costs, b: [&Costs; N]) -> [u128; N] {
    use std::arch::x86_64::*;
    let with: [__m128i; 5] = std::array::from_fn(|m| _mm_set1_epi8(a[2 * m] as i8));
    let without: [__m128i; 5] = std::array::from_fn(|m| _mm_set1_epi8(a[2 * m + 1] as i8));
    b.map(|b| {
        let row = lanes(b);
        let rows = _mm_set_epi64x((row >> 64) as i64, row as i64);
        // Lane 2m + 1 gets the row's cost of m melds without the pair; even lanes are
        // unreachable.
        let melds_only = _mm_or_si128(_mm_slli_epi16(rows, 8), _mm_set1_epi16(INF as i16));
        let mut r = _mm_set1_epi8(INF as i8);
        macro_rules! step {
            ($ma:literal, $shift:literal, $below:expr) => {{
                // Moving up by `ma` melds shifts in zeros, which must read as unreachable.
                let below = _mm_set_epi64x(0, $below);
                let w = _mm_or_si128(_mm_slli_si128::<$shift>(rows), below);
                let wo = _mm_or_si128(_mm_slli_si128::<$shift>(melds_only), below);
                let x = _mm_add_epi8(w, with[$ma]);
                let y = _mm_add_epi8(wo, without[$ma]);
                r = _mm_min_epu8(r, _mm_min_epu8(x, y));
            }};
        }
        step!(0, 0, 0);
        step!(1, 2, 0x0f0f);
        step!(2, 4, 0x0f0f_0f0f);
        step!(3, 6, 0x0f0f_0f0f_0f0f);
        step!(4, 8, 0x0f0f_0f0f_0f0f_0f0f);
        let lo = _mm_cvtsi128_si64(r) as u64 as u128;
        let hi = _mm_cvtsi128_si64(_mm_unpackhi_epi64(r, r)) as u64 as u128;
        hi << 64 | lo
    })
}

/// The other three suits.
fn others(x: usize) -> [usize; 3] {
    match x {
        0 => [1, 2, 3],
        1 => [0, 2, 3],
        2 => [0, 1, 3],
        _ => [0, 1, 2],
    }
}

/// A cost row as sixteen byte lanes, lane k holding target k ([`INF`] past the targets).
#[inline(always)]
fn lanes(c: &Costs) -> u128 {
    let mut b = [INF; 16];
    b[..TARGETS].copy_from_slice(c);
    u128::from_le_bytes(b)
}

/// A cost row as sixteen byte lanes, lane k holding target 9 - k (0 past the targets: lanes
/// that [`matching_lanes`]' callers mask off, and that [`min_lane`] adds to [`INF`]): with four
/// melds to place, target k of one side goes with target 9 - k of the other.
#[inline(always)]
fn reversed(c: &Costs) -> u128 {
    lanes(c).swap_bytes() >> (8 * (16 - TARGETS))
}

/// The smallest lane of `a + b`, at most [`INF`] (every lane at most [`INF`], so no sum
/// overflows a byte).
#[inline(always)]
fn min_lane(a: u128, b: u128) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
        unsafe {
            let mut s = _mm_add_epi8(
                _mm_set_epi64x((a >> 64) as i64, a as i64),
                _mm_set_epi64x((b >> 64) as i64, b as i64),
            );
            s = _mm_min_epu8(s, _mm_srli_si128::<8>(s));
            s = _mm_min_epu8(s, _mm_srli_si128::<4>(s));
            s = _mm_min_epu8(s, _mm_srli_si128::<2>(s));
            s = _mm_min_epu8(s, _mm_srli_si128::<1>(s));
            (_mm_cvtsi128_si32(s) as u8).min(INF)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (a, b) = (a.to_le_bytes(), b.to_le_bytes());
        (0..16).map(|k| a[k] + b[k]).min().unwrap_or(INF).min(INF)
    }
}

/// A bit per byte lane k where `a[k] + b[k] == best` (every lane at most [`INF`], so no sum
/// overflows a byte).
#[inline(always)]
fn matching_lanes(a: u128, b: u128, best: u8) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
        unsafe {
            let s = _mm_add_epi8(
                _mm_set_epi64x((a >> 64) as i64, a as i64),
                _mm_set_epi64x((b >> 64) as i64, b as i64),
            );
            _mm_movemask_epi8(_mm_cmpeq_epi8(s, _mm_set1_epi8(best as i8))) as u32
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (a, b) = (a.to_le_bytes(), b.to_le_bytes());
        (0..16).fold(0, |m, k| m | ((a[k] + b[k] == best) as u32) << k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::costs::conv;

    /// [`conv_n`] is `costs::conv` on the targets' lanes, for every pair of cost classes.
    #[test]
    fn conv_n_agrees_with_conv() {
        let t = tables();
        for a in &t.classes {
            for b in t.classes.chunks(3).filter(|c| c.len() == 3) {
                let ours = conv_n(a, [&b[0], &b[1], &b[2]]);
                for (row, lanes) in b.iter().zip(ours) {
                    let expected = conv(a, row);
                    let got: [u8; 16] = lanes.to_le_bytes();
                    assert_eq!(&got[..TARGETS], &expected[..], "{a:?} {row:?}");
                }
            }
        }
    }
}
