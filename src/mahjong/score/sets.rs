//! Every standard decomposition (melds + one pair) of a complete concealed part, as sets the
//! scorers read: the Riichi and Sichuan scorers take the best of them.

use crate::mahjong::kinds::held;
use crate::mahjong::{CompactDecomposition, Form, GroupKind, Meld, MeldKind};

/// What a set of a decomposition is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetKind {
    /// Three consecutive tiles.
    Sequence,
    /// Three identical tiles.
    Triplet,
    /// Four identical tiles (a declared kan).
    Quad,
}

/// One set of four of a standard hand: a concealed group or a declared meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Set {
    /// Sequence, triplet or quad.
    pub kind: SetKind,
    /// Its lowest tile's index.
    pub tile: u8,
    /// Open: a declared chi, pon or open kan (a concealed triplet completed by a discard is
    /// decided by the scorer, not here).
    pub open: bool,
    /// A declared meld rather than a group of the concealed tiles.
    pub declared: bool,
}

impl Set {
    /// A declared meld as a set.
    pub fn declared(m: &Meld) -> Set {
        Set {
            kind: match m.kind {
                MeldKind::Chi => SetKind::Sequence,
                MeldKind::Pon => SetKind::Triplet,
                MeldKind::Kan => SetKind::Quad,
            },
            tile: m.tile.index() as u8,
            open: !m.concealed,
            declared: true,
        }
    }

    /// True when the set holds tile index `t`.
    #[inline]
    pub fn holds(&self, t: u8) -> bool {
        match self.kind {
            SetKind::Sequence => (self.tile..self.tile + 3).contains(&t),
            _ => self.tile == t,
        }
    }

    /// A triplet or a quad.
    #[inline]
    pub fn is_pung(&self) -> bool {
        self.kind != SetKind::Sequence
    }
}

/// A standard decomposition: the pair and the concealed groups (the declared melds are added by
/// the scorer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrangement {
    /// The pair's tile index.
    pub pair: u8,
    /// The concealed groups, lowest first.
    pub groups: [(SetKind, u8); 4],
    /// How many of `groups` are used.
    pub n: u8,
}

impl Arrangement {
    /// The concealed groups.
    pub fn groups(&self) -> &[(SetKind, u8)] {
        &self.groups[..self.n as usize]
    }

    /// The arrangement as the answer shows it: the pair, then the concealed groups.
    ///
    /// # Panics
    ///
    /// When a tile index is not a tile's (34 and above, or a run past the 7 of its suit).
    #[inline]
    pub fn decomposition(&self) -> CompactDecomposition {
        // One test for every group (the fields are public): each group's last tile is a tile
        // and, for a run, of its first tile's suit.
        let bad = self
            .groups()
            .iter()
            .fold(self.pair >= 34, |bad, &(kind, t)| {
                let run = kind == SetKind::Sequence;
                bad | (t >= 34) | (run & ((t >= 27) | (t % 9 > 6)))
            });
        assert!(!bad, "tile index out of range in {self:?}");
        let groups = self.groups().iter().map(|&(kind, t)| {
            let run = kind == SetKind::Sequence;
            (
                if run {
                    GroupKind::Sequence
                } else {
                    GroupKind::Triplet
                },
                t,
            )
        });
        CompactDecomposition::of_groups(
            Form::Standard,
            std::iter::once((GroupKind::Pair, self.pair)).chain(groups),
            0,
        )
    }
}

/// Calls `f` once for each distinct standard decomposition of `counts` into `needed` groups
/// (triplets and, where `sequences`, runs of a suit) plus one pair. The groups come lowest tile
/// first, and at one tile the triplet before the runs.
pub fn for_each_standard(
    counts: &[u8; 34],
    needed: u8,
    sequences: bool,
    f: &mut impl FnMut(&Arrangement),
) {
    let mut c = *counts;
    let mut a = Arrangement {
        pair: u8::MAX,
        groups: [(SetKind::Triplet, 0); 4],
        n: 0,
    };
    dfs(&mut c, held(counts), 0, 0, needed, sequences, &mut a, f);
}

/// `held` without the bits of the tiles among `tiles` that `c` no longer holds.
#[inline(always)]
fn drop_emptied(held: u64, c: &[u8; 34], tiles: std::ops::Range<usize>) -> u64 {
    tiles.fold(held, |m, t| m & !(u64::from(c[t] == 0) << t))
}

/// What a decomposition may still take at its lowest tile, in the one order each decomposition
/// is found in: a triplet, then runs, then the pair (so a triplet and a run of the same tile, or
/// a run and the pair, are not found twice in two orders).
const TRIPLET: u8 = 0;
const RUN: u8 = 1;
const PAIR: u8 = 2;

/// `stage` is the first of [`TRIPLET`], [`RUN`], [`PAIR`] still allowed at tile `from`; `held`
/// has a bit for each tile index `c` still holds, so the lowest one is a trailing-zero count
/// rather than a scan.
#[allow(clippy::too_many_arguments)]
fn dfs(
    c: &mut [u8; 34],
    held: u64,
    from: usize,
    stage: u8,
    needed: u8,
    sequences: bool,
    a: &mut Arrangement,
    f: &mut impl FnMut(&Arrangement),
) {
    let rest = held >> from;
    if rest == 0 {
        if a.pair != u8::MAX && a.n == needed {
            f(a);
        }
        return;
    }
    let i = from + rest.trailing_zeros() as usize;
    let stage = if i == from { stage } else { TRIPLET };
    if stage == TRIPLET && a.n < needed && c[i] >= 3 {
        c[i] -= 3;
        a.groups[a.n as usize] = (SetKind::Triplet, i as u8);
        a.n += 1;
        dfs(
            c,
            drop_emptied(held, c, i..i + 1),
            i,
            TRIPLET,
            needed,
            sequences,
            a,
            f,
        );
        a.n -= 1;
        c[i] += 3;
    }
    if stage <= RUN
        && sequences
        && a.n < needed
        && i < 27
        && i % 9 <= 6
        && c[i + 1] > 0
        && c[i + 2] > 0
    {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        a.groups[a.n as usize] = (SetKind::Sequence, i as u8);
        a.n += 1;
        dfs(
            c,
            drop_emptied(held, c, i..i + 3),
            i,
            RUN,
            needed,
            sequences,
            a,
            f,
        );
        a.n -= 1;
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
    }
    if a.pair == u8::MAX && c[i] >= 2 {
        c[i] -= 2;
        a.pair = i as u8;
        dfs(
            c,
            drop_emptied(held, c, i..i + 1),
            i,
            PAIR,
            needed,
            sequences,
            a,
            f,
        );
        a.pair = u8::MAX;
        c[i] += 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::{TileCounts, parse_tiles};

    fn count(hand: &str) -> usize {
        let c = TileCounts::from_tiles(parse_tiles(hand).unwrap()).0;
        let mut n = 0;
        for_each_standard(&c, 4, true, &mut |_| n += 1);
        n
    }

    #[test]
    fn finds_every_decomposition_once() {
        assert_eq!(count("123m456p789s11222z"), 1);
        // 111222333m: three triplets or three runs.
        assert_eq!(count("111222333m789p11z"), 2);
        assert_eq!(count("123m456p789s1122z3z"), 0);
        // 22334455667788p (daisharin-like): several readings.
        assert!(count("22334455667788p") >= 2);
        // A triplet and a run of one tile, a run and the pair of one tile: one order each.
        assert_eq!(count("22223444567m333s"), 1);
        assert_eq!(count("11123m456p789s555z"), 1);
    }
}
