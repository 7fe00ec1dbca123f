//! The answers of `MahjongWaits` and `MahjongAnalyze` as the server writes them: tiles by their
//! `&'static str` names, a wait's forms inline, and a discard's improving tiles as a mask over
//! the hand's live counts, written straight to the wire.
//!
//! As prost's generated types, these cost a `String` per tile named and a `Vec` per wait's forms
//! and per discard's improving tiles (a 14-tile MahjongAnalyze answer names some 180 tiles),
//! and prost's encoder works out each nested message's length once per enclosing message.

use bytes::{Buf, BufMut};
use prost::encoding::{self, DecodeContext, WireType, encoded_len_varint};
use prost::{DecodeError, Message};

use super::super::pb;
use super::{StaticNames, encode_str, encode_strs, encoded_len_strs};
use crate::tiles::Tile;

/// A wait's forms (`HandForm` values, in the core's order): at most one of each form.
pub type Forms = arrayvec::ArrayVec<i32, { crate::mahjong::Form::ALL.len() }>;

message! {
    /// `cardrules.v1.Wait`.
    Wait into pb {
        /// The winning tile.
        tile: &'static str = 1 as static_name,
        /// Its live copies.
        live: u32 = 2 as uint32,
        /// The forms it completes (`HandForm` values).
        forms: Forms = 3 as int32s,
        /// What the wildcards stand for in the shown decomposition.
        wildcard_as: StaticNames = 4 as static_names,
        /// The decomposition, when asked for.
        decomposition: Option<pb::Decomposition> = 5 as message,
    }
}

message! {
    /// `cardrules.v1.ExcludedWait`.
    ExcludedWait into pb {
        /// The tile.
        tile: &'static str = 1 as static_name,
        /// Why it does not count (a `WaitExclusion`).
        reason: i32 = 2 as int32,
        /// The forms it would complete (`HandForm` values).
        forms: Forms = 3 as int32s,
    }
}

message! {
    /// `cardrules.v1.MahjongWaitsResponse`.
    MahjongWaitsResponse into pb {
        /// Whether the hand is ready.
        ready: bool = 1 as bool,
        /// The shanten.
        shanten: u32 = 2 as uint32,
        /// The waits that count.
        waits: Vec<Wait> = 3 as messages,
        /// The waits that do not.
        excluded: Vec<ExcludedWait> = 4 as messages,
        /// Ready on any tile.
        any_tile: bool = 5 as bool,
        /// Why not ready (a `NotReadyReason`).
        not_ready_reason: i32 = 6 as int32,
        /// The answer in words.
        message: String = 7 as string,
        /// The waits' live copies, summed.
        live_total: u32 = 8 as uint32,
    }
}

message! {
    /// `cardrules.v1.ImprovingTile`: what [`ImprovingTiles`] writes, one per tile.
    ImprovingTile into pb {
        /// The tile.
        tile: &'static str = 1 as static_name,
        /// Its live copies.
        live: u32 = 2 as uint32,
    }
}

message! {
    /// `cardrules.v1.DiscardOption`.
    DiscardOption into pb {
        /// The discarded tile.
        discard: &'static str = 1 as static_name,
        /// The shanten it leaves.
        shanten: u32 = 2 as uint32,
        /// The tiles that would lower that shanten.
        improving: ImprovingTiles = 3 as improving_tiles,
        /// Their live copies, summed.
        improving_live: u32 = 4 as uint32,
    }
}

message! {
    /// `cardrules.v1.MahjongAnalyzeResponse`.
    MahjongAnalyzeResponse into pb {
        /// Whether the hand is complete.
        complete: bool = 1 as bool,
        /// One decomposition when complete.
        decomposition: Option<pb::Decomposition> = 2 as message,
        /// -1 when complete, else the best shanten one discard reaches.
        shanten: i32 = 3 as int32,
        /// Every distinct discard, best first.
        discards: Vec<DiscardOption> = 4 as messages,
        /// The answer in words.
        message: String = 5 as string,
    }
}

