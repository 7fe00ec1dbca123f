//! [`CompactDecomposition`]: a decomposition as the searches record it, and its tiles listed on
//! demand.

use super::{Decomposition, Group, GroupKind, GroupTiles, MAX_GROUPS, MAX_TILES, RawGroup};
use crate::mahjong::forms::Form;
use crate::tiles::Tile;

/// A decomposition as the search records it: each group as its kind and lowest tile, and the
/// kinds the wildcards stand for; some 40 bytes and no tile lists, against some 200 for a
/// [`Decomposition`]. The waits keep one per winning tile, and a score the one it chose; the
/// tiles are listed ([`CompactDecomposition::expand`]) only for a decomposition an answer
/// shows.
#[derive(Clone, Copy)]
pub struct CompactDecomposition {
    form: Form,
    n_groups: u8,
    groups: [RawGroup; MAX_GROUPS],
    /// The tiles of the one knitted straight or singles group, if there is one.
    set: u64,
    n_wild: u8,
    /// The kinds the wildcards stand for, lowest first.
    wild: [u8; MAX_TILES],
}

impl CompactDecomposition {
    /// No groups and no wildcards yet.
    fn empty(form: Form, set: u64) -> CompactDecomposition {
        CompactDecomposition {
            form,
            n_groups: 0,
            groups: [RawGroup {
                kind: GroupKind::Pair,
                first: 0,
            }; MAX_GROUPS],
            set,
            n_wild: 0,
            wild: [0; MAX_TILES],
        }
    }

    /// The first `n_groups` groups of `groups` (`set` the tiles of a knitted straight or
    /// singles group) and the first `n_wild` kinds of `wild` the wildcards stand for, in any
    /// order: at most [`MAX_GROUPS`] and [`MAX_TILES`], as every search makes. The lists are
    /// at least that long and copied whole (a fixed length, so no call to copy them).
    pub(super) fn new(
        form: Form,
        groups: &[RawGroup],
        n_groups: usize,
        set: u64,
        wild: &[u8],
        n_wild: usize,
    ) -> CompactDecomposition {
        let mut d = CompactDecomposition::empty(form, set);
        d.n_groups = n_groups.min(MAX_GROUPS) as u8;
        d.n_wild = n_wild.min(MAX_TILES) as u8;
        d.groups.copy_from_slice(&groups[..MAX_GROUPS]);
        d.wild.copy_from_slice(&wild[..MAX_TILES]);
        d.wild[..usize::from(d.n_wild)].sort_unstable();
        d
    }

    /// A decomposition without wildcards from its groups, each as its kind and first tile's
    /// index (below 34: the scorers' own), `set` the tiles of a knitted straight or singles
    /// group.
    pub(crate) fn of_groups(
        form: Form,
        groups: impl IntoIterator<Item = (GroupKind, u8)>,
        set: u64,
    ) -> CompactDecomposition {
        let mut d = CompactDecomposition::empty(form, set);
        let mut n = 0;
        for (slot, (kind, first)) in d.groups.iter_mut().zip(groups) {
            debug_assert!(usize::from(first) < Tile::COUNT, "tile index {first}");
            *slot = RawGroup { kind, first };
            n += 1;
        }
        d.n_groups = n;
        d
    }

    /// The compact form of a decomposition the scorers listed (groups of tiles they built, at
    /// most one knitted straight or singles group).
    pub(crate) fn of_expanded(d: &Decomposition) -> CompactDecomposition {
        let mut set = 0;
        for g in &d.groups {
            if matches!(g.kind, GroupKind::KnittedStraight | GroupKind::Singles) {
                set |= g.tiles.iter().fold(0u64, |m, t| m | 1 << t.index());
            }
        }
        let groups = d
            .groups
            .iter()
            .map(|g| (g.kind, g.tiles.first().map_or(0, |t| t.index() as u8)));
        let mut c = CompactDecomposition::of_groups(d.form, groups, set);
        for t in &d.wildcard_as {
            c.wild[usize::from(c.n_wild)] = t.index() as u8;
            c.n_wild += 1;
        }
        c
    }

    /// The form.
    pub fn form(&self) -> Form {
        self.form
    }

    /// What each wildcard stands for, one tile per wildcard, sorted (as
    /// [`Decomposition::wildcard_as`]).
    pub fn wildcard_as(&self) -> impl ExactSizeIterator<Item = Tile> + '_ {
        // The kinds come from the search, so they need no check.
        self.wild[..usize::from(self.n_wild)]
            .iter()
            .map(|&k| Tile::of_kind(k))
    }

    /// The decomposition with each group's tiles listed.
    pub fn expand(&self) -> Decomposition {
        // Everything inline: a decomposition never allocates.
        let groups = self.groups[..usize::from(self.n_groups)]
            .iter()
            .map(|g| Group {
                kind: g.kind,
                tiles: match g.kind {
                    GroupKind::KnittedStraight | GroupKind::Singles => set_tiles(self.set),
                    kind => three_tiles(kind, g.first),
                },
            })
            .collect();
        Decomposition {
            form: self.form,
            groups,
            wildcard_as: self.wildcard_as().collect(),
        }
    }
}

impl From<CompactDecomposition> for Decomposition {
    fn from(d: CompactDecomposition) -> Decomposition {
        d.expand()
    }
}

/// Equal when they list the same groups and wildcards (the slots past the counts are not
/// compared).
impl PartialEq for CompactDecomposition {
    fn eq(&self, other: &CompactDecomposition) -> bool {
        self.form == other.form
            && self.set == other.set
            && self.groups[..usize::from(self.n_groups)]
                == other.groups[..usize::from(other.n_groups)]
            && self.wild[..usize::from(self.n_wild)] == other.wild[..usize::from(other.n_wild)]
    }
}

impl Eq for CompactDecomposition {}

/// Shown as the decomposition it stands for.
impl std::fmt::Debug for CompactDecomposition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("CompactDecomposition")
            .field(&self.expand())
            .finish()
    }
}

/// The tiles of a pair, triplet or run from kind `first`. A run steps by one kind, a pair or
/// triplet by none, and a pair stops at two: the same three writes for all three, so varied
/// groups do not branch on their kind.
#[inline]
fn three_tiles(kind: GroupKind, first: u8) -> GroupTiles {
    let step = u8::from(kind == GroupKind::Sequence);
    let mut tiles = GroupTiles::new();
    tiles.push(Tile::of_kind(first));
    tiles.push(Tile::of_kind(first + step));
    tiles.push(Tile::of_kind(first + 2 * step));
    tiles.truncate(2 + usize::from(kind != GroupKind::Pair));
    tiles
}

/// The tiles of the mask `set`, lowest first.
fn set_tiles(mut set: u64) -> GroupTiles {
    let mut tiles = GroupTiles::new();
    while set != 0 {
        tiles.push(Tile::of_kind(set.trailing_zeros() as u8));
        set &= set - 1;
    }
    tiles
}
