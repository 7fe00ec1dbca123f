//! The standard form's search guided by the suit tables: the same decomposition as the plain
//! search ([`super::decompose`]'s), without its backtracking, and for the waits of one hand
//! without searching the suits a waiting tile leaves alone again.
//!
//! Groups never span two suits, and the plain search finishes a suit's naturals before it
//! starts the next suit's. So the decomposition it finds is the first, in its order, of the
//! lowest suit's ways to group its naturals whose melds and pair leave the higher suits a way
//! to finish (wildcards left over make whole groups at the end); then the same for the next
//! suit, and so on. Into how many melds and pairs a whole suit's naturals can all go (wildcards
//! filling the gaps, at most four copies of a kind) is one lookup in the suit tables: the cost
//! of target "m melds + p pairs" is the target's size less the suit's tile count exactly when
//! every natural fits in such a target. So each suit's search is told which meld and pair
//! counts it may end on, and never enters a branch whose rest of the suit cannot reach one
//! (one more lookup, a sound test: for part of a suit it may promise more than there is, never
//! less). What a suit's search finds depends only on the suit's tiles and the counts it may end
//! on, not on how many wildcards the lower suits used: a branch that would need more wildcards
//! than are left cannot end on an accepted count, because the part's size fixes how many
//! wildcards the groups take in all.
//!
//! The plain search stays the reference: a test compares the two on random parts, and what
//! the tables do not describe (melded copies counted against the cap, wildcards as fifth
//! copies, rules without some numbered kinds or runs, a fifth natural copy, an unusable
//! natural, a part of the wrong size) goes to it.

use std::sync::OnceLock;

use arrayvec::ArrayVec;

use super::{CompactDecomposition, GroupKind, MAX_GROUPS, MAX_TILES, RawGroup, Shape};
use crate::mahjong::costs::TARGETS;
use crate::mahjong::forms::Form;
use crate::mahjong::kinds::held;
use crate::mahjong::tables::{SuitTable, tables};

/// The 27 numbered kinds.
const NUMBERED: u64 = (1 << 27) - 1;
/// Where a run may start when every numbered kind is in play.
const RUN_STARTS: u64 = 0x7f | 0x7f << 9 | 0x7f << 18;
/// Most copies of a kind in a decomposition the tables describe.
const CAP: u8 = 4;
/// A set of (melds, pairs) splits is a bit mask, bit `m + 8p` (m 0-4, p 0-1): the splits
/// without the pair in the low byte, those with it in the high byte, so adding two sets is
/// three lookups of [`ADD`] and limiting the melds is a shift.
type Splits = u16;
/// The splits without the pair.
const NO_PAIR: Splits = 0x1f;
/// The split "nothing": a suit without naturals makes no group of its own.
const NOTHING: Splits = 1;

/// The splits whose melds are at most `m` and pairs at most `p` (`m` above 4: all).
fn within(m: u8, p: u8) -> Splits {
    let melds = (1u16 << (m.min(4) + 1)) - 1;
    melds | ((melds << 8) * Splits::from(p & 1))
}

/// The splits a suit may end on when `melds` melds and `pair` pairs are left and the suits
/// above it can end on `rest` together: those that leave the suits above a way to finish.
/// A suit ending on `(m, q)` leaves `(melds - m, pair - q)`, so it may take as many melds as
/// the fewest the suits above can end on allow, and the pair only if they can end without it.
fn accepted(rest: Splits, melds: u8, pair: u8) -> Splits {
    let reachable = rest & within(melds, pair);
    let any = (reachable | reachable >> 8) & NO_PAIR;
    let without_pair = reachable & NO_PAIR;
    // Below the fewest melds of `any`: none, so no split (the shift leaves nothing).
    let most = |set: Splits| {
        if set == 0 {
            0
        } else {
            within(melds - set.trailing_zeros() as u8, 0)
        }
    };
    most(any) | ((most(without_pair) << 8) * Splits::from(pair & 1))
}

/// `ADD[a][b]`: the meld counts `i + j` (at most 4) of `i` in `a` and `j` in `b`, five bits each.
static ADD: [[u8; 32]; 32] = {
    let mut t = [[0u8; 32]; 32];
    let mut a = 0;
    while a < 32 {
        let mut b = 0;
        while b < 32 {
            let mut r = 0u16;
            let mut i = 0;
            while i < 5 {
                if a >> i & 1 == 1 {
                    r |= (b as u16) << i;
                }
                i += 1;
            }
            t[a][b] = (r & 0x1f) as u8;
            b += 1;
        }
        a += 1;
    }
    t
};

