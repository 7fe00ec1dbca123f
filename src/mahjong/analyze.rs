//! MahjongAnalyze: for a 3n+2 hand, is it a win, and what does each discard leave
//! (the questions Tenhou's 牌理 tool answers).

use super::capped::Exact;
use super::costs::{Costs, INF, TARGETS, conv};
use super::decompose::{Decomposition, decompose};
use super::engine::Engine;
use super::error::MahjongError;
use super::forms::{Eval, Form, seven_pairs, thirteen_orphans};
use super::hand::with_prepared;
use super::meld::Meld;
use super::rules::Rules;
use super::standard::{
    CountBlock, Look, Slot, improving_positions, look, looks, min_split, nec_of, slots,
};
use super::tables::{DIRECT_CLASS, costs_of, improving_of, pair_costs, tables};
use crate::tiles::Tile;

/// A tile whose draw lowers the shanten, with its live copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Improvement {
    /// The tile.
    pub tile: Tile,
    /// Copies not in the player's 3n+2 hand or melds and not visible.
    pub live: u8,
}

/// What discarding one kind of tile leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscardOption {
    /// The discarded tile.
    pub discard: Tile,
    /// Shanten of the remaining 3n+1 tiles (0 = ready in shape, no fifth copies), counted as
    /// [`WaitsResult::shanten`](super::WaitsResult::shanten).
    pub shanten: u8,
    /// Tiles that would lower that shanten, a bit per tile index (see
    /// [`AnalyzeResult::improving`] for the tiles with their live copies). A mask rather than a
    /// list so that analysing a hand allocates once, not once per discard.
    pub improving: u64,
    /// Sum of the improving tiles' live copies.
    pub improving_live: u32,
}

/// The answer to MahjongAnalyze.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalyzeResult {
    /// The hand is complete (a win in shape).
    pub complete: bool,
    /// One decomposition when complete.
    pub decomposition: Option<Decomposition>,
    /// -1 when complete, else the best shanten reachable by one discard.
    pub shanten: i8,
    /// Every distinct discard, best first: lowest shanten, then most live improving tiles, then
    /// tile order.
    pub discards: Vec<DiscardOption>,
    /// Live copies of each tile kind (by tile index): copies not in the player's 3n+2 hand or
    /// melds and not visible.
    pub live: [u8; 34],
}

impl AnalyzeResult {
    /// The improving tiles of a discard with their live copies, by tile order.
    pub fn improving<'a>(&'a self, d: &DiscardOption) -> impl Iterator<Item = Improvement> + 'a {
        let mut bits = d.improving;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Improvement {
                tile: Tile::from_index(t).expect("tile index"),
                live: self.live[t],
            })
        })
    }
}

/// Analyses a hand of 3n+2 tiles (counting each declared meld as 3).
///
/// # Examples
///
/// ```
/// use cardrules::mahjong::{Preset, Rules, analyze};
/// use cardrules::tiles::parse_tiles;
///
/// let rules = Rules::preset(Preset::Riichi);
/// let r = analyze(&rules, &parse_tiles("123m456p789s11225z")?, &[], &[])?;
/// assert!(!r.complete);
/// // Discarding the lone 5z leaves a wait on 1z and 2z, two copies of each still live.
/// let best = &r.discards[0];
/// assert_eq!((best.discard.to_string(), best.shanten), ("5z".to_string(), 0));
/// let tiles: Vec<String> = r.improving(best).map(|i| i.tile.to_string()).collect();
/// assert_eq!(tiles, ["1z", "2z"]);
/// assert_eq!(best.improving_live, 4);
///
/// let r = analyze(&rules, &parse_tiles("123m456p789s11222z")?, &[], &[])?;
/// assert!(r.complete);
/// assert_eq!(r.shanten, -1);
/// assert_eq!(r.decomposition.map(|d| d.groups.len()), Some(5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyze(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
) -> Result<AnalyzeResult, MahjongError> {
    if let Some(r) = quick_analyze(rules, hand, melds, visible) {
        return Ok(r);
    }
    general_analyze(rules, hand, melds, visible)
}

/// [`analyze`] by the general path (every request).
#[inline(never)]
fn general_analyze(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
) -> Result<AnalyzeResult, MahjongError> {
    with_prepared(rules, hand, melds, visible, 2, |p| compute(&Engine::new(p)))
}

/// Every tile kind.
const ALL_KINDS: u64 = (1 << 34) - 1;

