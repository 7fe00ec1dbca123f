//! One explicit decomposition of a complete hand: its groups, and what each wildcard stands for.
//!
//! It runs once per reported win or wait, so it is a depth-first search: the lowest remaining
//! natural tile must belong to a pair, a triplet or one of the three runs through it, with
//! wildcards filling whatever is missing. The search state is a small fixed-size copyable value
//! (groups are recorded as kind and first tile, and turned into tile lists only at the end), so
//! trying a branch never allocates, and a record of the failures met where a suit starts
//! ([`Failures`]) keeps it from searching the same rest of a hand twice.

use arrayvec::ArrayVec;

use super::forms::{Form, knitted_mask};
use super::kinds::held;
use crate::tiles::Tile;

/// A group's tiles, held inline: at most 14 (the singles of a knitted form).
pub type GroupTiles = ArrayVec<Tile, MAX_TILES>;

/// A decomposition's groups, held inline: at most 7 (seven pairs).
pub type Groups = ArrayVec<Group, MAX_GROUPS>;

/// What a decomposition's wildcards stand for, held inline: at most 14 (a whole hand).
pub type WildcardTiles = ArrayVec<Tile, MAX_TILES>;

/// What a group of a decomposition is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// Two identical tiles.
    Pair,
    /// Three identical tiles.
    Triplet,
    /// Three consecutive tiles of a suit.
    Sequence,
    /// The nine tiles of a knitted straight (组合龙).
    KnittedStraight,
    /// Unrelated single tiles: the thirteen orphans' or the knitted forms' singles.
    Singles,
}

/// One group of a decomposition, tiles as they stand (a wildcard shows as the tile it stands for).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The group's kind.
    pub kind: GroupKind,
    /// Its tiles.
    pub tiles: GroupTiles,
}

/// One way to read a complete concealed part (declared melds are not repeated here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decomposition {
    /// The form.
    pub form: Form,
    /// The groups.
    pub groups: Groups,
    /// What each wildcard stands for, one entry per wildcard, sorted.
    pub wildcard_as: WildcardTiles,
}

/// What the search needs to know about the rules.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    /// Natural kinds the hand may use (a tile mask).
    pub(crate) usable: u64,
    /// Kinds that may start a run (a tile mask).
    pub(crate) run_starts: u64,
    /// Most copies of a kind that a wildcard may help make: the concealed naturals, the
    /// wildcards standing for it and the copies in `melded` together. A natural tile is never
    /// refused (a dead wait's winning tile may be a fifth natural copy), but no wildcard stands
    /// for a kind that already has `cap` copies.
    pub(crate) cap: u8,
    /// Copies of each kind in the player's declared melds, counted against `cap` (all 0 when
    /// the rules let a wildcard be a fifth copy).
    pub(crate) melded: [u8; 34],
    /// Seven pairs may use four copies of a kind as two pairs.
    pub(crate) quads: bool,
}

/// A group as the search records it: no heap, so that trying a branch is a plain copy (two
/// bytes a group: the state is copied for every branch tried).
#[derive(Clone, Copy, PartialEq, Eq)]
struct RawGroup {
    kind: GroupKind,
    /// The lowest tile (the only kind, for pairs and triplets).
    first: u8,
}

/// Most groups in a decomposition (seven pairs).
const MAX_GROUPS: usize = 7;
/// Most tiles in a concealed part, hence most wildcards.
const MAX_TILES: usize = 14;

#[derive(Clone, Copy)]
struct State {
    nat: [u8; 34],
    /// The kinds with natural copies left (a tile mask of `nat`).
    present: u64,
    /// The suits (bit `t / 9`) in which [`standard`] has made a group.
    touched: u8,
    used: [u8; 34],
    wild: u8,
    groups: [RawGroup; MAX_GROUPS],
    /// Every tile of the decomposition's one knitted straight or singles group (all distinct;
    /// no form has two).
    set: u64,
    n_groups: u8,
    subs: [u8; MAX_TILES],
    n_subs: u8,
}

