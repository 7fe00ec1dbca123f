//! MahjongWaits: is a 3n+1 hand ready, on which tiles, how many are left, and which waits are dead.

use super::capped::Exact;
use super::costs::INF;
use super::decompose::{CompactDecomposition, Decomposition, Guide, Shape, decompose};
use super::engine::Engine;
use super::error::MahjongError;
use super::forms::{Form, FormSet, seven_pairs, thirteen_orphans};
use super::hand::with_prepared;
use super::meld::Meld;
use super::rules::{KaratenPolicy, Rules};
use super::standard::{CountBlock, Look, looks, replacement, waits_no_wild};
use crate::tiles::Tile;
use quads::quads_stage;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wait {
    /// The winning tile.
    pub tile: Tile,
    /// Copies not in the player's hand or melds and not visible.
    pub live: u8,
    /// The forms the tile completes.
    pub forms: FormSet,
}

/// A shape wait that cannot be won on, with the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExcludedWait {
    /// The tile.
    pub tile: Tile,
    /// Why it is dead.
    pub reason: Exclusion,
    /// The forms it would complete.
    pub forms: FormSet,
}

/// The answer to MahjongWaits. Tile sets are bit masks by tile index and per-tile details small
/// arrays, so computing it never allocates; [`WaitsResult::waits`] and
/// [`WaitsResult::excluded`] list them in tile order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitsResult {
    /// Ready (听牌) under the rules' karaten policy.
    pub tenpai: bool,
    /// 0 when ready; otherwise the shanten number (at least 1): tile exchanges short of ready,
    /// never counting on a fifth copy of a kind in the concealed hand, nor on a wildcard that
    /// would be a fifth copy counting the player's melds (see [`Rules::wildcard_fifth_copy`]):
    /// such a missing tile must be drawn. A hand one tile short only through such a wildcard
    /// has shanten 1.
    pub shanten: u8,
    /// True when every tile kind of the game completes the hand (a lone wildcard waits on all).
    pub any_tile: bool,
    /// True when the hand still holds a tile of the void suit, which keeps it from being ready.
    pub holds_void_suit: bool,
    /// Winning tiles with live copies: bit `i` for tile index `i`.
    pub winning: u64,
    /// Shape waits that cannot be won on, by reason (index: [`Exclusion`] as usize).
    pub dead: [u64; 3],
    /// Per form (index: [`Form`] as usize), the tiles that complete it.
    form_tiles: [u64; 6],
    /// Per tile of a wait: copies in the player's hand and melds or visible, as 2-bit digits
    /// (tile index `9i + j` at bits `2j` of word `i`, at most 3; a winning tile that is no
    /// wildcard has at most 3 seen). Left 0 when there is no wait.
    seen: [u32; 4],
    /// The copies seen of the wildcard kind when it has more than four (then the only one).
    wild_seen: u8,
    /// Wildcard kinds, and the copies of each in the game (live counts are worked out from
    /// these when listed, not for every wait while answering).
    wildcards: u64,
    wildcard_copies: u8,
}

/// Why a hand is not ready, in the order the reasons are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotReady {
    /// The hand still holds a tile of the void suit (Sichuan 定缺).
    VoidSuit,
    /// The hand has shape waits, but every one is dead through the player's own tiles or all
    /// visible, and the karaten policy counts that as not ready.
    Karaten,
    /// Tile exchanges short of ready: see [`WaitsResult::shanten`].
    Shanten,
}

impl WaitsResult {
    /// Why the hand is not ready; `None` when it is.
    pub fn not_ready(&self) -> Option<NotReady> {
        if self.tenpai {
            None
        } else if self.holds_void_suit {
            Some(NotReady::VoidSuit)
        } else if self.dead.iter().any(|&tiles| tiles != 0) {
            Some(NotReady::Karaten)
        } else {
            Some(NotReady::Shanten)
        }
    }

