//! The sets of a standard hand as the scorers read them: a concealed group of an
//! [`Arrangement`](super::Arrangement) or a declared meld.

use crate::mahjong::{Meld, MeldKind};

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