/// A `repeated ImprovingTile` field: the tiles of a mask (a bit per tile index) in index order,
/// each with its live copies (by tile index), as [`ImprovingTile`]s. Its length on the wire is
/// worked out once, when it is made.
#[derive(Clone, PartialEq)]
pub struct ImprovingTiles {
    /// The tiles, a bit per tile index (below [`Tile::COUNT`]).
    tiles: u64,
    /// Live copies of every tile kind, by tile index.
    live: [u8; Tile::COUNT],
    /// The field's length as field 3 (`DiscardOption.improving`), key included.
    len: usize,
}

impl Default for ImprovingTiles {
    fn default() -> ImprovingTiles {
        ImprovingTiles::new(0, &[0; Tile::COUNT])
    }
}

/// The field number [`ImprovingTiles`] is written as: `DiscardOption.improving`.
const IMPROVING: u32 = 3;

/// Each tile's name as two bytes, by tile index: `Tile::name`'s (a test holds them to it).
const NAMES: [[u8; 2]; Tile::COUNT] = {
    let mut names = [[0; 2]; Tile::COUNT];
    let mut t = 0;
    while t < Tile::COUNT {
        names[t] = if t < 27 {
            [b'1' + (t % 9) as u8, b"mps"[t / 9]]
        } else {
            [b'1' + (t - 27) as u8, b'z']
        };
        t += 1;
    }
    names
};

impl ImprovingTiles {
    /// The tiles of `tiles` (bits at and above [`Tile::COUNT`] are dropped) with `live`'s
    /// copies.
    pub fn new(tiles: u64, live: &[u8; Tile::COUNT]) -> ImprovingTiles {
        let tiles = tiles & ((1 << Tile::COUNT) - 1);
        let mut len = 0;
        let mut bits = tiles;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // Key, length, then the name (key, length, two bytes) and the live copies when not
            // 0 (key, varint).
            let body = 4 + match live[t] {
                0 => 0,
                n => 1 + encoded_len_varint(u64::from(n)),
            };
            len += 2 + body;
        }
        ImprovingTiles {
            tiles,
            live: *live,
            len,
        }
    }

    /// The tiles as [`ImprovingTile`]s, in index order.
    pub fn iter(&self) -> impl Iterator<Item = ImprovingTile> + '_ {
        let mut bits = self.tiles;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(ImprovingTile {
                tile: tile_name(t),
                live: u32::from(self.live[t]),
            })
        })
    }

    /// The length of the field numbered `tag` (always [`IMPROVING`]).
    fn encoded_len(&self, tag: u32) -> usize {
        debug_assert_eq!(tag, IMPROVING);
        self.len
    }

    /// Writes the field numbered `tag` (always [`IMPROVING`]): one `ImprovingTile` per tile,
    /// each as prost writes one (its tile, then its live copies when not 0), in a local block
    /// written with one `put_slice`.
    fn encode(&self, tag: u32, buf: &mut impl BufMut) {
        debug_assert_eq!(tag, IMPROVING);
        let key = (IMPROVING << 3 | WireType::LengthDelimited as u32) as u8;
        // At most 34 tiles of up to 9 bytes (a live count of 128 or more takes two).
        let mut block = [0u8; 9 * Tile::COUNT];
        let mut used = 0;
        let mut bits = self.tiles;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let [a, b] = NAMES[t];
            let live = self.live[t];
            // Field 1 (`tile`, length-delimited), then field 2 (`live`, varint).
            let (body, live_len) = match live {
                0 => (4, 0),
                1..0x80 => (6, 1),
                _ => (7, 2),
            };
            let record = [key, body, 0x0a, 2, a, b, 0x10, live | 0x80, 1];
            block[used..used + 9].copy_from_slice(&record);
            if live_len == 1 {
                block[used + 7] = live;
            }
            used += 2 + body as usize;
        }
        buf.put_slice(&block[..used]);
    }
}

impl std::fmt::Debug for ImprovingTiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|tile| (tile.tile, tile.live)))
            .finish()
    }
}

/// The name of the tile with index `t` (below [`Tile::COUNT`]).
fn tile_name(t: usize) -> &'static str {
    Tile::from_index(t).map_or("", Tile::name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_tiles_names() {
        for (t, name) in NAMES.iter().enumerate() {
            assert_eq!(name, tile_name(t).as_bytes(), "tile {t}");
        }
    }
}