/// [`analyze`] of the commonest request, when it is one: 14 concealed tiles, no kind held four
/// times, nothing melded or visible, not complete, under rules with every suit and the honours
/// in play and no wildcards, knitted forms, third player or void suit. Every tile is then in
/// the game with four copies, the forms are the standard one, seven pairs and thirteen
/// orphans, and the answer follows from the counts: each discard changes one suit, whose cost
/// class is one direct-table entry, and the other suits' share of the improving tiles depends
/// only on that class, so it is worked out once per suit and class, not once per discard.
/// `None` sends the request down the general path (which also finds a complete hand's
/// decomposition and reports errors).
fn quick_analyze(
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
    let direct = |x: usize, key: usize| {
        let e = if x == 3 {
            t.honors.direct(key)
        } else {
            t.suit.direct(key)
        };
        (e >> DIRECT_CLASS) as u8
    };
    let class: [u8; 4] = std::array::from_fn(|x| direct(x, keys[x]));
    let n = counts.tally();
    // A complete hand: the general path finds its form and decomposition.
    if t.replacement4(class) == 0
        || (rules.seven_pairs && n.pairs == 7)
        || (rules.thirteen_orphans && n.orphans == 13 && n.orphan_pairs > 0)
    {
        return None;
    }
    let mut nat = [0u8; 34];
    nat.copy_from_slice(&counts.0[..34]);
    let slots = slots(rules);
    let base = Base::new(&slots, &nat);
    let [one, two, three, _] = counts.at_least();
    let kinds = counts.kinds();
    let live: [u8; 34] = std::array::from_fn(|i| 4 - nat[i]);
    // Per suit and cost class after the discard: the standard replacement number and the
    // improving tiles outside the discard's suit (up to 16 remembered).
    let mut memo = [(0u8, 0u8, 0u8, 0u64); 16];
    let mut memo_len = 0;
    let mut discards = arrayvec::ArrayVec::<DiscardOption, 34>::new();
    let mut held = ALL_KINDS & !kinds.by[0];
    while held != 0 {
        let d = held.trailing_zeros() as usize;
        held &= held - 1;
        let x = d / 9;
        let pos = d - 9 * x;
        let cx = direct(x, keys[x] - (1 << (2 * pos)));
        let found = memo[..memo_len]
            .iter()
            .find(|m| m.0 == x as u8 && m.1 == cx)
            .map(|m| (m.2, m.3));
        let (best, others) = match found {
            Some(v) => v,
            None => {
                let v = base.others_after(&slots, x, cx);
                if memo_len < memo.len() {
                    memo[memo_len] = (x as u8, cx, v.0, v.1);
                    memo_len += 1;
                }
                v
            }
        };
        let (mut r, mut imp) = (best, others);
        if best < INF {
            let mut v = counts.vector(9 * x);
            v[pos] -= 1;
            // Every suit is active here: the rank alone gives the improving kinds per target,
            // unpacked only for the targets on an optimal split.
            let nec = slots[x].table.nec(slots[x].table.rank(&v));
            let mut hit =
                matching_lanes(lanes(&costs_of(cx)), base.rest_rev[x], best) & ((1 << TARGETS) - 1);
            let mut pos = 0;
            while hit != 0 {
                let k = hit.trailing_zeros() as usize;
                hit &= hit - 1;
                pos |= improving_of(nec, k);
            }
            imp |= slots[x].spread(pos);
        }
        let mut merge = |ev: Eval| {
            if ev.r < r {
                (r, imp) = (ev.r, ev.improving);
            } else if ev.r == r {
                imp |= ev.improving;
            }
        };
        let k = kinds.without(d, nat[d]);
        if rules.seven_pairs {
            merge(seven_pairs(&k, rules.seven_pairs_quads));
        }
        if rules.thirteen_orphans {
            merge(thirteen_orphans(&k, ALL_KINDS));
        }
        let improving = imp & ALL_KINDS;
        // Four copies of each improving kind less those held.
        let total = 4 * improving.count_ones()
            - (improving & one).count_ones()
            - (improving & two).count_ones()
            - (improving & three).count_ones();
        discards.push(DiscardOption {
            discard: Tile::from_index(d).expect("tile index"),
            shanten: r.saturating_sub(1),
            improving,
            improving_live: total,
        });
    }
    Some(finish(None, None, &discards, live))
}

/// The standard form's per-suit data of the 3n+2 hand, reused by every discard.
struct Base {
    costs: [Costs; 4],
    /// Improving positions per target of each suit as the 3n+2 hand has it.
    nec: [[u16; TARGETS]; 4],
    /// pair[a][b]: suits a and b combined.
    pair: [[Costs; 4]; 4],
    /// rest[x]: the three suits other than x combined.
    rest: [Costs; 4],
    /// `costs` and `rest` as [`reversed`] lanes, for [`optimal_targets`].
    costs_rev: [u128; 4],
    rest_rev: [u128; 4],
    /// `nec` with the targets reversed, to go with `costs_rev`.
    nec_rev: [[u16; TARGETS]; 4],
}

