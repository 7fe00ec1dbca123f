//! The answer of `MahjongAnalyze` as the server writes it: its protobuf bytes, written in one
//! pass from the core's result into one buffer ([`AnalyzeWriter`]).
//!
//! A 14-tile answer holds a dozen discard options naming some 250 improving tiles. As prost's
//! generated types that is a `String` per tile and a `Vec` per discard; even as structs that name
//! tiles by `&'static str`, the encoder sizes each nested message, then writes it field by field.
//! Here each improving tile is one precomputed word (key, length, name, live copies) stored at
//! once, a discard's length is counted from its masks before its body is written, and the message
//! handed to tonic is the finished bytes: its length is theirs and encoding it is one copy.

use prost::encoding::{self, WireType, encode_varint};

use super::super::pb;
use super::{Encoded, WireField};
use crate::tiles::Tile;

/// `cardrules.v1.MahjongAnalyzeResponse` as the bytes of its encoding (prost's, field for
/// field), made by an [`AnalyzeWriter`].
pub type MahjongAnalyzeResponse = Encoded<pb::MahjongAnalyzeResponse>;

/// The field numbers the writer uses, by message; [`MahjongAnalyzeResponse::FIELDS`],
/// [`DISCARD_OPTION_FIELDS`] and [`IMPROVING_TILE_FIELDS`] give them to the descriptor check.
const COMPLETE: u32 = 1;
const DECOMPOSITION: u32 = 2;
const SHANTEN: u32 = 3;
const DISCARDS: u32 = 4;
const MESSAGE: u32 = 5;
const DISCARD: u32 = 1;
const DISCARD_SHANTEN: u32 = 2;
const IMPROVING: u32 = 3;
const IMPROVING_LIVE: u32 = 4;
const TILE: u32 = 1;
const LIVE: u32 = 2;

impl MahjongAnalyzeResponse {
    /// The proto fields the writer writes; a test holds them to the proto's descriptor.
    pub const FIELDS: &[WireField] = &[
        WireField::new(COMPLETE, "complete", "bool", false, "bool"),
        WireField::new(
            DECOMPOSITION,
            "decomposition",
            "message",
            false,
            "Option<pb::Decomposition>",
        ),
        WireField::new(SHANTEN, "shanten", "int32", false, "i32"),
        WireField::new(DISCARDS, "discards", "message", true, "Vec<DiscardOption>"),
        WireField::new(MESSAGE, "message", "string", false, "String"),
    ];
}

/// `cardrules.v1.DiscardOption`'s fields as the writer writes them.
#[cfg(test)]
pub(super) const DISCARD_OPTION_FIELDS: &[WireField] = &[
    WireField::new(DISCARD, "discard", "string", false, "&'static str"),
    WireField::new(DISCARD_SHANTEN, "shanten", "uint32", false, "u32"),
    WireField::new(
        IMPROVING,
        "improving",
        "message",
        true,
        "Vec<ImprovingTile>",
    ),
    WireField::new(IMPROVING_LIVE, "improving_live", "uint32", false, "u32"),
];

/// `cardrules.v1.ImprovingTile`'s fields as the writer writes them.
#[cfg(test)]
pub(super) const IMPROVING_TILE_FIELDS: &[WireField] = &[
    WireField::new(TILE, "tile", "string", false, "&'static str"),
    WireField::new(LIVE, "live", "uint32", false, "u32"),
];

impl From<MahjongAnalyzeResponse> for pb::MahjongAnalyzeResponse {
    fn from(message: MahjongAnalyzeResponse) -> pb::MahjongAnalyzeResponse {
        message.to_pb()
    }
}

/// Every tile kind's bit.
const ALL_KINDS: u64 = (1 << Tile::COUNT) - 1;

/// Room for one discard option written in place: key and length (3 bytes), the discard
/// (key, length, up to [`SHORT_NAME`] bytes), the shanten (key, up to 5 bytes), the improving
/// tiles (8 bytes each, the last word written whole), the live copies (key, up to 5 bytes).
const ROOM: usize = 3 + 2 + SHORT_NAME + 6 + 8 * Tile::COUNT + 6;

/// The longest discard name written in place (a tile's name is two bytes).
const SHORT_NAME: usize = 16;

/// Writes a MahjongAnalyze answer's fields in order (prost's order: by field number): the head
/// ([`AnalyzeWriter::new`]), each discard option ([`AnalyzeWriter::discard`]), then the message
/// ([`AnalyzeWriter::finish`]).
pub struct AnalyzeWriter {
    /// The answer so far (`bytes[..len]`), then room that a discard option is written into in
    /// place.
    bytes: Vec<u8>,
    len: usize,
    /// Per tile index (below 64, 0 past the tiles): its `ImprovingTile` inside the repeated
    /// field as one little-endian word (key, length, name's key, length and two bytes, live's
    /// key and one-byte varint) and how many of its bytes count (6 without live copies, else 8).
    records: [u64; 64],
    sizes: [u8; 64],
    /// Live copies by tile index.
    live: [u8; Tile::COUNT],
    /// Whether a kind has 128 live copies or more (a two-byte varint: not one word).
    many_live: bool,
}