/// `a + b`: every split of one added to every split of the other (at most one pair).
fn sum(a: Splits, b: Splits) -> Splits {
    let (a0, a1) = (usize::from(a & NO_PAIR), usize::from(a >> 8));
    let (b0, b1) = (usize::from(b & NO_PAIR), usize::from(b >> 8));
    Splits::from(ADD[a0][b0]) | Splits::from(ADD[a0][b1] | ADD[a1][b0]) << 8
}

/// The splits `(m, p)` that `(m + dm, p + dp)` in `accept` come from (`dp` 0 or 1): where
/// the rest of a suit must be able to end when the search so far made `dm` melds and `dp`
/// pairs.
fn unshifted(accept: Splits, dm: u8, dp: u8) -> Splits {
    let with_pair = (accept >> 8) >> dm;
    if dp == 1 {
        with_pair
    } else {
        ((accept & NO_PAIR) >> dm) | with_pair << 8
    }
}

/// Per cost class and tile count, the splits a vector of that class and count can all go
/// into (see the module comment).
fn fits() -> &'static [[Splits; 16]] {
    static FITS: OnceLock<Vec<[Splits; 16]>> = OnceLock::new();
    FITS.get_or_init(|| {
        tables()
            .classes
            .iter()
            .map(|costs| {
                std::array::from_fn(|n| {
                    // Target k is k / 2 melds and k % 2 pairs.
                    (0..TARGETS)
                        .filter(|&k| costs[k] as usize + n == k / 2 * 3 + k % 2 * 2)
                        .fold(0, |f, k| f | 1 << (k / 2 + 8 * (k % 2)))
                })
            })
            .collect()
    })
}

/// `rest[s]` for each suit `s`: the splits the suits above `s` can end on together.
fn rest_above(splits: &[Splits; 4]) -> [Splits; 4] {
    let mut rest = [NOTHING; 4];
    for s in (0..3).rev() {
        rest[s] = sum(splits[s + 1], rest[s + 1]);
    }
    rest
}

/// One suit as the search sees it: where its kinds are, its table, and the [`fits`] table.
#[derive(Clone, Copy)]
struct Suit {
    first: usize,
    kinds: usize,
    runs: bool,
    table: &'static SuitTable,
    fits: &'static [[Splits; 16]],
}

impl Suit {
    /// The four suits: 0-2 numbered, 3 the honours.
    fn all() -> [Suit; 4] {
        let t = tables();
        let fits = fits();
        std::array::from_fn(|s| Suit {
            first: if s < 3 { 9 * s } else { 27 },
            kinds: if s < 3 { 9 } else { 7 },
            runs: s < 3,
            table: if s < 3 { &t.suit } else { &t.honors },
            fits,
        })
    }

    fn mask(&self) -> u64 {
        ((1u64 << self.kinds) - 1) << self.first
    }

    /// The suit's counts in `nat`.
    fn counts(&self, nat: &[u8; 34]) -> [u8; 9] {
        let mut v = [0u8; 9];
        v[..self.kinds].copy_from_slice(&nat[self.first..self.first + self.kinds]);
        v
    }

    /// The splits the vector `v` (the suit's counts, digits 0-4) can all go into.
    #[inline]
    fn splits(&self, v: &[u8; 9]) -> Splits {
        let (rank, n) = self.table.rank_and_sum(v);
        self.fits[self.table.class(rank) as usize][n as usize & 15]
    }

    /// [`Suit::splits`] of the vector of `n` tiles whose digits (all at most 3) `key` holds,
    /// digit `i` at bits `2i`: one load of the direct class table instead of the rank's three.
    #[inline]
    fn splits_by_key(&self, key: u32, n: u8) -> Splits {
        self.fits[self.table.direct_class(key as usize) as usize][n as usize & 15]
    }
}

/// What one suit's search found: its groups in the search's order, the kinds its wildcards
/// stand for, and the split it ended on.
#[derive(Clone, Copy)]
struct Part {
    groups: [RawGroup; MAX_GROUPS],
    n_groups: u8,
    /// The kinds of the wildcards, `n_subs` of them, and a spare slot.
    subs: [u8; MAX_TILES + 1],
    n_subs: u8,
    melds: u8,
    pairs: u8,
}

/// Suit `s`'s groups in the plain search's order: the first way to group all its naturals in
/// `nat` that ends on a split in `accept`. Looked up when the suit is small
/// ([`small::SmallSuits`]), else searched.
fn find_suit(nat: &[u8; 34], suit: &Suit, accept: Splits) -> Option<Part> {
    let at = start(nat, suit);
    match small::SmallSuits::get().find(suit, at.key, at.tiles, accept) {
        Some(found) => found,
        None => search_from(&at, suit, accept),
    }
}