impl State {
    /// Takes tile `t` for a group: a natural copy if one is left, else a wildcard.
    fn take(&mut self, t: usize, cap: u8) -> bool {
        if self.nat[t] > 0 {
            self.nat[t] -= 1;
            if self.nat[t] == 0 {
                self.present &= !(1 << t);
            }
            true
        } else if self.wild > 0 && self.used[t] < cap && (self.n_subs as usize) < MAX_TILES {
            self.wild -= 1;
            self.used[t] += 1;
            self.subs[self.n_subs as usize] = t as u8;
            self.n_subs += 1;
            true
        } else {
            false
        }
    }

    fn group(&mut self, kind: GroupKind, tiles: &[usize], cap: u8) -> bool {
        if (self.n_groups as usize) < MAX_GROUPS && tiles.iter().all(|&t| self.take(t, cap)) {
            self.groups[self.n_groups as usize] = RawGroup {
                kind,
                first: tiles[0] as u8,
            };
            if matches!(kind, GroupKind::KnittedStraight | GroupKind::Singles) {
                debug_assert_eq!(self.set, 0, "two groups of distinct tiles");
                self.set = tiles.iter().fold(0, |m, &t| m | 1 << t);
            }
            self.n_groups += 1;
            true
        } else {
            false
        }
    }
}

/// The failures [`standard`] has met where a suit starts, so that no later branch searches the
/// same rest of the hand again.
///
/// Groups never span two suits, so when the lowest natural tile left starts a suit that no group
/// has touched yet (every lower suit used up), the rest of the search depends only on that suit,
/// the wildcards, melds and pair left: the higher suits are as the hand has them, their copies
/// in use too, and the groups and substitutions made so far are counted by what is left. Only
/// [`fill_wild`]'s choice of kinds for leftover wildcards looks at lower suits (at the copies the
/// wildcards already stand for there); a failure of that choice stops the recording, and the
/// failures already recorded stay true. A branch skipped here is one that fails, so the search
/// finds the decomposition it finds without the record, in the same order.
struct Failures {
    /// A bit per (suit, wildcards, melds, pair) known to fail, see [`Failures::key`].
    failed: [u64; 10],
    /// False once a failure may have depended on more than the key.
    recording: bool,
}

impl Failures {
    /// A record that records (`recording`), or one that never does: the plain search.
    fn new(recording: bool) -> Failures {
        Failures {
            failed: [0; 10],
            recording,
        }
    }

    /// The key of a search whose lowest natural tile is `i`, when `i`'s suit is untouched.
    fn key(&self, s: &State, i: usize, melds: u8, pair: u8) -> Option<usize> {
        if s.touched >> (i / 9) & 1 == 1 || s.wild > 14 || melds > 4 || pair > 1 {
            return None;
        }
        Some(((i / 9 * 15 + s.wild as usize) * 5 + melds as usize) * 2 + pair as usize)
    }

    fn has_failed(&self, key: usize) -> bool {
        self.failed[key / 64] >> (key % 64) & 1 == 1
    }

    fn fail(&mut self, key: usize) {
        if self.recording {
            self.failed[key / 64] |= 1 << (key % 64);
        }
    }
}

fn standard(s: &mut State, shape: &Shape, melds: u8, pair: u8, failures: &mut Failures) -> bool {
    let Some(i) = (s.present != 0).then(|| s.present.trailing_zeros() as usize) else {
        return fill_wild(s, shape, melds, pair, failures);
    };
    if shape.usable >> i & 1 == 0 {
        return false;
    }
    let key = failures.key(s, i, melds, pair);
    if key.is_some_and(|key| failures.has_failed(key)) {
        return false;
    }
    let mut options = [(GroupKind::Pair, [0usize; 3], 0usize); 5];
    let mut n_options = 0;
    let mut option = |o| {
        options[n_options] = o;
        n_options += 1;
    };
    if melds > 0 {
        option((GroupKind::Triplet, [i, i, i], 3));
        for start in [i, i.wrapping_sub(1), i.wrapping_sub(2)] {
            if start < 34 && shape.run_starts >> start & 1 == 1 {
                option((GroupKind::Sequence, [start, start + 1, start + 2], 3));
            }
        }
    }
    if pair > 0 {
        option((GroupKind::Pair, [i, i, i], 2));
    }
    for &(kind, tiles, n) in &options[..n_options] {
        let mut next = *s;
        next.touched |= 1 << (i / 9);
        if next.group(kind, &tiles[..n], shape.cap) {
            let (m, p) = if kind == GroupKind::Pair {
                (melds, pair - 1)
            } else {
                (melds - 1, pair)
            };
            if standard(&mut next, shape, m, p, failures) {
                *s = next;
                return true;
            }
        }
    }
    if let Some(key) = key {
        failures.fail(key);
    }
    false
}

