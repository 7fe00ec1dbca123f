//! MahjongWaits: is a 3n+1 hand ready, on which tiles, how many are left, and which waits are dead.

use super::decompose::{Decomposition, decompose};
use super::engine::Engine;
use super::error::MahjongError;
use super::forms::{Form, FormSet, seven_pairs, thirteen_orphans};
use super::hand::{Meld, with_prepared};
use super::rules::{KaratenPolicy, Rules};
use super::standard::{Look, looks, replacement, waits_no_wild};
use super::tables::INF;
use crate::tiles::Tile;

/// Why a shape wait can never be won on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exclusion {
    /// All copies are in the player's concealed hand (pure karaten, 純空聴).
    KaratenHand,
    /// All copies are in the player's concealed hand and own melds, some in the melds.
    KaratenMelds,
    /// The copies not held by the player are all visible (discards, others' melds, indicators).
    AllVisible,
}

/// A tile the hand waits on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wait {
    /// The winning tile.
    pub tile: Tile,
    /// Copies not in the player's hand or melds and not visible.
    pub live: u8,
    /// The forms the tile completes.
    pub forms: FormSet,
    /// One decomposition of the completed concealed part (only from [`waits_explained`]);
    /// boxed so that a wait stays 16 bytes on the fast path.
    pub decomposition: Option<Box<Decomposition>>,
}

/// A shape wait that cannot be won on, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExcludedWait {
    /// The tile.
    pub tile: Tile,
    /// Why it is dead.
    pub reason: Exclusion,
    /// The forms it would complete.
    pub forms: FormSet,
}

/// The answer to MahjongWaits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitsResult {
    /// Ready (听牌) under the rules' karaten policy.
    pub tenpai: bool,
    /// 0 when ready; otherwise the shanten number (at least 1): tile exchanges short of ready,
    /// never counting on a fifth copy of a kind in the concealed hand.
    pub shanten: u8,
    /// Winning tiles with live copies, by tile order.
    pub waits: Vec<Wait>,
    /// Shape waits that cannot be won on, by tile order.
    pub excluded: Vec<ExcludedWait>,
    /// True when every tile kind of the game completes the hand (a lone wildcard waits on all).
    pub any_tile: bool,
    /// True when the hand still holds a tile of the void suit, which keeps it from being ready.
    pub holds_void_suit: bool,
}

/// Waits of a concealed hand of 3n+1 tiles (counting each declared meld as 3), given declared
/// melds and the tiles visible to the player.
pub fn waits(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
) -> Result<WaitsResult, MahjongError> {
    with_prepared(rules, hand, melds, visible, 1, |p| {
        compute(&Engine::new(p), false)
    })
}

/// The shape-level answer: the tiles that complete a 3n+1 hand (never a fifth copy of a kind
/// held four times) as a tile mask, and the shanten (0 exactly when the mask is not empty). No
/// live counts, policy or lists, hence no allocation: the like-for-like counterpart of
/// `xiangting::calculate_necessary_tiles` at tenpai.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeWaits {
    /// Bit `i` set when tile index `i` completes the hand.
    pub tiles: u64,
    /// Shape shanten: 0 when `tiles` is not empty.
    pub shanten: u8,
}

/// [`ShapeWaits`] of a concealed hand of 3n+1 tiles (counting each declared meld as 3).
pub fn shape_waits(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
) -> Result<ShapeWaits, MahjongError> {
    with_prepared(rules, hand, melds, &[], 1, |p| {
        let e = Engine::new(p);
        let stage = shape_stage(&e);
        let tiles = stage.masks.iter().fold(0, |a, &b| a | b) & (e.usable | e.wild_mask);
        ShapeWaits {
            tiles,
            shanten: if tiles != 0 {
                0
            } else {
                stage.r_min.saturating_sub(p.wild + 1).max(1)
            },
        }
    })
}

/// [`waits`] plus one decomposition for each wait, showing what every wildcard stands for.
pub fn waits_explained(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
) -> Result<WaitsResult, MahjongError> {
    with_prepared(rules, hand, melds, visible, 1, |p| {
        compute(&Engine::new(p), true)
    })
}

/// The shape stage shared by [`waits`] and [`shape_waits`]: the waits of each form (no fifth
/// copies), the lowest replacement number over the forms, and the suit lookups when the plain
/// (no-wildcard) path ran.
struct Stage {
    masks: [u64; 6],
    r_min: u8,
    plain: Option<[Look; 4]>,
}