    /// Winning tiles with live copies, in tile order.
    pub fn waits(&self) -> impl ExactSizeIterator<Item = Wait> + '_ {
        TileBits(self.winning).map(|tile| Wait {
            tile,
            live: self.copies(tile) - self.seen_of(tile),
            forms: self.forms_of(tile),
        })
    }

    /// Copies of `tile` in the game.
    fn copies(&self, tile: Tile) -> u8 {
        if self.wildcards >> tile.index() & 1 == 1 {
            self.wildcard_copies
        } else {
            4
        }
    }

    /// Copies of `tile` seen (meaningful for a wait).
    fn seen_of(&self, tile: Tile) -> u8 {
        let t = tile.index();
        if self.wildcard_copies > 4 && self.wildcards >> t & 1 == 1 {
            self.wild_seen
        } else {
            (self.seen[t / 9] >> (2 * (t % 9)) & 3) as u8
        }
    }

    /// The forms that `tile` completes (empty for a tile that is no wait).
    pub fn forms_of(&self, tile: Tile) -> FormSet {
        let t = tile.index();
        FormSet(
            self.form_tiles
                .iter()
                .enumerate()
                .fold(0, |set, (f, tiles)| set | ((tiles >> t) as u8 & 1) << f),
        )
    }

    /// Shape waits that cannot be won on, in tile order.
    pub fn excluded(&self) -> impl ExactSizeIterator<Item = ExcludedWait> + '_ {
        TileBits(self.dead[0] | self.dead[1] | self.dead[2]).map(|tile| {
            let bit = 1u64 << tile.index();
            let reason = if self.dead[Exclusion::KaratenHand as usize] & bit != 0 {
                Exclusion::KaratenHand
            } else if self.dead[Exclusion::KaratenMelds as usize] & bit != 0 {
                Exclusion::KaratenMelds
            } else {
                Exclusion::AllVisible
            };
            ExcludedWait {
                tile,
                reason,
                forms: self.forms_of(tile),
            }
        })
    }
}

/// The tiles of a mask, lowest index first.
struct TileBits(u64);

impl Iterator for TileBits {
    type Item = Tile;

    #[inline]
    fn next(&mut self) -> Option<Tile> {
        if self.0 == 0 {
            return None;
        }
        let t = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Tile::from_index(t)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for TileBits {}

/// [`WaitsResult`] plus one decomposition of the hand completed by each winning tile, showing
/// what every wildcard stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplainedWaits {
    /// The waits.
    pub result: WaitsResult,
    /// One decomposition per winning tile, in tile order, as the search found it (the tiles
    /// listed on demand: [`CompactDecomposition::expand`]).
    pub decompositions: Vec<(Tile, CompactDecomposition)>,
}

impl ExplainedWaits {
    /// The decomposition shown for winning tile `tile`, its tiles listed.
    pub fn decomposition(&self, tile: Tile) -> Option<Decomposition> {
        self.decompositions
            .iter()
            .find(|(t, _)| *t == tile)
            .map(|(_, d)| d.expand())
    }
}

/// Waits of a concealed hand of 3n+1 tiles (counting each declared meld as 3), given declared
/// melds and the tiles visible to the player.
///
/// # Examples
///
/// A shanpon wait on East and South, with one East already discarded:
///
/// ```
/// use cardrules::mahjong::{Preset, Rules, waits};
/// use cardrules::tiles::parse_tiles;
///
/// let rules = Rules::preset(Preset::Riichi);
/// let hand = parse_tiles("123m456p789s1122z")?;
/// let r = waits(&rules, &hand, &[], &parse_tiles("1z")?)?;
/// assert!(r.tenpai);
/// let live: Vec<(String, u8)> = r.waits().map(|w| (w.tile.to_string(), w.live)).collect();
/// assert_eq!(live, [("1z".to_string(), 1), ("2z".to_string(), 2)]);
///
/// // Holding all four 1m, the hand waits only on a fifth 1m: not ready under riichi rules.
/// let r = waits(&rules, &parse_tiles("1111m234p567p789s")?, &[], &[])?;
/// assert!(!r.tenpai);
/// assert_eq!(r.shanten, 1);
/// assert_eq!(r.excluded().next().map(|x| x.tile.to_string()), Some("1m".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn waits(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
) -> Result<WaitsResult, MahjongError> {
    if visible.is_empty() && quick_rules(rules, hand, melds) {
        if let Some(f) = fast::stage(rules, hand, true) {
            return Ok(fast_waits(rules, &f));
        }
        if let Some(r) = quads_waits(rules, hand) {
            return Ok(r);
        }
    }
    general_waits(rules, hand, melds, visible)
}