/// [`find_suit`] by the search alone.
fn search_suit(nat: &[u8; 34], suit: &Suit, accept: Splits) -> Option<Part> {
    search_from(&start(nat, suit), suit, accept)
}

/// Where the search of suit `suit` starts: all its naturals in `nat` left.
fn start(nat: &[u8; 34], suit: &Suit) -> Step {
    let left = suit.counts(nat);
    // The direct table's key while no kind is held four times.
    let key = if left.iter().all(|&c| c <= 3) {
        (0..9).fold(0, |k, i| k | (left[i] as u32) << (2 * i))
    } else {
        NO_KEY
    };
    // Copies of each kind so far count every natural from the start, as the plain search's do.
    Step {
        left,
        key,
        tiles: left.iter().sum(),
        used: left,
    }
}

fn search_from(at: &Step, suit: &Suit, accept: Splits) -> Option<Part> {
    let mut part = Part {
        groups: [RawGroup {
            kind: GroupKind::Pair,
            first: 0,
        }; MAX_GROUPS],
        n_groups: 0,
        subs: [0; MAX_TILES + 1],
        n_subs: 0,
        melds: 0,
        pairs: 0,
    };
    descend(at, &mut part, suit, accept).then_some(part)
}

/// Marks a suit search without a direct-table key (a kind held four times).
const NO_KEY: u32 = u32::MAX;

/// Where a suit's search stands: its naturals not yet in a group (`left`, and their direct-table
/// key or [`NO_KEY`]) and the copies of each kind in the decomposition so far (`used`).
#[derive(Clone, Copy)]
struct Step {
    left: [u8; 9],
    key: u32,
    /// How many naturals `left` holds.
    tiles: u8,
    used: [u8; 9],
}

