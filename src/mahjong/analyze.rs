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
use super::standard::{Look, Slot, improving_positions, look, looks, min_split, nec_of};
use super::tables::{costs_of, pair_costs};
use crate::tiles::Tile;

mod quick;

use quick::quick_analyze;

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

/// The standard form's per-suit data of the 3n+2 hand, reused by every discard.
struct Base {
    costs: [Costs; 4],
    /// Improving positions per target of each suit as the 3n+2 hand has it.
    nec: [[u16; TARGETS]; 4],
    /// pair[a][b]: suits a and b combined.
    pair: [[Costs; 4]; 4],
    /// rest[x]: the three suits other than x combined.
    rest: [Costs; 4],
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
        }
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
    finish(winning, decomposition.map(|d| d.expand()), &discards, live)
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