/// Places wildcards that are left once every natural tile is used, as whole groups.
fn fill_wild(s: &mut State, shape: &Shape, melds: u8, pair: u8, failures: &mut Failures) -> bool {
    if s.wild != melds * 3 + pair * 2 {
        return false;
    }
    for (n, count) in [(3u8, melds), (2u8, pair)] {
        for _ in 0..count {
            let Some(k) =
                (0..34).find(|&t| shape.usable >> t & 1 == 1 && s.used[t] + n <= shape.cap)
            else {
                // Refused by the copies the wildcards stand for in every suit, not only those
                // a failure's key names.
                failures.recording = false;
                return false;
            };
            let kind = if n == 3 {
                GroupKind::Triplet
            } else {
                GroupKind::Pair
            };
            if !s.group(kind, &[k; 3][..n as usize], shape.cap) {
                failures.recording = false;
                return false;
            }
        }
    }
    true
}

fn start(nat: &[u8; 34], wild: u8, shape: &Shape) -> State {
    State {
        nat: *nat,
        present: held(nat),
        touched: 0,
        used: std::array::from_fn(|t| nat[t].saturating_add(shape.melded[t])),
        wild,
        groups: [RawGroup {
            kind: GroupKind::Pair,
            first: 0,
        }; MAX_GROUPS],
        set: 0,
        n_groups: 0,
        subs: [0; MAX_TILES],
        n_subs: 0,
    }
}

fn finish(form: Form, s: State) -> CompactDecomposition {
    CompactDecomposition::new(
        form,
        &s.groups,
        s.n_groups.into(),
        s.set,
        &s.subs,
        s.n_subs.into(),
    )
}

/// A decomposition of a complete concealed part in `form`, if there is one.
/// `melds` is the number of melds the concealed part must form besides the pair.
pub(crate) fn decompose(
    nat: &[u8; 34],
    wild: u8,
    melds: u8,
    shape: &Shape,
    form: Form,
) -> Option<CompactDecomposition> {
    search(nat, wild, melds, shape, form, true)
}

/// [`decompose`], skipping the branches [`Failures`] knows to fail or (`skip` false, for the
/// tests) searching every one.
fn search(
    nat: &[u8; 34],
    wild: u8,
    melds: u8,
    shape: &Shape,
    form: Form,
    skip: bool,
) -> Option<CompactDecomposition> {
    if skip
        && form == Form::Standard
        && let Some(found) = guided::standard(nat, wild, melds, shape)
    {
        return found;
    }
    if skip && form == Form::SevenPairs {
        return pairs_in_order(nat, wild, shape);
    }
    let mut s = start(nat, wild, shape);
    let ok = match form {
        Form::Standard => standard(&mut s, shape, melds, 1, &mut Failures::new(skip)),
        Form::SevenPairs => seven_pairs(&mut s, shape),
        Form::ThirteenOrphans => orphans(&mut s, shape),
        Form::KnittedHonors | Form::SevenStarKnitted => {
            return (0..6).find_map(|perm| {
                let mut s = start(nat, wild, shape);
                knitted_singles(&mut s, shape, perm, form == Form::SevenStarKnitted)
                    .then(|| finish(form, s))
            });
        }
        Form::KnittedStraight => {
            if melds < 3 {
                return None;
            }
            return (0..6).find_map(|perm| {
                let mut s = start(nat, wild, shape);
                let k = knitted_mask(perm);
                let tiles: Vec<usize> = (0..34).filter(|&t| k >> t & 1 == 1).collect();
                (s.group(GroupKind::KnittedStraight, &tiles, shape.cap) && {
                    standard(&mut s, shape, melds - 3, 1, &mut Failures::new(skip))
                })
                .then(|| finish(form, s))
            });
        }
    };
    ok.then(|| finish(form, s))
}

