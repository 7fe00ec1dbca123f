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
use super::{StaticNames, encode_str, encode_strs, encoded_len_strs, one_byte_key};
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

/// A `repeated ImprovingTile` field: the tiles of `tiles` (a bit per tile index) in index
/// order, each with its live copies from `live` (by tile index), as [`ImprovingTile`]s.
#[derive(Clone, PartialEq)]
pub struct ImprovingTiles {
    /// The tiles, a bit per tile index.
    pub tiles: u64,
    /// Live copies of every tile kind, by tile index.
    pub live: [u8; Tile::COUNT],
}

impl Default for ImprovingTiles {
    fn default() -> ImprovingTiles {
        ImprovingTiles {
            tiles: 0,
            live: [0; Tile::COUNT],
        }
    }
}

impl ImprovingTiles {
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

    /// The length of one tile's `ImprovingTile` message, without its key and length.
    fn body_len(&self, t: usize) -> usize {
        let live = self.live[t];
        // The tile's name (key, length, bytes), then the live copies when not 0.
        2 + tile_name(t).len()
            + if live == 0 {
                0
            } else {
                1 + encoded_len_varint(u64::from(live))
            }
    }

    /// How many tiles, and how many of them have live copies.
    fn counts(&self) -> (usize, usize) {
        let mut alive = 0;
        let mut bits = self.tiles;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            alive += usize::from(self.live[t] != 0);
        }
        (self.tiles.count_ones() as usize, alive)
    }

    /// Whether every tile is written as [`Self::record`] writes it: a one-byte key, two-byte
    /// names, live copies below 128 (always, for tiles and the server's field 3).
    fn short(&self, tag: u32) -> bool {
        let mut bits = self.tiles;
        let mut short = one_byte_key(tag).is_some();
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            short &= self.live[t] < 0x80 && tile_name(t).len() == 2;
        }
        short
    }

    /// One tile's `ImprovingTile` with its key (`key`, one byte) and length, as prost writes it:
    /// the eight bytes, of which the first 6 (no live copies) or 8 count.
    fn record(&self, key: u8, t: usize) -> ([u8; 8], usize) {
        let name = tile_name(t).as_bytes();
        let live = self.live[t];
        let body = if live == 0 { 4 } else { 6 };
        // Field 1 (`tile`, length-delimited), then field 2 (`live`, varint).
        (
            [key, body, 0x0a, 2, name[0], name[1], 0x10, live],
            2 + body as usize,
        )
    }

    /// The length of the field numbered `tag`.
    fn encoded_len(&self, tag: u32) -> usize {
        if self.short(tag) {
            let (tiles, alive) = self.counts();
            return tiles * 6 + alive * 2;
        }
        let key = encoding::key_len(tag);
        let mut len = 0;
        let mut bits = self.tiles;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let body = self.body_len(t);
            len += key + encoded_len_varint(body as u64) + body;
        }
        len
    }

    /// Writes the field numbered `tag`: one `ImprovingTile` per tile, each as prost writes one
    /// (its tile, then its live copies when not 0), laid out in a local block and written with
    /// one `put_slice` per block.
    fn encode(&self, tag: u32, buf: &mut impl BufMut) {
        if let Some(key) = one_byte_key(tag)
            && self.short(tag)
        {
            // At most 34 tiles of 8 bytes.
            let mut block = [0u8; 8 * Tile::COUNT];
            let mut used = 0;
            let mut bits = self.tiles;
            while bits != 0 {
                let t = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (record, len) = self.record(key, t);
                block[used..used + 8].copy_from_slice(&record);
                used += len;
            }
            buf.put_slice(&block[..used]);
            return;
        }
        let mut block = [0u8; 256];
        let mut used = 0;
        let mut bits = self.tiles;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let body = self.body_len(t);
            // A key and a length of up to 5 bytes each, then the body.
            if used + 10 + body > block.len() {
                buf.put_slice(&block[..used]);
                used = 0;
            }
            let mut out = &mut block[used..];
            let room = out.len();
            encoding::encode_key(tag, WireType::LengthDelimited, &mut out);
            encoding::encode_varint(body as u64, &mut out);
            let name = tile_name(t).as_bytes();
            out[0] = 0x0a; // field 1 (`tile`), length-delimited
            out[1] = name.len() as u8;
            for (i, &byte) in name.iter().enumerate() {
                out[2 + i] = byte;
            }
            let mut out = &mut out[2 + name.len()..];
            let live = self.live[t];
            if live != 0 {
                out[0] = 0x10; // field 2 (`live`), varint
                out = &mut out[1..];
                encoding::encode_varint(u64::from(live), &mut out);
            }
            used += room - out.len();
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