fn shape_stage(e: &Engine) -> Stage {
    let p = e.p;
    let w = p.wild;
    let m = p.melds_needed;
    // Shape waits per form (index = Form as usize).
    let mut masks = [0u64; 6];
    let mut r_min = INF;
    let mut plain = None;
    if w == 0 && !e.uncapped {
        let l = looks(&e.slots, &p.nat);
        // The standard replacement number first: it is needed anyway when the hand is not
        // ready (nearly always, for a random hand), and the waits exist exactly when it is 1.
        let r_std = replacement(&l, m as usize);
        r_min = r_std;
        if r_std == 1 {
            masks[Form::Standard as usize] = waits_no_wild(&e.slots, &l) & e.usable;
        }
        plain = Some(l);
        // The closed special forms are O(1) on the count groups; the knitted ones are rarer.
        let rules = p.rules;
        if p.declared == 0 && m == 4 {
            if rules.seven_pairs {
                let ev = seven_pairs(&p.kinds, rules.seven_pairs_quads);
                r_min = r_min.min(ev.r);
                if ev.r == 1 {
                    masks[Form::SevenPairs as usize] = ev.improving;
                }
            }
            if rules.thirteen_orphans {
                let ev = thirteen_orphans(&p.kinds, p.usable);
                r_min = r_min.min(ev.r);
                if ev.r == 1 {
                    masks[Form::ThirteenOrphans as usize] = ev.improving;
                }
            }
        }
        if rules.knitted {
            for ev in e.evals(&p.nat, &p.kinds, m, false).as_slice() {
                if matches!(
                    ev.form,
                    Form::KnittedHonors | Form::SevenStarKnitted | Form::KnittedStraight
                ) {
                    r_min = r_min.min(ev.r);
                    if ev.r == 1 {
                        masks[ev.form as usize] |= ev.improving;
                    }
                }
            }
        }
        // One tile short in a form: a drawn wildcard completes it as well.
        if e.wild_mask != 0 {
            for mask in masks.iter_mut() {
                if *mask != 0 {
                    *mask |= e.wild_mask;
                }
            }
        }
    } else {
        for ev in e.evals(&p.nat, &p.kinds, m, true).as_slice() {
            r_min = r_min.min(ev.r);
            // With w wildcards a form is one tile short when r = w + 1; then its improving tiles
            // are exactly the winning naturals, and a drawn wildcard completes it too.
            if ev.r == w + 1 {
                masks[ev.form as usize] |= ev.improving | e.wild_mask;
            }
        }
    }
    Stage {
        masks,
        r_min,
        plain,
    }
}

fn compute(e: &Engine, explain: bool) -> WaitsResult {
    let p = e.p;
    let w = p.wild;
    let m = p.melds_needed;
    let in_game = e.usable | e.wild_mask;
    let Stage {
        masks,
        r_min,
        plain,
    } = shape_stage(e);
    // Waits on a fifth copy: shapes that need a kind whose four copies are all in the hand.
    let mut karaten = [0u64; 6];
    if !p.void_held && p.kinds.by[4] != 0 {
        let shape = e.shape();
        let mut four = p.kinds.by[4];
        while four != 0 {
            let t = four.trailing_zeros() as usize;
            four &= four - 1;
            let standard = match &plain {
                Some(l) => fifth_copy_completes(e, l, t),
                None => {
                    let mut n = p.nat;
                    n[t] += 1;
                    decompose(&n, w, m, &shape, Form::Standard).is_some()
                }
            };
            if standard {
                karaten[Form::Standard as usize] |= 1 << t;
            }
            if p.rules.knitted {
                let mut n = p.nat;
                n[t] += 1;
                if decompose(&n, w, m, &shape, Form::KnittedStraight).is_some() {
                    karaten[Form::KnittedStraight as usize] |= 1 << t;
                }
            }
        }
    }
    let all: u64 = masks.iter().chain(karaten.iter()).fold(0, |a, &b| a | b) & in_game;
    if all == 0 {
        // Not ready in any form (the common case for a random hand): only the shanten is left.
        return WaitsResult {
            tenpai: false,
            shanten: r_min.saturating_sub(w + 1).max(1),
            waits: Vec::new(),
            excluded: Vec::new(),
            any_tile: false,
            holds_void_suit: p.void_held,
        };
    }

    let mut waits = Vec::with_capacity(all.count_ones() as usize);
    let mut excluded = Vec::new();
    let mut bits = all;
    while bits != 0 {
        let t = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let tile = Tile::from_index(t).expect("tile index");
        let mut bits_of_forms = 0u8;
        for (f, (m, k)) in masks.iter().zip(karaten.iter()).enumerate() {
            bits_of_forms |= (((m | k) >> t) as u8 & 1) << f;
        }
        let forms = FormSet(bits_of_forms);
        let copies = p.rules.copies(tile);
        let reason = if p.hand[t] >= copies {
            Some(Exclusion::KaratenHand)
        } else if p.hand[t] + p.meld_tiles[t] >= copies {
            Some(Exclusion::KaratenMelds)
        } else if p.hand[t] + p.meld_tiles[t] + p.visible[t] >= copies {
            Some(Exclusion::AllVisible)
        } else {
            None
        };
        match reason {
            Some(reason) => excluded.push(ExcludedWait {
                tile,
                reason,
                forms,
            }),
            None => {
                let decomposition = if explain {
                    explain_wait(e, t, forms).map(Box::new)
                } else {
                    None
                };
                waits.push(Wait {
                    tile,
                    live: p.live(t),
                    forms,
                    decomposition,
                })
            }
        }
    }
    let policy = p.rules.karaten;
    let tenpai = !waits.is_empty()
        || excluded.iter().any(|x| match x.reason {
            Exclusion::AllVisible => true,
            Exclusion::KaratenMelds => policy != KaratenPolicy::OwnTilesNotReady,
            Exclusion::KaratenHand => policy == KaratenPolicy::Ready,
        });
    let shanten = if tenpai {
        0
    } else {
        // A hand that is ready in shape but not under the policy is at least one exchange away.
        r_min.saturating_sub(w + 1).max(1)
    };
    WaitsResult {
        tenpai,
        shanten,
        waits,
        excluded,
        any_tile: in_game != 0 && all == in_game,
        holds_void_suit: p.void_held,
    }
}

