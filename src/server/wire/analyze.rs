//! The answer of `MahjongAnalyze` as the server writes it: tiles by their `&'static str` names
//! and a discard's improving tiles as a mask over the hand's live counts, written straight to
//! the wire.
//!
//! As prost's generated types, these cost a `String` per tile named and a `Vec` per discard's
//! improving tiles (a 14-tile MahjongAnalyze answer names some 180 tiles), and prost's encoder
//! works out each nested message's length once per enclosing message.

use bytes::{Buf, BufMut};
use prost::encoding::{self, DecodeContext, WireType, encoded_len_varint};
use prost::{DecodeError, Message};

use super::super::pb;
use super::{encode_str, encoded_len_strs};
use crate::tiles::Tile;

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
    DiscardOption into pb [by_hand] {
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

impl DiscardOption {
    /// Writes the option as prost does, its discard and shanten laid out in a local block when
    /// the discard's name is short (a tile's always is).
    fn encode_by_hand(&self, buf: &mut impl BufMut) {
        let discard = self.discard.as_bytes();
        if discard.len() <= 16 {
            // Discard: key, length, up to 16 bytes; shanten: key, up to 5 bytes.
            let mut block = [0u8; 2 + 16 + 1 + 5];
            let mut n = 0;
            if !discard.is_empty() {
                block[0] = 0x0a; // field 1, length-delimited
                block[1] = discard.len() as u8;
                for (i, &byte) in discard.iter().enumerate() {
                    block[2 + i] = byte;
                }
                n = 2 + discard.len();
            }
            if self.shanten != 0 {
                block[n] = 0x10; // field 2, varint
                n += 1;
                let mut shanten = self.shanten;
                while shanten >= 0x80 {
                    block[n] = shanten as u8 | 0x80;
                    shanten >>= 7;
                    n += 1;
                }
                block[n] = shanten as u8;
                n += 1;
            }
            buf.put_slice(&block[..n]);
        } else {
            encode_str(1, self.discard, buf);
            if self.shanten != 0 {
                encoding::uint32::encode(2, &self.shanten, buf);
            }
        }
        self.improving.encode(3, buf);
        if self.improving_live != 0 {
            encoding::uint32::encode(4, &self.improving_live, buf);
        }
    }

    /// The length [`Self::encode_by_hand`] writes.
    fn encoded_len_by_hand(&self) -> usize {
        let discard = match self.discard.len() {
            0 => 0,
            len => 1 + encoded_len_varint(len as u64) + len,
        };
        let varint = |value: u32| match value {
            0 => 0,
            value => 1 + encoded_len_varint(u64::from(value)),
        };
        discard + varint(self.shanten) + self.improving.encoded_len(3) + varint(self.improving_live)
    }
}

message! {
    /// `cardrules.v1.MahjongAnalyzeResponse`.
    MahjongAnalyzeResponse into pb [by_hand] {
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

impl MahjongAnalyzeResponse {
    /// Writes the answer as prost does, each discard option (key, length and body) laid out
    /// in one local block and written with one `put_slice`.
    fn encode_by_hand(&self, buf: &mut impl BufMut) {
        if self.complete {
            encoding::bool::encode(1, &self.complete, buf);
        }
        if let Some(d) = &self.decomposition {
            encoding::message::encode(2, d, buf);
        }
        if self.shanten != 0 {
            encoding::int32::encode(3, &self.shanten, buf);
        }
        for d in &self.discards {
            d.encode_field(buf);
        }
        if !self.message.is_empty() {
            encoding::string::encode(5, &self.message, buf);
        }
    }

    /// The length [`Self::encode_by_hand`] writes.
    fn encoded_len_by_hand(&self) -> usize {
        let complete = if self.complete { 2 } else { 0 };
        let decomposition = self
            .decomposition
            .as_ref()
            .map_or(0, |d| encoding::message::encoded_len(2, d));
        let shanten = if self.shanten != 0 {
            encoding::int32::encoded_len(3, &self.shanten)
        } else {
            0
        };
        let message = if self.message.is_empty() {
            0
        } else {
            encoding::string::encoded_len(5, &self.message)
        };
        complete
            + decomposition
            + shanten
            + encoding::message::encoded_len_repeated(4, &self.discards)
            + message
    }
}

impl DiscardOption {
    /// Writes the option as field 4 of `MahjongAnalyzeResponse` (key, length, body), as prost
    /// does, in one local block when its discard's name is short (a tile's always is).
    fn encode_field(&self, buf: &mut impl BufMut) {
        if self.discard.len() > 16 {
            encoding::message::encode(4, self, buf);
            return;
        }
        // Key, a length of up to 5 bytes, the discard and shanten (up to 24 bytes), the
        // improving tiles (up to 9 bytes a tile, written a word at a time: 8 bytes of room),
        // the live copies (key, up to 5 bytes).
        let mut block = [0u8; 6 + 24 + RECORDS_ROOM + 6];
        block[0] = 0x22; // field 4, length-delimited
        let mut n = 1;
        let mut len = self.encoded_len_by_hand() as u64;
        while len >= 0x80 {
            block[n] = len as u8 | 0x80;
            len >>= 7;
            n += 1;
        }
        block[n] = len as u8;
        n += 1;
        let discard = self.discard.as_bytes();
        if !discard.is_empty() {
            block[n] = 0x0a; // field 1, length-delimited
            block[n + 1] = discard.len() as u8;
            block[n + 2..n + 2 + discard.len()].copy_from_slice(discard);
            n += 2 + discard.len();
        }
        n = put_varint_field(&mut block, n, 0x10, self.shanten); // field 2
        let records: &mut [u8; RECORDS_ROOM] = (&mut block[n..n + RECORDS_ROOM])
            .try_into()
            .expect("room for the records");
        n += self.improving.write(records);
        n = put_varint_field(&mut block, n, 0x20, self.improving_live); // field 4
        buf.put_slice(&block[..n]);
    }
}

/// Writes `key` and `value` as a varint at `block[n..]` when `value` is not 0; returns the end.
fn put_varint_field(block: &mut [u8], mut n: usize, key: u8, value: u32) -> usize {
    if value != 0 {
        block[n] = key;
        n += 1;
        let mut v = value;
        while v >= 0x80 {
            block[n] = v as u8 | 0x80;
            v >>= 7;
            n += 1;
        }
        block[n] = v as u8;
        n += 1;
    }
    n
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

    /// [`ImprovingTiles::new`] with the kinds that have live copies (`live_kinds`) and those
    /// with 128 or more (`many_live`) given as masks, so that the field's length is counted by
    /// masks rather than tile by tile (for a caller making many of them from one `live`).
    pub fn with_live_masks(
        tiles: u64,
        live: &[u8; Tile::COUNT],
        live_kinds: u64,
        many_live: u64,
    ) -> ImprovingTiles {
        let tiles = tiles & ((1 << Tile::COUNT) - 1);
        // Per tile: key, length, the name (key, length, two bytes); the live copies when not 0
        // (key, a varint of one byte, or two from 128 on).
        let len = 6 * tiles.count_ones()
            + 2 * (tiles & live_kinds).count_ones()
            + (tiles & many_live).count_ones();
        debug_assert_eq!(len as usize, ImprovingTiles::new(tiles, live).len);
        ImprovingTiles {
            tiles,
            live: *live,
            len: len as usize,
        }
    }

    /// The kinds of `live` with live copies, and those with 128 or more, as masks for
    /// [`ImprovingTiles::with_live_masks`].
    pub fn live_masks(live: &[u8; Tile::COUNT]) -> (u64, u64) {
        live.iter()
            .enumerate()
            .fold((0, 0), |(some, many), (t, &n)| {
                (
                    some | u64::from(n != 0) << t,
                    many | u64::from(n >= 0x80) << t,
                )
            })
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
    /// written with one `put_slice`. A tile with at most four live copies (as in every game
    /// without extra wildcard copies) is one precomputed word.
    fn encode(&self, tag: u32, buf: &mut impl BufMut) {
        debug_assert_eq!(tag, IMPROVING);
        // At most 34 tiles of up to 9 bytes (a live count of 128 or more takes two), written
        // a word at a time (up to 7 bytes past the last record).
        let mut block = [0u8; RECORDS_ROOM];
        let used = self.write(&mut block);
        buf.put_slice(&block[..used]);
    }

    /// Writes the field at the start of `block` and returns its length (at most 9 bytes a
    /// tile; records are written a word at a time, hence the 8 bytes of room past them).
    fn write(&self, block: &mut [u8; RECORDS_ROOM]) -> usize {
        let mut used = 0;
        let mut bits = self.tiles;
        while bits != 0 {
            // Below 34 (`tiles` holds no higher bit); the clamps only spare bounds checks.
            let t = (bits.trailing_zeros() as usize).min(Tile::COUNT - 1);
            bits &= bits - 1;
            let live = self.live[t];
            let (record, len) = if live <= 4 {
                let r = RECORDS[(t * 5 + live as usize).min(RECORDS.len() - 1)];
                (r, 6 + 2 * (live != 0) as usize)
            } else {
                let (r, extra) = record(t, live);
                (r, 8 + extra)
            };
            let at = used.min(9 * (Tile::COUNT - 1));
            block[at..at + 8].copy_from_slice(&record.to_le_bytes());
            if live >= 0x80 {
                // A two-byte varint: the low seven bits with the continuation bit (`live`
                // itself), then 1.
                block[at + 8] = 1;
            }
            used = at + len;
        }
        used
    }
}

/// Room for the records of every tile kind (up to 9 bytes each), written a word at a time.
const RECORDS_ROOM: usize = 9 * Tile::COUNT + 8;

/// One `ImprovingTile` of tile `t` with `live` copies as written inside the repeated field:
/// key, length, field 1 (`tile`: key, length, name), field 2 (`live`: key, varint), as one
/// little-endian word (its first 6 bytes when there are no live copies), and how many bytes
/// past 8 it takes (1 for a live count of 128 or more).
const fn record(t: usize, live: u8) -> (u64, usize) {
    let key = (IMPROVING << 3 | WireType::LengthDelimited as u32) as u8 as u64;
    let [a, b] = NAMES[t];
    let body: u64 = match live {
        0 => 4,
        1..0x80 => 6,
        _ => 7,
    };
    let record = key
        | body << 8
        | 0x0a << 16
        | 2 << 24
        | (a as u64) << 32
        | (b as u64) << 40
        | 0x10 << 48
        | (live as u64) << 56;
    (record, (body as usize + 2).saturating_sub(8))
}

/// [`record`] of every tile with 0 to 4 live copies, at `t * 5 + live`.
static RECORDS: [u64; Tile::COUNT * 5] = {
    let mut r = [0; Tile::COUNT * 5];
    let mut i = 0;
    while i < r.len() {
        r[i] = record(i / 5, (i % 5) as u8).0;
        i += 1;
    }
    r
};

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

    /// The length counted by masks is the one counted tile by tile, and the encoding the same.
    #[test]
    fn live_masks_give_the_same_field() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2_000 {
            let mut next = || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let tiles = next();
            let live: [u8; Tile::COUNT] = std::array::from_fn(|_| match next() % 8 {
                0 => 0,
                1 => 200,
                2 => 0x80,
                n => (n % 5) as u8,
            });
            let (some, many) = ImprovingTiles::live_masks(&live);
            let a = ImprovingTiles::new(tiles, &live);
            let b = ImprovingTiles::with_live_masks(tiles, &live, some, many);
            assert_eq!(a.len, b.len);
            let (mut ea, mut eb) = (Vec::new(), Vec::new());
            a.encode(IMPROVING, &mut ea);
            b.encode(IMPROVING, &mut eb);
            assert_eq!(ea, eb);
            assert_eq!(ea.len(), a.len);
        }
    }

    #[test]
    fn names_are_the_tiles_names() {
        for (t, name) in NAMES.iter().enumerate() {
            assert_eq!(name, tile_name(t).as_bytes(), "tile {t}");
        }
    }
}