/// A cost row as sixteen byte lanes, lane k holding target k ([`INF`] past the targets).
#[inline(always)]
fn lanes(c: &Costs) -> u128 {
    let mut b = [INF; 16];
    b[..TARGETS].copy_from_slice(c);
    u128::from_le_bytes(b)
}

/// A cost row as sixteen byte lanes, lane k holding target 9 - k (0 past the targets, lanes
/// [`optimal_targets`] ignores): with four melds to place, target k of one side goes with
/// target 9 - k of the other.
#[inline(always)]
fn reversed(c: &Costs) -> u128 {
    lanes(c).swap_bytes() >> (8 * (16 - TARGETS))
}

/// The union of `nec[k]` over the lanes k where `a + b` equals `best` (four melds): what
/// `improving_positions` gives, with the lanes compared at once.
#[inline(always)]
fn optimal_targets(a: u128, b: u128, best: u8, nec: &[u16; TARGETS]) -> u32 {
    let mut hit = matching_lanes(a, b, best) & ((1 << TARGETS) - 1);
    let mut pos = 0u16;
    while hit != 0 {
        let k = hit.trailing_zeros() as usize;
        hit &= hit - 1;
        pos |= nec[k.min(TARGETS - 1)];
    }
    pos as u32
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

impl Base {
    fn new(slots: &[Slot; 4], nat: &[u8; 34]) -> Base {
        let looks = looks(slots, nat);
        let costs: [Costs; 4] = std::array::from_fn(|i| costs_of(looks[i].class));
        let mut pair = [[[INF; TARGETS]; 4]; 4];
        for a in 0..4 {
            for b in a + 1..4 {
                pair[a][b] = *pair_costs(looks[a].class, looks[b].class);
                pair[b][a] = pair[a][b];
            }
        }
        let rest = std::array::from_fn(|x| {
            let o = others(x);
            conv(&costs[o[0]], &pair[o[1]][o[2]])
        });
        let nec = std::array::from_fn(|i| nec_of(&slots[i], &looks[i]));
        Base {
            nec,
            costs,
            pair,
            rest,
            nec_rev: nec.map(|n: [u16; TARGETS]| std::array::from_fn(|k| n[TARGETS - 1 - k])),
            costs_rev: costs.map(|c| reversed(&c)),
            rest_rev: rest.map(|c| reversed(&c)),
        }
    }

    /// Standard replacement number (four melds and a pair) after suit `x` takes cost class
    /// `cx`, and the improving tiles in the other suits (those in suit `x` depend on its counts,
    /// not only its class).
    #[inline(always)]
    fn others_after(&self, slots: &[Slot; 4], x: usize, cx: u8) -> (u8, u64) {
        let cx = costs_of(cx);
        let best = min_split(&cx, &self.rest[x], 4);
        if best >= INF {
            return (INF, 0);
        }
        let mut mask = 0;
        let o = others(x);
        for (j, &y) in o.iter().enumerate() {
            let z = o[(j + 1) % 3];
            let u = o[(j + 2) % 3];
            // Lane k of the rest holds its target k, paired with suit y's target 9 - k.
            let rest_y = lanes(&conv(&cx, &self.pair[z][u]));
            let pos = optimal_targets(rest_y, self.costs_rev[y], best, &self.nec_rev[y]);
            mask |= slots[y].spread(pos);
        }
        (best, mask)
    }

    /// Standard replacement number and improving tiles after suit `x` becomes `lx`.
    fn after(&self, slots: &[Slot; 4], x: usize, lx: &Look, melds: usize) -> (u8, u64) {
        let cx = costs_of(lx.class);
        let best = min_split(&cx, &self.rest[x], melds);
        if best >= INF {
            return (INF, 0);
        }
        let mut mask = slots[x].spread(improving_positions(
            &nec_of(&slots[x], lx),
            &cx,
            &self.rest[x],
            melds,
            best,
        ));
        let o = others(x);
        for (j, &y) in o.iter().enumerate() {
            let z = o[(j + 1) % 3];
            let u = o[(j + 2) % 3];
            let rest_y = conv(&cx, &self.pair[z][u]);
            let pos = improving_positions(&self.nec[y], &self.costs[y], &rest_y, melds, best);
            mask |= slots[y].spread(pos);
        }
        (best, mask)
    }
}

fn others(x: usize) -> [usize; 3] {
    match x {
        0 => [1, 2, 3],
        1 => [0, 2, 3],
        2 => [0, 1, 3],
        _ => [0, 1, 2],
    }
}

/// The first form (standard first) in which the 3n+2 hand is complete.
fn winning_form(e: &Engine) -> Option<Form> {
    let p = e.p;
    let m = p.melds_needed;
    if p.wild == 0 {
        // Standard: one suit complete with the pair, the others as melds only.
        let l = looks(&e.slots, &p.nat);
        let mut pair_suits = 0;
        let mut ok = true;
        for (i, x) in l.iter().enumerate() {
            let (melds, pair) = x.roles(&e.slots[i]);
            ok &= melds || pair;
            pair_suits += pair as usize;
        }
        if ok && pair_suits == 1 {
            return Some(Form::Standard);
        }
        let evals = e.evals(&p.nat, &p.kinds, m, false);
        evals
            .as_slice()
            .iter()
            .filter(|ev| ev.r == 0)
            .map(|ev| ev.form)
            .min()
    } else {
        let evals = e.evals(&p.nat, &p.kinds, m, true);
        evals
            .as_slice()
            .iter()
            .filter(|ev| ev.r <= p.wild)
            .map(|ev| ev.form)
            .min()
    }
}

fn compute(e: &Engine) -> AnalyzeResult {
    let p = e.p;
    let m = p.melds_needed;
    let in_game = e.usable | e.wild_mask;

    let (winning, decomposition) = if e.meld_capped && p.wild > 0 {
        // The evaluations cap copies in the concealed part only: a win needs a decomposition
        // in which no wildcard makes a fifth copy counting the player's melds.
        let evals = e.evals(&p.nat, &p.kinds, m, true);
        let shape = e.shape();
        Form::ALL
            .into_iter()
            .filter(|&f| {
                evals
                    .as_slice()
                    .iter()
                    .any(|ev| ev.form == f && ev.r <= p.wild)
            })
            .find_map(|f| decompose(&p.nat, p.wild, m, &shape, f).map(|d| (Some(f), Some(d))))
            .unwrap_or((None, None))
    } else {
        let winning = winning_form(e);
        (
            winning,
            winning.and_then(|f| decompose(&p.nat, p.wild, m, &e.shape(), f)),
        )
    };

    let base = (!e.uncapped).then(|| Base::new(&e.slots, &p.nat));
    let live: [u8; 34] = std::array::from_fn(|t| p.live(t));
    // Look up every discard's changed suit first: the table reads are independent, so issuing
    // them together overlaps their cache misses instead of paying them one discard at a time.
    let mut changed = [None; 34];
    if base.is_some() {
        let mut bits = p.usable;
        while bits != 0 {
            let d = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if p.nat[d] > 0 {
                let x = d / 9;
                let mut v = e.slots[x].vector(&p.nat);
                let pos = if e.slots[x].tiles.len() == 2 {
                    (d / 8).min(1)
                } else {
                    d - x * 9
                };
                v[pos] -= 1;
                let lx = look(&e.slots[x], &v);
                if lx.rank != u32::MAX {
                    std::hint::black_box(e.slots[x].table.nec(lx.rank as usize)[0]);
                }
                changed[d] = Some(lx);
            }
        }
    }
    let mut discards = Vec::with_capacity(14);
    let mut kinds_left = in_game;
    while kinds_left != 0 {
        let d = kinds_left.trailing_zeros() as usize;
        kinds_left &= kinds_left - 1;
        if p.hand[d] == 0 {
            continue;
        }
        let is_wild = e.wild_mask >> d & 1 == 1;
        let mut nat = p.nat;
        let mut wild = p.wild;
        let (r, improving_nat) = if is_wild {
            wild -= 1;
            e.evals(&nat, &p.kinds, m, true).best()
        } else {
            nat[d] -= 1;
            let kinds = p.kinds.without(d, p.nat[d]);
            match &base {
                None => e.evals(&nat, &kinds, m, true).best(),
                Some(base) => {
                    // Only the discarded tile's suit changes (slots are m, p, s, z in order).
                    let x = d / 9;
                    let lx =
                        changed[d].unwrap_or_else(|| look(&e.slots[x], &e.slots[x].vector(&nat)));
                    let (mut r, mut imp) = base.after(&e.slots, x, &lx, m as usize);
                    let mut merge = |ev: Eval| {
                        if ev.r < r {
                            (r, imp) = (ev.r, ev.improving);
                        } else if ev.r == r {
                            imp |= ev.improving;
                        }
                    };
                    let rules = p.rules;
                    if p.declared == 0 && m == 4 {
                        if rules.seven_pairs {
                            merge(seven_pairs(&kinds, rules.seven_pairs_quads));
                        }
                        if rules.thirteen_orphans {
                            merge(thirteen_orphans(&kinds, p.usable));
                        }
                    }
                    if rules.knitted {
                        for ev in e.evals(&nat, &kinds, m, false).as_slice() {
                            if matches!(
                                ev.form,
                                Form::KnittedHonors
                                    | Form::SevenStarKnitted
                                    | Form::KnittedStraight
                            ) {
                                merge(*ev);
                            }
                        }
                    }
                    (r, imp)
                }
            }
        };
        // Each wildcard fills one missing tile; a drawn wildcard always helps a 3n+1 hand.
        let mut shanten = r.saturating_sub(wild + 1);
        // A wildcard kind whose every copy is already held cannot be drawn (as a natural kind
        // with four copies in the hand never shows as improving).
        let mut drawable_wild = e.wild_mask;
        let mut wb = e.wild_mask;
        while wb != 0 {
            let t = wb.trailing_zeros() as usize;
            wb &= wb - 1;
            let held = p.hand[t] - (t == d) as u8;
            if held >= p.rules.copies(Tile::from_index(t).expect("tile index")) {
                drawable_wild &= !(1 << t);
            }
        }
        // A wildcard kind's position in a suit's table is no natural tile to draw.
        let mut improving = (improving_nat & e.usable | drawable_wild) & in_game;
        if e.meld_capped {
            // The evaluations cap copies in the concealed part only; under the meld-aware cap
            // the shanten and the improving tiles are worked out exactly (see `capped`).
            let exact = Exact::new(e, &nat);
            // Without wildcards no wildcard is refused: the evaluations' number is exact.
            let r_exact = if wild == 0 {
                r
            } else {
                exact.replacement(wild)
            };
            shanten = r_exact.saturating_sub(1);
            if shanten == 0 {
                // Ready (then the evaluations also see it one tile short, r = wild + 1): keep
                // the winning tiles for which no wildcard has to make a fifth copy counting the
                // melds.
                let kinds = if is_wild {
                    p.kinds
                } else {
                    p.kinds.without(d, p.nat[d])
                };
                let mut confirmed = 0;
                for ev in e.evals(&nat, &kinds, m, true).as_slice() {
                    if ev.r == wild + 1 {
                        confirmed |= e.confirm(&nat, wild, ev.form, improving);
                    }
                }
                improving = confirmed;
                debug_assert!(
                    confirmed != 0,
                    "ready by the exact number, no confirmed wait"
                );
            } else {
                // An improving tile lowers the exact number: a natural kind held fewer than
                // four times, or a drawable wildcard.
                let mut candidates = e.usable & in_game;
                let mut bits = candidates;
                while bits != 0 {
                    let t = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if nat[t] >= 4 {
                        candidates &= !(1 << t);
                    }
                }
                improving = exact.improving(wild, r_exact, candidates, drawable_wild & in_game);
            }
        }
        let mut total = 0u32;
        let mut bits = improving;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            total += live[t] as u32;
        }
        discards.push(DiscardOption {
            discard: Tile::from_index(d).expect("tile index"),
            shanten,
            improving,
            improving_live: total,
        });
    }
    finish(winning, decomposition, &discards, live)
}