/// One step of the suit's search; `part` grows on the way down and is put back as it was when
/// a branch fails.
fn descend(at: &Step, part: &mut Part, suit: &Suit, accept: Splits) -> bool {
    // The lowest kind left: from the key's nonzero digits when there is a key.
    let lowest = if at.key == NO_KEY {
        at.left.iter().position(|&c| c > 0)
    } else {
        let nonzero = (at.key | at.key >> 1) & 0x15555;
        (nonzero != 0).then(|| nonzero.trailing_zeros() as usize / 2)
    };
    let Some(i) = lowest else {
        return accept >> (part.melds + 8 * part.pairs) & 1 == 1;
    };
    let (m, p) = (part.melds, part.pairs);
    // The plain search's options: the triplet, the runs from i, i - 1 and i - 2, the pair.
    if m < 4 {
        // What the rest of the suit must reach after one more meld; none: no meld is tried.
        let back = unshifted(accept, m + 1, p);
        if back != 0 {
            let triplet = Take {
                kind: GroupKind::Triplet,
                start: i,
            };
            if attempt(at, part, suit, accept, back, triplet) {
                return true;
            }
            if suit.runs {
                // A run that would start below the suit's first kind wraps past 6: not tried.
                for start in [i, i.wrapping_sub(1), i.wrapping_sub(2)] {
                    if start <= 6 {
                        let run = Take {
                            kind: GroupKind::Sequence,
                            start,
                        };
                        if attempt(at, part, suit, accept, back, run) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    if p > 0 {
        return false;
    }
    let back = unshifted(accept, m, 1);
    let pair = Take {
        kind: GroupKind::Pair,
        start: i,
    };
    back != 0 && attempt(at, part, suit, accept, back, pair)
}

/// A group [`descend`] may take: its kind and its first tile's position in the suit.
#[derive(Clone, Copy)]
struct Take {
    kind: GroupKind,
    start: usize,
}

/// Tries the group `take` at this step of [`descend`]; `back` is what the rest of the suit must
/// be able to end on after it ([`unshifted`]).
fn attempt(
    at: &Step,
    part: &mut Part,
    suit: &Suit,
    accept: Splits,
    back: Splits,
    take: Take,
) -> bool {
    let mut next = *at;
    let n_subs = part.n_subs;
    // A run steps by one kind, a triplet or pair by none; a pair stops at two.
    let pair = take.kind == GroupKind::Pair;
    let step = usize::from(take.kind == GroupKind::Sequence);
    let mut room = true;
    // A natural copy if one is left, else a wildcard (if the kind and the list have room):
    // without a branch, as which it is changes from hand to hand. The wildcard's kind is
    // written either way, past the list's end when it is a natural (the spare last slot takes
    // the write when the list is full).
    for k in (0..3 - usize::from(pair)).map(|j| take.start + j * step) {
        let natural = next.left[k] > 0;
        let wild = !natural;
        room &= natural | ((next.used[k] < CAP) & ((part.n_subs as usize) < MAX_TILES));
        next.left[k] -= u8::from(natural);
        next.tiles -= u8::from(natural);
        next.key = next.key.wrapping_sub(u32::from(natural) << (2 * k));
        next.used[k] += u8::from(wild);
        part.subs[(part.n_subs as usize).min(MAX_TILES)] = (suit.first + k) as u8;
        part.n_subs += u8::from(wild);
    }
    if room {
        if at.key == NO_KEY {
            next.key = NO_KEY;
        }
        let splits = if next.key == NO_KEY {
            suit.splits(&next.left)
        } else {
            suit.splits_by_key(next.key, next.tiles)
        };
        if splits & back != 0 {
            let (m, p) = (part.melds, part.pairs);
            part.groups[part.n_groups as usize] = RawGroup {
                kind: take.kind,
                first: (suit.first + take.start) as u8,
            };
            part.n_groups += 1;
            (part.melds, part.pairs) = (m + u8::from(!pair), p + u8::from(pair));
            if descend(&next, part, suit, accept) {
                return true;
            }
            part.n_groups -= 1;
            (part.melds, part.pairs) = (m, p);
        }
    }
    part.n_subs = n_subs;
    false
}

/// The standard-form decompositions of one concealed part plus a tile, for each tile in turn
/// (a hand's waits): each suit's searches are kept, so a suit the added tile leaves alone is
/// searched once per set of splits it may end on, not once per tile.
pub(crate) struct Guide<'s> {
    shape: &'s Shape,
    nat: [u8; 34],
    wild: u8,
    melds: u8,
    present: u64,
    suits: [Suit; 4],
    /// Each suit's splits in `nat`.
    splits: [Splits; 4],
    /// `rest[s]`: the splits the suits above `s` can end on together, in `nat`.
    rest: [Splits; 4],
    /// Each suit's searches in `nat` so far, by the splits they accepted.
    found: [ArrayVec<(Splits, Option<Part>), 4>; 4],
}

impl<'s> Guide<'s> {
    /// A guide for `nat` and `wild` wildcards, `extra` tiles short of `melds` melds and a pair
    /// (0 or 1); `None` when the rules are outside what the tables describe.
    fn new(nat: &[u8; 34], wild: u8, melds: u8, shape: &'s Shape, extra: u8) -> Option<Self> {
        let present = held(nat);
        let size: u32 = nat.iter().map(|&c| c as u32).sum::<u32>() + wild as u32 + extra as u32;
        let covered = shape.cap == CAP
            && shape.run_starts == RUN_STARTS
            && shape.usable & NUMBERED == NUMBERED
            && present & !shape.usable == 0
            && shape.melded.iter().all(|&c| c == 0)
            && nat.iter().all(|&c| c <= CAP)
            && melds <= 4
            && size == 3 * melds as u32 + 2;
        if !covered {
            return None;
        }
        let suits = Suit::all();
        let splits = suits.map(|suit| {
            if present & suit.mask() == 0 {
                NOTHING
            } else {
                suit.splits(&suit.counts(nat))
            }
        });
        Some(Guide {
            shape,
            nat: *nat,
            wild,
            melds,
            present,
            suits,
            splits,
            rest: rest_above(&splits),
            found: Default::default(),
        })
    }

    /// A guide for the waits of a part one tile short (13 tiles counting each declared meld as
    /// 3); `None` when the rules are outside what the tables describe.
    pub(crate) fn for_waits(nat: &[u8; 34], wild: u8, melds: u8, shape: &'s Shape) -> Option<Self> {
        Guide::new(nat, wild, melds, shape, 1)
    }

    /// The plain search's decomposition of the part plus tile `t` (a natural kind, or `None`
    /// for a wildcard): `Some(None)` when there is none, `None` when the tables do not
    /// describe it (a fifth copy, an unusable kind).
    pub(crate) fn plus(&mut self, t: Option<usize>) -> Option<Option<CompactDecomposition>> {
        let mut nat = self.nat;
        let mut splits = self.splits;
        let (mut present, mut wild, mut changed) = (self.present, self.wild, None);
        match t {
            None => wild += 1,
            Some(t) => {
                if self.shape.usable >> t & 1 == 0 || nat[t] >= CAP {
                    return None;
                }
                nat[t] += 1;
                present |= 1 << t;
                let s = t / 9;
                let suit = &self.suits[s];
                splits[s] = suit.splits(&suit.counts(&nat));
                changed = Some(s);
            }
        }
        self.solve(&nat, wild, present, &splits, changed)
    }

    fn solve(
        &mut self,
        nat: &[u8; 34],
        wild: u8,
        present: u64,
        splits: &[Splits; 4],
        changed: Option<usize>,
    ) -> Option<Option<CompactDecomposition>> {
        // Only the suits below the changed one see other splits above them.
        let rest = match changed {
            Some(c) => {
                let mut rest = self.rest;
                for s in (0..c).rev() {
                    rest[s] = sum(splits[s + 1], rest[s + 1]);
                }
                rest
            }
            None => self.rest,
        };
        if sum(splits[0], rest[0]) & within(self.melds, 1) == 0 {
            // Exact: whole suits, no copy counted elsewhere.
            return Some(None);
        }
        let (mut melds_left, mut pair_left) = (self.melds, 1u8);
        // Each part's whole lists are copied in after the ones before (fixed lengths, so no
        // call to copy them), into lists long enough for a full part past a full list.
        let mut groups = [RawGroup {
            kind: GroupKind::Pair,
            first: 0,
        }; 2 * MAX_GROUPS];
        let mut subs = [0u8; 2 * MAX_TILES + 1];
        let (mut n_groups, mut n_subs) = (0usize, 0usize);
        for (s, (suit, &rest)) in self.suits.iter().zip(&rest).enumerate() {
            if present & suit.mask() == 0 {
                continue;
            }
            let accept = accepted(rest, melds_left, pair_left);
            let part = if changed == Some(s) {
                find_suit(nat, suit, accept)
            } else if let Some(&(_, part)) = self.found[s].iter().find(|(a, _)| *a == accept) {
                part
            } else {
                let part = find_suit(nat, suit, accept);
                let _ = self.found[s].try_push((accept, part));
                part
            };
            // Not found: the tables promised what the search could not keep (not expected);
            // the plain search answers.
            let part = part?;
            if n_groups > MAX_GROUPS || n_subs > MAX_TILES {
                return None;
            }
            groups[n_groups..][..MAX_GROUPS].copy_from_slice(&part.groups);
            subs[n_subs..][..MAX_TILES + 1].copy_from_slice(&part.subs);
            n_groups += usize::from(part.n_groups);
            n_subs += usize::from(part.n_subs);
            melds_left -= part.melds;
            pair_left -= part.pairs;
        }
        // The wildcards left make whole groups, each at the lowest kind with room (the plain
        // search's `fill_wild`); the part's size says they are exactly enough (checked all the
        // same: otherwise the plain search answers).
        if wild as usize != n_subs + 3 * melds_left as usize + 2 * pair_left as usize {
            return None;
        }
        if melds_left + pair_left > 0 {
            let mut used = *nat;
            for &k in &subs[..n_subs.min(MAX_TILES)] {
                used[k as usize] += 1;
            }
            for (n, count) in [(3u8, melds_left), (2u8, pair_left)] {
                for _ in 0..count {
                    let k =
                        (0..34).find(|&t| self.shape.usable >> t & 1 == 1 && used[t] + n <= CAP)?;
                    used[k] += n;
                    let kind = if n == 3 {
                        GroupKind::Triplet
                    } else {
                        GroupKind::Pair
                    };
                    *groups.get_mut(n_groups)? = RawGroup {
                        kind,
                        first: k as u8,
                    };
                    n_groups += 1;
                    subs.get_mut(n_subs..n_subs + usize::from(n))?.fill(k as u8);
                    n_subs += usize::from(n);
                }
            }
        }
        if n_groups > MAX_GROUPS || n_subs > MAX_TILES {
            return None;
        }
        Some(Some(CompactDecomposition::new(
            Form::Standard,
            &groups,
            n_groups,
            0,
            &subs,
            n_subs,
        )))
    }
}

/// The plain search's standard-form decomposition of a whole part (`Some(None)`: there is
/// none), or `None` when the rules or the part are outside what the tables describe.
pub(super) fn standard(
    nat: &[u8; 34],
    wild: u8,
    melds: u8,
    shape: &Shape,
) -> Option<Option<CompactDecomposition>> {
    let mut guide = Guide::new(nat, wild, melds, shape, 0)?;
    let (nat, present, splits) = (guide.nat, guide.present, guide.splits);
    guide.solve(&nat, wild, present, &splits, None)
}

mod small;

/// Builds the table of small suits' decompositions now rather than on first use.
pub(crate) fn warm_up() {
    small::SmallSuits::get();
}

#[cfg(test)]
mod tests;
