//! Typed request errors of the mahjong core, each naming the request field at fault.

use std::fmt;

use crate::error::InvalidArgument;
use crate::tiles::Tile;

/// The request field an error is about, spelled as the proto field path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The concealed hand.
    Hand,
    /// The declared meld at this index.
    Meld(usize),
    /// The tiles visible to the player.
    Visible,
    /// A rules field (`rules.<name>`).
    Rules(&'static str),
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Field::Hand => f.write_str("hand"),
            Field::Meld(i) => write!(f, "melds[{i}]"),
            Field::Visible => f.write_str("visible"),
            Field::Rules(name) => write!(f, "rules.{name}"),
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

impl From<MahjongError> for InvalidArgument {
    fn from(e: MahjongError) -> Self {
        InvalidArgument::new(e.field().to_string(), e.to_string())
    }
}