/// Sorts the discards (in tile order) and assembles the answer.
fn finish(
    winning: Option<Form>,
    decomposition: Option<Decomposition>,
    unsorted: &[DiscardOption],
    live: [u8; 34],
) -> AnalyzeResult {
    // One integer key: shanten ascending, live improving tiles descending, tile ascending (the
    // discards come in tile order, so their position stands for the tile). The keys are sorted
    // as plain integers, then the options taken in their order.
    debug_assert!(unsorted.windows(2).all(|w| w[0].discard < w[1].discard));
    let mut keys = [0u64; 34];
    let n = unsorted.len().min(34);
    for (i, (k, d)) in keys.iter_mut().zip(unsorted).enumerate() {
        *k = (d.shanten as u64) << 40 | ((u32::MAX - d.improving_live) as u64) << 8 | i as u64;
    }
    keys[..n].sort_unstable();
    let discards: Vec<DiscardOption> = keys[..n]
        .iter()
        .map(|k| unsorted[(k & 0xff) as usize])
        .collect();
    let complete = winning.is_some();
    let shanten = if complete {
        -1
    } else {
        discards.first().map_or(0, |d| d.shanten as i8)
    };
    AnalyzeResult {
        complete,
        decomposition,
        shanten,
        discards,
        live,
    }
}

#[cfg(test)]
mod tests;