/// [`waits`] by the general path (every request). Out of line, so the fast path's frame stays
/// small.
#[inline(never)]
fn general_waits(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
) -> Result<WaitsResult, MahjongError> {
    with_prepared(rules, hand, melds, visible, 1, |p| compute(&Engine::new(p)))
}

/// Every tile kind.
const ALL_KINDS: u64 = (1 << 34) - 1;

/// Whether a request is the commonest one: 13 concealed tiles and no melds, under rules with
/// every suit and the honours in play and no wildcards, knitted forms, third player or void
/// suit. Every tile is then in the game and the forms are the standard one, seven pairs and
/// thirteen orphans: with nothing visible either, the answer follows from the counts, a table
/// word per suit and the closed forms ([`fast::stage`]; [`quads::quads_stage`] when a kind is held
/// four times), without the general path's validation, per-rule masks and search view.
#[inline(always)]
fn quick_rules(rules: &Rules, hand: &[Tile], melds: &[Meld]) -> bool {
    hand.len() == 13
        && melds.is_empty()
        && rules.wildcards == 0
        && !rules.knitted
        && !rules.three_player
        && rules.void_suit.is_none()
        && rules.honors
}

/// [`waits`] of a request [`quick_rules`] accepts with nothing visible; `None` for any other
/// (the tests' view of the quick path as a whole).
#[cfg(test)]
fn quick_waits(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
) -> Option<WaitsResult> {
    if !visible.is_empty() || !quick_rules(rules, hand, melds) {
        return None;
    }
    match fast::stage(rules, hand, true) {
        Some(f) => Some(fast_waits(rules, &f)),
        None => quads_waits(rules, hand),
    }
}

/// [`waits`] from [`fast::stage`]'s answer.
#[inline(always)]
fn fast_waits(rules: &Rules, f: &fast::Fast) -> WaitsResult {
    // Nothing but the hand is seen: a wait is dead exactly when the hand holds all four copies
    // (a wait on a fifth copy), and the copies seen are the hand's.
    let standard = f.masks[0] | f.karaten;
    let all = standard | f.masks[1] | f.masks[2];
    let winning = all & !f.four;
    let mut dead = [0; 3];
    dead[Exclusion::KaratenHand as usize] = all & f.four;
    let tenpai = winning != 0 || (all & f.four != 0 && rules.karaten == KaratenPolicy::Ready);
    WaitsResult {
        tenpai,
        shanten: if tenpai {
            0
        } else {
            f.r_min.saturating_sub(1).max(1)
        },
        any_tile: all == ALL_KINDS,
        holds_void_suit: false,
        winning,
        dead,
        form_tiles: [standard, f.masks[1], f.masks[2], 0, 0, 0],
        // Without a wait the copies seen are left 0, as the general path leaves them.
        seen: f.digits.map(|d| d & 0u32.wrapping_sub((all != 0) as u32)),
        wild_seen: 0,
        wildcards: 0,
        wildcard_copies: rules.wildcard_copies,
    }
}