fn seven_pairs(s: &mut State, shape: &Shape) -> bool {
    let mut pairs = 0;
    for t in 0..34 {
        while s.nat[t] > 0 {
            if shape.usable >> t & 1 == 0 || (!shape.quads && s.used[t] > 2) {
                return false;
            }
            if !s.group(GroupKind::Pair, &[t, t], shape.cap) {
                return false;
            }
            pairs += 1;
        }
    }
    while pairs < 7 {
        let fresh = (0..34).find(|&t| shape.usable >> t & 1 == 1 && s.used[t] == 0);
        match fresh {
            Some(k) if s.group(GroupKind::Pair, &[k, k], shape.cap) => pairs += 1,
            _ => return false,
        }
    }
    pairs == 7 && s.wild == 0
}

/// What [`seven_pairs`] finds, without the search state: the natural kinds in tile order make
/// their pairs (a wildcard completing an odd count), then the wildcards left pair up at the
/// lowest usable kinds not yet held.
fn pairs_in_order(nat: &[u8; 34], wild: u8, shape: &Shape) -> Option<CompactDecomposition> {
    let mut used: [u8; 34] = std::array::from_fn(|t| nat[t].saturating_add(shape.melded[t]));
    // Plain lists with a spare slot each: a kind's pairs and wildcard are written whether it
    // has them or not, and only the counts move (which kinds have odd counts changes from hand
    // to hand, so a branch on it is mispredicted).
    let pair = |t: usize| RawGroup {
        kind: GroupKind::Pair,
        first: t as u8,
    };
    let mut groups = [pair(0); MAX_GROUPS + 1];
    let mut subs = [0u8; MAX_TILES + 1];
    let (mut n_groups, mut n_subs, mut wild) = (0usize, 0usize, wild);
    // The kinds held, lowest first: ceil(count / 2) pairs each, a wildcard completing an odd
    // count's last pair.
    let mut present = held(nat);
    while present != 0 {
        let t = present.trailing_zeros() as usize;
        present &= present - 1;
        let pairs = usize::from(nat[t].div_ceil(2));
        let odd = nat[t] & 1;
        let no_room = (wild == 0) | (used[t] >= shape.cap) | (n_subs == MAX_TILES);
        if (shape.usable >> t & 1 == 0)
            | (!shape.quads & (used[t] > 2))
            | (n_groups + pairs > MAX_GROUPS)
            | ((odd == 1) & no_room)
        {
            return None;
        }
        // At most 6 groups before a kind that adds one: the second write stays in the list.
        groups[n_groups] = pair(t);
        groups[n_groups + 1] = pair(t);
        if pairs > 2 {
            // A kind held five times or more: a third pair (rules whose cap allows it).
            groups[n_groups + 2..n_groups + pairs].fill(pair(t));
        }
        n_groups += pairs;
        subs[n_subs] = t as u8;
        n_subs += usize::from(odd);
        wild -= odd;
        used[t] += odd;
    }
    // The wildcards left pair up at the lowest usable kinds not yet held.
    while n_groups < MAX_GROUPS {
        let k = (0..34).find(|&t| shape.usable >> t & 1 == 1 && used[t] == 0)?;
        if wild < 2 || shape.cap < 2 || n_subs + 2 > MAX_TILES {
            return None;
        }
        wild -= 2;
        used[k] = 2;
        subs[n_subs..n_subs + 2].fill(k as u8);
        n_subs += 2;
        groups[n_groups] = pair(k);
        n_groups += 1;
    }
    (wild == 0)
        .then(|| CompactDecomposition::new(Form::SevenPairs, &groups, n_groups, 0, &subs, n_subs))
}

const ORPHAN_TILES: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