/// Without wildcards: is the hand complete in the standard form with a fifth copy of `t` (whose
/// four copies it holds)? Five copies of a kind in at most 14 tiles are a triplet plus two more,
/// or a pair plus three runs through it (five runs would be 15 tiles). So either removing a
/// triplet of `t` leaves the suit complete in its role, or removing a pair of `t` leaves it
/// complete as melds; both are table lookups on vectors with at most four copies.
fn fifth_copy_completes(e: &Engine, l: &[Look; 4], t: usize) -> bool {
    let x = t / 9;
    let slot = &e.slots[x];
    if l[x].rank == u32::MAX {
        return false;
    }
    let v = slot.vector(&e.p.nat);
    let pos = slot
        .tiles
        .iter()
        .position(|&k| k as usize == t)
        .expect("tile of its suit");
    let flags = |d: u8| {
        let mut w = v;
        w[pos] -= d;
        slot.table.waits(slot.table.rank(&w))
    };
    let minus2 = flags(2);
    let minus1 = flags(1);
    let c0 = minus2 & 1 != 0;
    let c1 = minus2 & 2 != 0 || minus1 & 1 != 0;
    let mut pair_suits = 0;
    for (i, li) in l.iter().enumerate() {
        let (sum, w0, w1) = if i == x {
            (li.sum + 1, c0, c1)
        } else {
            let f = li.flags(&e.slots[i]);
            (li.sum, f & 1 != 0, f & 2 != 0)
        };
        match sum % 3 {
            0 if w0 => {}
            2 if w1 => pair_suits += 1,
            _ => return false,
        }
    }
    pair_suits == 1
}

/// One decomposition of the hand completed by tile `t`, in the first form it completes.
fn explain_wait(e: &Engine, t: usize, forms: FormSet) -> Option<Decomposition> {
    let p = e.p;
    let mut nat = p.nat;
    let mut wild = p.wild;
    if e.wild_mask >> t & 1 == 1 {
        wild += 1;
    } else {
        nat[t] += 1;
    }
    let shape = e.shape();
    forms
        .iter()
        .find_map(|f| decompose(&nat, wild, p.melds_needed, &shape, f))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::rules::Preset;
    use crate::tiles::{format_tiles, parse_tiles};

    fn w(preset: Preset, hand: &str) -> WaitsResult {
        waits(
            &Rules::preset(preset),
            &parse_tiles(hand).unwrap(),
            &[],
            &[],
        )
        .unwrap()
    }

    fn tiles(r: &WaitsResult) -> String {
        format_tiles(&r.waits.iter().map(|x| x.tile).collect::<Vec<_>>())
    }

    #[test]
    fn basic_waits() {
        let r = w(Preset::Riichi, "123m456p789s1122z");
        assert!(r.tenpai);
        assert_eq!(tiles(&r), "12z");
        assert_eq!(r.waits[0].live, 2);
        let r = w(Preset::Riichi, "1111m234p567p789s");
        assert!(!r.tenpai);
        assert_eq!(r.shanten, 1);
        assert_eq!(r.excluded.len(), 1);
        assert_eq!(r.excluded[0].reason, Exclusion::KaratenHand);
    }

    #[test]
    fn wildcards_explained() {
        let rules = Rules::preset(Preset::Hongzhong);
        let r =
            waits_explained(&rules, &parse_tiles("123m456p123789s7z").unwrap(), &[], &[]).unwrap();
        assert!(r.tenpai, "{r:?}");
        // The lone wildcard pairs with anything: every kind of the game completes the hand.
        assert!(r.any_tile, "{r:?}");
        let d = r.waits[0].decomposition.as_ref().unwrap();
        assert_eq!(d.wildcard_as.len(), 1);
        // With 111s the fourth 1s is no wait: the wildcard would have to be a fifth 1s.
        let r = waits(&rules, &parse_tiles("123m456p111789s7z").unwrap(), &[], &[]).unwrap();
        assert!(!r.any_tile);
        assert!(r.waits.iter().all(|x| x.tile.to_string() != "1s"));
    }
}