/// The quick path's answer when [`fast::stage`] declines the hand (seven pairs that may count
/// a quad as two pairs; a kind held five times or more, then `None`).
#[cold]
#[inline(never)]
fn quads_waits(rules: &Rules, hand: &[Tile]) -> Option<WaitsResult> {
    let q = quads_stage(rules, hand, true)?;
    let standard = q.masks[0] | q.karaten;
    let all = standard | q.masks[1] | q.masks[2];
    let mut result = WaitsResult {
        tenpai: false,
        shanten: 0,
        any_tile: false,
        holds_void_suit: false,
        winning: 0,
        dead: [0; 3],
        form_tiles: [standard, q.masks[1], q.masks[2], 0, 0, 0],
        seen: [0; 4],
        wild_seen: 0,
        wildcards: 0,
        wildcard_copies: rules.wildcard_copies,
    };
    if all != 0 {
        // Nothing but the hand is seen: a wait is dead exactly when the hand holds all four
        // copies, and the copies seen are the hand's.
        result.seen = digits_of(&q.counts.0[..34]);
        let dead = all & q.four;
        result.dead[Exclusion::KaratenHand as usize] = dead;
        result.winning = all & !q.four;
        result.tenpai = result.winning != 0 || (dead != 0 && rules.karaten == KaratenPolicy::Ready);
        result.any_tile = all == ALL_KINDS;
    }
    if !result.tenpai {
        result.shanten = q.r_min.saturating_sub(1).max(1);
    }
    Some(result)
}

/// Copies seen as [`WaitsResult`] keeps them: 2-bit digits, suit by suit, each at most 3.
fn digits_of(counts: &[u8]) -> [u32; 4] {
    let mut c = CountBlock([0; 64]);
    for (d, &n) in c.0.iter_mut().zip(counts.iter().take(34)) {
        *d = n.min(3);
    }
    [0, 9, 18, 27].map(|b| c.key(b) as u32)
}

/// The shape-level answer: the tiles that complete a 3n+1 hand (never a fifth copy of a kind
/// held four times) as a tile mask, and the shanten (0 exactly when the mask is not empty). No
/// live counts, forms or policy: the like-for-like counterpart of
/// `xiangting::calculate_necessary_tiles` at tenpai.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeWaits {
    /// Bit `i` set when tile index `i` completes the hand.
    pub tiles: u64,
    /// Shape shanten: 0 when `tiles` is not empty.
    pub shanten: u8,
}

/// [`ShapeWaits`] of a concealed hand of 3n+1 tiles (counting each declared meld as 3).
///
/// # Examples
///
/// The nine gates wait on every character, with a pon of red dragons declared beside a smaller
/// concealed part:
///
/// ```
/// use cardrules::mahjong::{Meld, MeldKind, Preset, Rules, shape_waits};
/// use cardrules::tiles::parse_tiles;
///
/// let rules = Rules::preset(Preset::Riichi);
/// let w = shape_waits(&rules, &parse_tiles("1112345678999m")?, &[])?;
/// assert_eq!(w.tiles, 0x1ff); // bit i is tile index i: 1m..9m
/// assert_eq!(w.shanten, 0);
///
/// let pon = Meld::from_tiles(MeldKind::Pon, &parse_tiles("777z")?, false)?;
/// let w = shape_waits(&rules, &parse_tiles("1357m456p789s")?, &[pon])?;
/// assert_eq!((w.tiles, w.shanten), (0, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shape_waits(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
) -> Result<ShapeWaits, MahjongError> {
    if quick_rules(rules, hand, melds) {
        let stage = match fast::stage(rules, hand, false) {
            Some(f) => Some((f.masks, f.r_min)),
            None => quads_stage(rules, hand, false).map(|q| (q.masks, q.r_min)),
        };
        if let Some((masks, r_min)) = stage {
            let tiles = masks[0] | masks[1] | masks[2];
            return Ok(ShapeWaits {
                tiles,
                shanten: if tiles != 0 {
                    0
                } else {
                    r_min.saturating_sub(1).max(1)
                },
            });
        }
    }
    general_shape_waits(rules, hand, melds)
}

/// [`shape_waits`] by the general path (every request). Out of line, so the fast path's frame
/// stays small.
#[inline(never)]
fn general_shape_waits(
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
                not_ready_shanten(&e, stage.r_min)
            },
        }
    })
}