fn orphans(s: &mut State, shape: &Shape) -> bool {
    // The doubled kind: a natural pair if there is one, else a present kind a wildcard pairs with.
    let k = ORPHAN_TILES
        .iter()
        .copied()
        .find(|&t| s.nat[t] >= 2)
        .or_else(|| ORPHAN_TILES.iter().copied().find(|&t| s.nat[t] == 1))
        .unwrap_or(ORPHAN_TILES[0]);
    let others: Vec<usize> = ORPHAN_TILES.iter().copied().filter(|&t| t != k).collect();
    s.group(GroupKind::Pair, &[k, k], shape.cap)
        && s.group(GroupKind::Singles, &others, shape.cap)
        && s.wild == 0
        && s.nat.iter().all(|&c| c == 0)
}

fn knitted_singles(s: &mut State, shape: &Shape, perm: usize, star: bool) -> bool {
    let set = knitted_mask(perm) | 0x7f << 27;
    if (0..34).any(|t| s.nat[t] > 1 || (s.nat[t] == 1 && set >> t & 1 == 0)) {
        return false;
    }
    // Naturals first, then wildcards for missing kinds, honours first (七星不靠 needs all seven).
    let mut tiles: Vec<usize> = (0..34).filter(|&t| s.nat[t] == 1).collect();
    let honours_missing = (27..34).filter(|&t| s.nat[t] == 0);
    let knitted_missing = (0..27).filter(|&t| set >> t & 1 == 1 && s.nat[t] == 0);
    for t in honours_missing.chain(knitted_missing) {
        if tiles.len() == 14 {
            break;
        }
        tiles.push(t);
    }
    tiles.sort();
    if tiles.len() != 14 || (star && (27..34).any(|t| !tiles.contains(&t))) {
        return false;
    }
    s.group(GroupKind::Singles, &tiles, shape.cap) && s.wild == 0
}

