//! Typed errors of the mahjong core, each naming the input at fault ([`Field`]).

use crate::tiles::Tile;

/// The input an error is about: an argument of the entry point or a field of [`Rules`]. The
/// adapter turns it into its own path (the proto's `melds[2]`, `rules.wildcards`).
///
/// [`Rules`]: super::Rules
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The concealed hand.
    Hand,
    /// The declared meld at this index.
    Meld(usize),
    /// The tiles visible to the player.
    Visible,
    /// A field of [`Rules`](super::Rules) (and of [`RuleOverrides`](super::RuleOverrides)),
    /// by name.
    Rules(&'static str),
}

impl Field {
    /// The index within the field, for a meld.
    pub fn index(&self) -> Option<usize> {
        match *self {
            Field::Meld(i) => Some(i),
            _ => None,
        }
    }
}

/// Why a mahjong request cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MahjongError {
    /// More copies of a tile than the game has, counting hand, melds and visible tiles up to the
    /// field named.
    #[error(
        "{count} copies of {tile} (the game has {max}), counting the hand, melds and visible tiles"
    )]
    TooManyCopies {
        /// Where the last copy was found.
        field: Field,
        /// The tile.
        tile: Tile,
        /// Copies counted.
        count: u8,
        /// Copies in the game.
        max: u8,
    },
    /// The hand has the wrong number of tiles.
    #[error("{tiles} tiles with {melds} melds: {expected}")]
    HandSize {
        /// Always [`Field::Hand`].
        field: Field,
        /// Concealed tiles.
        tiles: usize,
        /// Declared melds.
        melds: usize,
        /// What was expected, in words.
        expected: &'static str,
    },
    /// A tile the rule set does not use.
    #[error("{tile}: {reason}")]
    TileNotInGame {
        /// Where it was found.
        field: Field,
        /// The tile.
        tile: Tile,
        /// Why it is absent.
        reason: &'static str,
    },
    /// A meld that is not a chi, pon or kan the rules allow.
    #[error("{reason}")]
    BadMeld {
        /// The meld.
        field: Field,
        /// What is wrong.
        reason: String,
    },
    /// An impossible combination of rule options.
    #[error("{reason}")]
    Rules {
        /// The rules field.
        field: Field,
        /// What is wrong.
        reason: String,
    },
}

impl MahjongError {
    /// The field at fault.
    pub fn field(&self) -> Field {
        match self {
            MahjongError::TooManyCopies { field, .. }
            | MahjongError::HandSize { field, .. }
            | MahjongError::TileNotInGame { field, .. }
            | MahjongError::BadMeld { field, .. }
            | MahjongError::Rules { field, .. } => *field,
        }
    }
}