/// [`waits`] plus one decomposition for each winning tile, showing what every wildcard stands
/// for.
pub fn waits_explained(
    rules: &Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
) -> Result<ExplainedWaits, MahjongError> {
    with_prepared(rules, hand, melds, visible, 1, |p| {
        let e = Engine::new(p);
        let result = compute(&e);
        let shape = e.shape();
        // The standard form's decompositions share the searches of the suits a wait leaves
        // alone.
        let mut guide = Guide::for_waits(&p.nat, p.wild, p.melds_needed, &shape);
        let mut decompositions = Vec::with_capacity(result.waits().count());
        for w in result.waits() {
            if let Some(d) = explain_wait(&e, &shape, guide.as_mut(), w.tile.index(), w.forms) {
                decompositions.push((w.tile, d));
            }
        }
        ExplainedWaits {
            result,
            decompositions,
        }
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

#[inline(always)]
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
    if e.meld_capped {
        // The tables and formulas above cap a kind's copies in the concealed part only; a
        // wildcard may not make a fifth copy counting the player's melds either.
        for (f, mask) in masks.iter_mut().enumerate() {
            if *mask != 0 {
                *mask = e.confirm(&p.nat, w, Form::ALL[f], *mask);
            }
        }
    }
    Stage {
        masks,
        r_min,
        plain,
    }
}

#[inline(always)]
fn compute(e: &Engine) -> WaitsResult {
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
        // The search's view of the rules, needed only off the table path.
        let shape = (plain.is_none() || p.rules.knitted).then(|| e.shape());
        let mut four = p.kinds.by[4];
        while four != 0 {
            let t = four.trailing_zeros() as usize;
            four &= four - 1;
            let standard = match &plain {
                Some(l) => fifth_copy_completes(e, l, t),
                None => shape.as_ref().is_some_and(|shape| {
                    let mut n = p.nat;
                    n[t] += 1;
                    decompose(&n, w, m, shape, Form::Standard).is_some()
                }),
            };
            if standard {
                karaten[Form::Standard as usize] |= 1 << t;
            }
            if let Some(shape) = shape.as_ref().filter(|_| p.rules.knitted) {
                let mut n = p.nat;
                n[t] += 1;
                if decompose(&n, w, m, shape, Form::KnittedStraight).is_some() {
                    karaten[Form::KnittedStraight as usize] |= 1 << t;
                }
            }
        }
    }
    let all: u64 = masks.iter().chain(karaten.iter()).fold(0, |a, &b| a | b) & in_game;
    let mut result = WaitsResult {
        tenpai: false,
        // Replaced below when ready.
        shanten: 0,
        any_tile: false,
        holds_void_suit: p.void_held,
        winning: 0,
        dead: [0; 3],
        form_tiles: std::array::from_fn(|f| (masks[f] | karaten[f]) & in_game),
        seen: [0; 4],
        wild_seen: 0,
        wildcards: e.wild_mask,
        wildcard_copies: p.rules.wildcard_copies,
    };
    if all == 0 {
        // Not ready in any form (the common case for a random hand): only the shanten is left.
        result.shanten = not_ready_shanten(e, r_min);
        return result;
    }

    if p.only_hand_seen && e.wild_mask == 0 {
        // Nothing but the hand is seen and every kind has four copies: a wait is dead exactly
        // when the hand holds all four, and the seen copies are the hand's.
        result.seen = digits_of(&p.hand);
        result.dead[Exclusion::KaratenHand as usize] = all & p.kinds.by[4];
        result.winning = all & !p.kinds.by[4];
    } else {
        let mut bits = all;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let bit = 1u64 << t;
            let copies = p.rules.copies(Tile::from_index(t).expect("tile index"));
            let held = p.hand[t];
            let own = held + p.meld_tiles[t];
            let seen = own + p.visible[t];
            result.seen[t / 9] |= (seen.min(3) as u32) << (2 * (t % 9));
            if e.wild_mask >> t & 1 == 1 {
                result.wild_seen = seen;
            }
            if held >= copies {
                result.dead[Exclusion::KaratenHand as usize] |= bit;
            } else if own >= copies {
                result.dead[Exclusion::KaratenMelds as usize] |= bit;
            } else if seen >= copies {
                result.dead[Exclusion::AllVisible as usize] |= bit;
            } else {
                result.winning |= bit;
            }
        }
    }
    let policy = p.rules.karaten;
    let [hand_only, with_melds, visible] = result.dead;
    result.tenpai = result.winning != 0
        || visible != 0
        || (with_melds != 0 && policy != KaratenPolicy::OwnTilesNotReady)
        || (hand_only != 0 && policy == KaratenPolicy::Ready);
    if !result.tenpai {
        // Ready in shape but not under the policy: at least one exchange away.
        result.shanten = not_ready_shanten(e, r_min);
    }
    result.any_tile = in_game != 0 && all == in_game;
    result
}