mod compact;
mod guided;
pub use compact::CompactDecomposition;
pub(crate) use guided::{Guide, warm_up};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::{TileCounts, format_tiles, parse_tiles};

    fn counts(s: &str) -> [u8; 34] {
        TileCounts::from_tiles(parse_tiles(s).unwrap()).0
    }

    const SHAPE: Shape = Shape {
        usable: (1 << 34) - 1,
        run_starts: 0x7f | 0x7f << 9 | 0x7f << 18,
        cap: 4,
        melded: [0; 34],
        quads: false,
    };

    /// Skipping the branches known to fail finds the decomposition the whole search finds,
    /// on random hands with wildcards (some with natural quads, some with honours only).
    #[test]
    fn skipping_failed_branches_finds_the_same_decomposition() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
        let capped = Shape { cap: 4, ..SHAPE };
        let mut found = 0;
        for _ in 0..4000 {
            let wild = rng.random_range(0..=5u8);
            let mut nat = [0u8; 34];
            let kinds = if rng.random_bool(0.2) { 34 } else { 27 };
            for _ in 0..14 - wild {
                nat[rng.random_range(0..kinds)] += 1;
            }
            for form in [Form::Standard, Form::KnittedStraight] {
                let skipping = search(&nat, wild, 4, &capped, form, true);
                assert_eq!(
                    skipping,
                    search(&nat, wild, 4, &capped, form, false),
                    "{nat:?} + {wild} wildcards, {form:?}"
                );
                found += usize::from(skipping.is_some());
            }
        }
        // The hands are not all failures.
        assert!(found > 100, "{found} decompositions");
    }

    /// The seven pairs read in order find what the search state finds, on random parts with
    /// and without quads as two pairs, melded copies, a wildcard as fifth copy and unusable
    /// kinds. `CARDRULES_PROPTEST_CASES` sets the parts (default 4,000).
    #[test]
    fn pairs_in_order_find_what_the_search_finds() {
        use rand::{Rng, SeedableRng};
        let cases = crate::mahjong::test_cases(4_000);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(27);
        let mut found = 0;
        for _ in 0..cases {
            let mut melded = [0u8; 34];
            if rng.random_bool(0.2) {
                melded[rng.random_range(0..34)] = 3;
            }
            let shape = Shape {
                usable: if rng.random_bool(0.3) {
                    (1 << 27) - 1
                } else {
                    SHAPE.usable
                },
                cap: if rng.random_bool(0.2) { u8::MAX } else { 4 },
                melded,
                quads: rng.random_bool(0.5),
                ..SHAPE
            };
            let wild = rng.random_range(0..=6u8);
            let mut nat = [0u8; 34];
            // Mostly pairs, so that many parts are seven pairs.
            let mut n = wild;
            while n < 14 {
                let t = rng.random_range(0..34);
                let k = if rng.random_bool(0.7) && n + 2 <= 14 {
                    2
                } else {
                    1
                };
                nat[t] += k;
                n += k;
            }
            let fast = search(&nat, wild, 4, &shape, Form::SevenPairs, true);
            let mut s = start(&nat, wild, &shape);
            let plain = seven_pairs(&mut s, &shape).then(|| finish(Form::SevenPairs, s));
            found += usize::from(plain.is_some());
            assert_eq!(fast, plain, "{nat:?} + {wild} wildcards, {shape:?}");
        }
        assert!(found > cases / 10, "{found} of {cases} are seven pairs");
    }

    #[test]
    fn finds_groups_and_substitutions() {
        let d = decompose(&counts("123m456p789s1122z"), 0, 4, &SHAPE, Form::Standard);
        assert!(d.is_none());
        let found = |nat: &[u8; 34], wild, melds, form| {
            decompose(nat, wild, melds, &SHAPE, form).map(|d| d.expand())
        };
        let d = found(&counts("123m456p789s11222z"), 0, 4, Form::Standard).unwrap();
        assert_eq!(d.groups.len(), 5);
        // 13m 456p 789s 111z 2z + 2 wildcards: one is 2m, the other pairs the 2z.
        let d = found(&counts("13m456p789s1112z"), 2, 4, Form::Standard).unwrap();
        assert_eq!(d.wildcard_as.len(), 2);
        assert_eq!(format_tiles(&d.wildcard_as[..1]), "2m");
        let d = found(&counts("19m19p19s1234567z"), 1, 4, Form::ThirteenOrphans);
        assert_eq!(d.unwrap().wildcard_as[..], parse_tiles("1m").unwrap()[..]);
    }

    /// The decomposition shown is the first of the search order `Decomposition` states in the
    /// proto: triplet, then the runs from the lowest natural tile, then the pair; leftover
    /// wildcards as the lowest kinds they may stand for.
    #[test]
    fn the_first_decomposition_follows_the_stated_order() {
        let groups = |d: &Decomposition| -> Vec<(GroupKind, String)> {
            d.groups
                .iter()
                .map(|g| (g.kind, format_tiles(&g.tiles)))
                .collect()
        };
        let decompose = |nat: &[u8; 34], wild, melds, shape: &Shape, form| {
            decompose(nat, wild, melds, shape, form).map(|d| d.expand())
        };
        use GroupKind::{Pair, Sequence, Triplet};
        let d = decompose(&counts("111222333m456p77s"), 0, 4, &SHAPE, Form::Standard).unwrap();
        let expected = [
            (Triplet, "111m"),
            (Triplet, "222m"),
            (Triplet, "333m"),
            (Sequence, "456p"),
            (Pair, "77s"),
        ];
        assert_eq!(groups(&d), expected.map(|(k, t)| (k, t.to_owned())));
        // A run starting at the lowest natural tile before one starting below it.
        let d = decompose(&counts("56m11z"), 1, 1, &SHAPE, Form::Standard).unwrap();
        assert_eq!(format_tiles(&d.wildcard_as), "7m");
        // A triplet of wildcards' making before the run the naturals form.
        let d = decompose(&counts("123m11z"), 3, 2, &SHAPE, Form::Standard).unwrap();
        let expected = [(Triplet, "111m"), (Sequence, "234m"), (Pair, "11z")];
        assert_eq!(groups(&d), expected.map(|(k, t)| (k, t.to_owned())));
        // Wildcards left once the naturals are used: the lowest kind.
        let d = decompose(&counts("11z"), 3, 1, &SHAPE, Form::Standard).unwrap();
        assert_eq!(format_tiles(&d.wildcard_as), "11m1z");
        // Seven pairs: natural pairs in tile order, then the lowest kinds not yet held.
        let d = decompose(&counts("113m"), 11, 0, &SHAPE, Form::SevenPairs).unwrap();
        assert_eq!(format_tiles(&d.wildcard_as), "22344556677m");
    }
}