impl AnalyzeWriter {
    /// Starts an answer with its head fields, for improving tiles with `live` copies (by tile
    /// index), with room for about `capacity` bytes.
    pub fn new(
        complete: bool,
        decomposition: Option<&pb::Decomposition>,
        shanten: i32,
        live: &[u8; Tile::COUNT],
        capacity: usize,
    ) -> AnalyzeWriter {
        let mut bytes = Vec::with_capacity(capacity.max(16));
        if complete {
            encoding::bool::encode(COMPLETE, &complete, &mut bytes);
        }
        if let Some(d) = decomposition {
            encoding::message::encode(DECOMPOSITION, d, &mut bytes);
        }
        if shanten != 0 {
            encoding::int32::encode(SHANTEN, &shanten, &mut bytes);
        }
        let len = bytes.len();
        // Zeroed as it is used, a discard option's room at a time: one large fill is a
        // `rep stosb`, which costs a count per byte.
        bytes.resize(len + ROOM, 0);
        let mut records = [0u64; 64];
        let mut sizes = [0u8; 64];
        let mut many_live = false;
        for (t, &n) in live.iter().enumerate() {
            // The live copies' field (2 bytes) counts when there are some.
            let some = u64::from(n != 0);
            records[t] = (RECORDS[t] + ((some * 2) << 8)) | (u64::from(n) << 56);
            sizes[t] = 6 + 2 * some as u8;
            many_live |= n >= 0x80;
        }
        AnalyzeWriter {
            bytes,
            len,
            records,
            sizes,
            live: *live,
            many_live,
        }
    }

    /// Room for about this many bytes of an answer with `discards` options (for
    /// [`AnalyzeWriter::new`]): a 14-tile hand's options name some 20 improving tiles each.
    pub fn capacity(discards: usize) -> usize {
        64 + discards * (24 + 8 * 20) + 160
    }

    /// Writes a discard option: the discard's name, the shanten it leaves, its improving tiles
    /// (a bit per tile index; bits past the tiles are dropped) with their live copies, and the
    /// sum of those.
    pub fn discard(&mut self, discard: &str, shanten: u32, improving: u64, improving_live: u32) {
        let improving = improving & ALL_KINDS;
        let name = discard.as_bytes();
        if name.len() > SHORT_NAME || self.many_live {
            self.discard_slowly(discard, shanten, improving, improving_live);
            return;
        }
        let start = self.len;
        if self.bytes.len() < start + ROOM {
            self.bytes.resize(start + ROOM, 0);
        }
        let block: &mut [u8; ROOM] = (&mut self.bytes[start..start + ROOM])
            .try_into()
            .expect("room for a discard option");
        // The body goes after room for the key and a length of up to two bytes (a body is
        // shorter than 2^14 bytes); its length is known once it is written.
        const BODY: usize = 3;
        let mut n = BODY;
        if !name.is_empty() {
            block[n] = key(DISCARD, WireType::LengthDelimited);
            block[n + 1] = name.len() as u8;
            block[n + 2..n + 2 + name.len()].copy_from_slice(name);
            n += 2 + name.len();
        }
        if shanten != 0 {
            block[n] = key(DISCARD_SHANTEN, WireType::Varint);
            n = put_varint(block, n + 1, shanten);
        }
        let mut bits = improving;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize & 63;
            bits &= bits - 1;
            // At most 3 + 18 + 6 bytes before the records and 8 per record: the clamp only
            // spares the bounds check.
            let at = n.min(ROOM - 8 - 6);
            block[at..at + 8].copy_from_slice(&self.records[t].to_le_bytes());
            n = at + self.sizes[t] as usize;
        }
        if improving_live != 0 {
            block[n] = key(IMPROVING_LIVE, WireType::Varint);
            n = put_varint(block, n + 1, improving_live);
        }
        let body = n - BODY;
        block[0] = key(DISCARDS, WireType::LengthDelimited);
        if body >= 0x80 {
            block[1] = body as u8 | 0x80;
            block[2] = (body >> 7) as u8;
            self.len = start + n;
        } else {
            // A one-byte length: the body moves back by the byte left over.
            block[1] = body as u8;
            block.copy_within(BODY..n, 2);
            self.len = start + n - 1;
        }
    }

    /// [`AnalyzeWriter::discard`] field by field, for a long name or a live count of 128 or
    /// more.
    #[cold]
    fn discard_slowly(&mut self, discard: &str, shanten: u32, improving: u64, live_sum: u32) {
        self.bytes.truncate(self.len);
        let mut body = Vec::new();
        if !discard.is_empty() {
            encoding::string::encode(DISCARD, &discard.to_owned(), &mut body);
        }
        if shanten != 0 {
            encoding::uint32::encode(DISCARD_SHANTEN, &shanten, &mut body);
        }
        let mut bits = improving;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let tile = pb::ImprovingTile {
                tile: tile_name(t).to_owned(),
                live: u32::from(self.live[t]),
            };
            encoding::message::encode(IMPROVING, &tile, &mut body);
        }
        if live_sum != 0 {
            encoding::uint32::encode(IMPROVING_LIVE, &live_sum, &mut body);
        }
        encoding::encode_key(DISCARDS, WireType::LengthDelimited, &mut self.bytes);
        encode_varint(body.len() as u64, &mut self.bytes);
        self.bytes.extend_from_slice(&body);
        self.len = self.bytes.len();
    }

    /// Ends the answer with its message, written by `text` (nothing when it writes nothing).
    pub fn finish(mut self, text: impl FnOnce(&mut Text<'_>)) -> MahjongAnalyzeResponse {
        self.bytes.truncate(self.len);
        let start = self.len;
        // Key and a one-byte length, moved along when the text is 128 bytes or longer.
        self.bytes
            .extend_from_slice(&[key(MESSAGE, WireType::LengthDelimited), 0]);
        text(&mut Text(&mut self.bytes));
        let len = self.bytes.len() - start - 2;
        match len {
            0 => self.bytes.truncate(start),
            1..0x80 => self.bytes[start + 1] = len as u8,
            _ => {
                let mut prefix = Vec::with_capacity(3);
                encode_varint(len as u64, &mut prefix);
                self.bytes
                    .splice(start + 1..start + 2, prefix)
                    .for_each(drop);
            }
        }
        MahjongAnalyzeResponse::from_bytes(self.bytes)
    }
}