/// The shanten of a 3n+1 part that is not ready (at least 1), from `r_min`, the lowest
/// replacement number of the forms counting natural tiles only. Each wildcard fills one missing
/// tile, except that under the meld-aware cap (see [`Engine::meld_capped`]) a wildcard may not
/// stand for a kind the player's melds leave no room for: there the number is searched exactly.
fn not_ready_shanten(e: &Engine, r_min: u8) -> u8 {
    let p = e.p;
    let r = if e.meld_capped && p.wild > 0 {
        Exact::new(e, &p.nat).replacement(p.wild)
    } else {
        r_min.saturating_sub(p.wild)
    };
    r.saturating_sub(1).max(1)
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
    // The other suits must already be complete in their roles, which the lookups in hand tell;
    // only then are the two lookups of this suit worth making.
    let mut pairs_elsewhere = 0;
    for (i, li) in l.iter().enumerate() {
        if i == x {
            continue;
        }
        match li.roles(&e.slots[i]) {
            (_, true) => pairs_elsewhere += 1,
            (true, false) => {}
            (false, false) => return false,
        }
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
    match ((l[x].sum + 1) % 3, pairs_elsewhere) {
        // Melds only: a triplet of the kind plus the rest as melds.
        (0, 1) => flags(2) & 1 != 0,
        // With the pair: a triplet plus the rest with the pair, or the pair plus melds.
        (2, 0) => flags(2) & 2 != 0 || flags(1) & 1 != 0,
        _ => false,
    }
}

/// One decomposition of the hand completed by tile `t`, in the first form it completes.
fn explain_wait(
    e: &Engine,
    shape: &Shape,
    guide: Option<&mut Guide>,
    t: usize,
    forms: FormSet,
) -> Option<CompactDecomposition> {
    let p = e.p;
    let wildcard = e.wild_mask >> t & 1 == 1;
    if forms.contains(Form::Standard)
        && let Some(found @ Some(_)) = guide.and_then(|g| g.plus((!wildcard).then_some(t)))
    {
        return found;
    }
    let mut nat = p.nat;
    let mut wild = p.wild;
    if wildcard {
        wild += 1;
    } else {
        nat[t] += 1;
    }
    forms
        .iter()
        .find_map(|f| decompose(&nat, wild, p.melds_needed, shape, f))
}

/// What a writer of the answer reads besides [`WaitsResult::waits`] and
/// [`WaitsResult::excluded`].
impl WaitsResult {
    /// Per form (index: [`Form`] as usize), the tiles that complete it (waits and dead waits
    /// alike): a tile's forms, as [`WaitsResult::forms_of`] gives them, for every tile at once.
    pub fn form_tiles(&self) -> [u64; Form::ALL.len()] {
        self.form_tiles
    }

    /// The live copies of winning tile `tile`, as [`WaitsResult::waits`] gives them (meaningful
    /// for a wait only: the copies seen are kept for the waits).
    #[inline]
    pub fn live_of(&self, tile: Tile) -> u8 {
        self.copies(tile).saturating_sub(self.seen_of(tile))
    }
}

mod fast;
mod quads;

#[cfg(test)]
mod tests;
