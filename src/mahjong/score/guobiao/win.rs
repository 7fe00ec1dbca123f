//! Guobiao's own input: a winning hand in the module's terms ([`GuobiaoWin`]), its checks and
//! the errors naming its fields ([`GuobiaoError`]).

use super::Wind;
use crate::mahjong::{Meld, MeldKind};
use crate::tiles::Tile;

/// A winning hand and the circumstances of the win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuobiaoWin {
    /// The concealed tiles, winning tile included: `14 - 3 * melds.len()` tiles.
    pub concealed: Vec<Tile>,
    /// Declared melds: chi, pon, open kan, concealed kan (at most four).
    pub melds: Vec<Meld>,
    /// The winning tile; one of `concealed`.
    pub winning_tile: Tile,
    /// Won on a tile the winner drew (自摸); otherwise on a discard.
    pub self_drawn: bool,
    /// The winner's seat wind (门风).
    pub seat_wind: Wind,
    /// The round's wind (圈风).
    pub round_wind: Wind,
    /// 和绝张: the other three copies of the winning tile were already visible. Set by itself
    /// when the winner's own melds hold them.
    pub last_tile_of_kind: bool,
    /// The winning tile was the wall's last: 妙手回春 when self-drawn, 海底捞月 on a discard.
    pub last_tile_of_wall: bool,
    /// 杠上开花: self-drawn on the replacement tile after a kong (needs `self_drawn` and a kan).
    pub kong_win: bool,
    /// 抢杠和: won on the tile another player added to a pung (needs a discard win, and the
    /// winner holds no other copy of it).
    pub robbing_kong: bool,
    /// Flowers (花牌), 0-8: one fan each, not toward the minimum.
    pub flowers: u8,
}

/// Why a hand is not accepted for scoring. Each names the input field it is about.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GuobiaoError {
    /// More than four melds.
    #[error("{0} melds: a hand has at most 4")]
    TooManyMelds(usize),
    /// The concealed tiles are not `14 - 3 * melds` many.
    #[error(
        "{got} concealed tiles with {melds} melds: expected {expected} (the winning tile included)"
    )]
    TileCount {
        /// Tiles given.
        got: usize,
        /// Tiles expected.
        expected: usize,
        /// Melds given.
        melds: usize,
    },
    /// The winning tile is not among the concealed tiles.
    #[error("the winning tile {0} is not among the concealed tiles")]
    WinningTileNotInHand(Tile),
    /// A kind appears more than four times (concealed and melds together).
    #[error("{tile} appears {count} times (at most 4)")]
    FiveCopies {
        /// The kind.
        tile: Tile,
        /// How many times.
        count: usize,
    },
    /// More than eight flowers.
    #[error("{0} flowers: there are 8")]
    TooManyFlowers(u8),
    /// Circumstances that cannot happen together.
    #[error("{field}: {reason}")]
    Contradiction {
        /// The field at fault.
        field: &'static str,
        /// Why.
        reason: &'static str,
    },
}

impl GuobiaoError {
    /// The input field the error is about (`concealed`, `melds`, `winning_tile`, `flowers`, or a
    /// flag's name).
    pub fn field(&self) -> &'static str {
        match self {
            GuobiaoError::TooManyMelds(_) => "melds",
            GuobiaoError::TileCount { .. } | GuobiaoError::FiveCopies { .. } => "concealed",
            GuobiaoError::WinningTileNotInHand(_) => "winning_tile",
            GuobiaoError::TooManyFlowers(_) => "flowers",
            GuobiaoError::Contradiction { field, .. } => field,
        }
    }
}

/// Checks the input and returns the counts of the concealed tiles and of the whole hand.
pub(super) fn validate(win: &GuobiaoWin) -> Result<([u8; 34], [u8; 34]), GuobiaoError> {
    let melds = win.melds.len();
    if melds > 4 {
        return Err(GuobiaoError::TooManyMelds(melds));
    }
    let expected = 14 - 3 * melds;
    if win.concealed.len() != expected {
        return Err(GuobiaoError::TileCount {
            got: win.concealed.len(),
            expected,
            melds,
        });
    }
    let mut concealed = [0u8; 34];
    for t in &win.concealed {
        concealed[t.index()] += 1;
    }
    let mut all = concealed;
    for m in &win.melds {
        for t in m.tiles() {
            all[t.index()] += 1;
        }
    }
    if let Some(i) = (0..34).find(|&i| all[i] > 4) {
        return Err(GuobiaoError::FiveCopies {
            tile: Tile::from_index(i).expect("index"),
            count: all[i] as usize,
        });
    }
    let w = win.winning_tile.index();
    if concealed[w] == 0 {
        return Err(GuobiaoError::WinningTileNotInHand(win.winning_tile));
    }
    if win.flowers > 8 {
        return Err(GuobiaoError::TooManyFlowers(win.flowers));
    }
    let contradiction = |field, reason| Err(GuobiaoError::Contradiction { field, reason });
    if win.kong_win {
        if !win.self_drawn {
            return contradiction(
                "kong_win",
                "a win on a kong's replacement tile is self-drawn",
            );
        }
        if !win.melds.iter().any(|m| m.kind == MeldKind::Kan) {
            return contradiction(
                "kong_win",
                "a win on a kong's replacement tile needs a declared kan",
            );
        }
    }
    if win.robbing_kong {
        if win.self_drawn {
            return contradiction(
                "robbing_kong",
                "robbing a kong is a win on another player's tile",
            );
        }
        if all[w] != 1 {
            return contradiction(
                "robbing_kong",
                "the robbed tile is the fourth copy: the winner cannot hold another",
            );
        }
    }
    if win.last_tile_of_kind && concealed[w] > 1 {
        return contradiction(
            "last_tile_of_kind",
            "the winning tile cannot be the last of its kind when the hand holds another copy",
        );
    }
    Ok((concealed, all))
}