/// The answer's message as it is written: UTF-8 text appended to the answer.
pub struct Text<'a>(&'a mut Vec<u8>);

impl Text<'_> {
    /// Appends `s`.
    pub fn push_str(&mut self, s: &str) {
        self.0.extend_from_slice(s.as_bytes());
    }

    /// Appends the name of a tile.
    pub fn push_tile(&mut self, tile: Tile) {
        let name = tile.name().as_bytes();
        if let [a, b] = *name {
            // Two stores, not a `memcpy` call.
            self.0.push(a);
            self.0.push(b);
        } else {
            self.0.extend_from_slice(name);
        }
    }

    /// Appends `n` in decimal.
    pub fn push_number(&mut self, n: u32) {
        self.push_str(itoa::Buffer::new().format(n));
    }
}

/// The one-byte key of field `tag` (below 16) with `wire_type`.
const fn key(tag: u32, wire_type: WireType) -> u8 {
    (tag << 3 | wire_type as u32) as u8
}

/// Writes `value` as a varint at `block[n..]`; returns the end.
fn put_varint(block: &mut [u8; ROOM], mut n: usize, value: u32) -> usize {
    let mut v = value;
    while v >= 0x80 {
        block[n] = v as u8 | 0x80;
        v >>= 7;
        n += 1;
    }
    block[n] = v as u8;
    n + 1
}

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

/// Each tile's `ImprovingTile` without live copies as written inside the repeated field, by
/// tile index: key, length (4), field 1 (`tile`: key, length, name), as the low 6 bytes of a
/// little-endian word. With `live` copies (1 to 127) the length is 6 and the word's last two
/// bytes are field 2 (`live`: key, one-byte varint), whose key is already in place.
static RECORDS: [u64; Tile::COUNT] = {
    let mut r = [0u64; Tile::COUNT];
    let mut t = 0;
    while t < Tile::COUNT {
        let [a, b] = NAMES[t];
        r[t] = key(IMPROVING, WireType::LengthDelimited) as u64
            | 4 << 8
            | (key(TILE, WireType::LengthDelimited) as u64) << 16
            | 2 << 24
            | (a as u64) << 32
            | (b as u64) << 40
            | (key(LIVE, WireType::Varint) as u64) << 48;
        t += 1;
    }
    r
};

/// The name of the tile with index `t` (below [`Tile::COUNT`]).
fn tile_name(t: usize) -> &'static str {
    Tile::from_index(t).map_or("", Tile::name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    #[test]
    fn names_are_the_tiles_names() {
        for (t, name) in NAMES.iter().enumerate() {
            assert_eq!(name, tile_name(t).as_bytes(), "tile {t}");
        }
    }

    /// A message of 128 bytes or more takes a two-byte length.
    #[test]
    fn long_messages_agree() {
        for len in [0, 1, 127, 128, 300, 20_000] {
            let text = "x".repeat(len);
            let ours = AnalyzeWriter::new(false, None, 2, &[4; Tile::COUNT], 0)
                .finish(|m| m.push_str(&text));
            let expected = pb::MahjongAnalyzeResponse {
                shanten: 2,
                message: text.clone(),
                ..Default::default()
            };
            assert_eq!(ours.as_bytes(), expected.encode_to_vec(), "{len}");
            assert_eq!(ours.encoded_len(), expected.encoded_len());
        }
    }

    #[test]
    fn numbers_in_decimal() {
        for n in [0, 7, 10, 109, 4_294_967_295] {
            let ours = AnalyzeWriter::new(false, None, 0, &[0; Tile::COUNT], 0)
                .finish(|m| m.push_number(n));
            assert_eq!(ours.to_pb().message, n.to_string());
        }
    }
}
