//! `MahjongWaitsResponse` as the server answers it: its protobuf bytes, written in one pass
//! straight from the core's [`WaitsResult`].
//!
//! Built as a message of wire structs, the answer costs a struct per wait (its forms collected
//! one by one), then prost's walk that sizes every wait, then another that sizes each again as
//! it writes it: some 250 instructions per wait, for answers of up to 34 waits. Here each wait
//! is one or two words (key, length, tile and live copies; then its forms, one precomputed word
//! per set of forms) appended to one buffer, and tonic's encoder copies that buffer once.
//!
//! The bytes are those prost writes for the generated `pb::MahjongWaitsResponse` of the same
//! answer: fields in number order, defaults left out, packed forms. The server's tests compare
//! the two on many hands (`server/mahjong/waits/tests.rs`); the field numbers are the `*_KEY`
//! constants below.

use prost::encoding::{self, WireType};

use super::super::pb;
use super::Encoded;
use crate::mahjong::{CompactDecomposition, Exclusion, Form, WaitsResult};
use crate::tiles::Tile;

/// `cardrules.v1.MahjongWaitsResponse`, as its encoded bytes ([`MahjongWaitsResponse::write`]).
pub type MahjongWaitsResponse = Encoded<pb::MahjongWaitsResponse>;

/// What a `MahjongWaitsResponse` says: the core's answer and the words the server puts to it.
pub struct WaitsAnswer<'a> {
    /// The core's answer: `ready`, `shanten`, `waits` (tile, live copies, forms), `excluded`,
    /// `any_tile`.
    pub result: &'a WaitsResult,
    /// The decompositions shown, in tile order, each with its winning tile (a subset of the
    /// waits): a wait's `wildcard_as`.
    pub shown: &'a [(Tile, CompactDecomposition)],
    /// When decompositions are asked for, `shown`'s as the proto's, in the same order (else
    /// empty): a wait's `decomposition`.
    pub decompositions: &'a [pb::Decomposition],
    /// Why the hand is not ready.
    pub not_ready_reason: pb::NotReadyReason,
    /// The answer in words.
    pub message: &'a str,
    /// The waits' live copies, summed.
    pub live_total: u32,
}

/// The key of field `number` with wire type `wire_type`, for field numbers below 16.
const fn key(number: u32, wire_type: WireType) -> u64 {
    assert!(number < 16);
    (number << 3 | wire_type as u32) as u64
}

// `MahjongWaitsResponse`'s fields.
const READY_KEY: u64 = key(1, WireType::Varint);
const SHANTEN_KEY: u64 = key(2, WireType::Varint);
const WAITS_KEY: u64 = key(3, WireType::LengthDelimited);
const EXCLUDED_KEY: u64 = key(4, WireType::LengthDelimited);
const ANY_TILE_KEY: u64 = key(5, WireType::Varint);
const NOT_READY_REASON_KEY: u64 = key(6, WireType::Varint);
const MESSAGE_KEY: u64 = key(7, WireType::LengthDelimited);
const LIVE_TOTAL_KEY: u64 = key(8, WireType::Varint);
// `Wait`'s.
const WAIT_TILE_KEY: u64 = key(1, WireType::LengthDelimited);
const WAIT_LIVE_KEY: u64 = key(2, WireType::Varint);
const WAIT_FORMS_KEY: u64 = key(3, WireType::LengthDelimited);
const WAIT_WILDCARD_AS_KEY: u64 = key(4, WireType::LengthDelimited);
const WAIT_DECOMPOSITION_NUMBER: u32 = 5;
// `ExcludedWait`'s (its forms are field 3, as a wait's).
const EXCLUDED_TILE_KEY: u64 = key(1, WireType::LengthDelimited);
const EXCLUDED_REASON_KEY: u64 = key(2, WireType::Varint);

/// Each tile's name, two bytes, as a little-endian word: `Tile::name`'s (a test holds them to
/// it).
const NAMES: [u64; Tile::COUNT] = {
    let mut names = [0; Tile::COUNT];
    let mut t = 0;
    while t < Tile::COUNT {
        let (number, suit) = if t < 27 {
            (b'1' + (t % 9) as u8, b"mps"[t / 9])
        } else {
            (b'1' + (t - 27) as u8, b'z')
        };
        names[t] = number as u64 | (suit as u64) << 8;
        t += 1;
    }
    names
};

/// A set of forms (a bit per [`Form`]) as a packed `repeated HandForm` field numbered 3 (a
/// wait's and an excluded wait's `forms`): the field's bytes as a little-endian word, and how
/// many (none for the empty set).
const FORM_FIELDS: [(u64, usize); 1 << Form::ALL.len()] = {
    let mut fields = [(0, 0); 1 << Form::ALL.len()];
    let mut set = 1;
    while set < fields.len() {
        let mut word = WAIT_FORMS_KEY;
        let mut n = 0;
        let mut f = 0;
        while f < Form::ALL.len() {
            if set >> f & 1 == 1 {
                // `HandForm` is `Form` plus one (0 is `HAND_FORM_UNSPECIFIED`).
                word |= ((f + 1) as u64) << (8 * (2 + n));
                n += 1;
            }
            f += 1;
        }
        fields[set] = (word | (n as u64) << 8, 2 + n);
        set += 1;
    }
    fields
};

/// `value` as a varint in a little-endian word, and its length (`value` below 2^56).
const fn varint(mut value: u64) -> (u64, usize) {
    let mut word = 0;
    let mut n = 0;
    while value >= 0x80 {
        word |= (value & 0x7f | 0x80) << (8 * n);
        value >>= 7;
        n += 1;
    }
    (word | value << (8 * n), n + 1)
}

/// The bytes being written.
struct Out(Vec<u8>);

impl Out {
    /// Appends the first `len` bytes (at most 8) of `word`, little-endian.
    #[inline(always)]
    fn word(&mut self, word: u64, len: usize) {
        let end = self.0.len() + len;
        self.0.extend_from_slice(&word.to_le_bytes());
        self.0.truncate(end);
    }

    /// Appends a varint field (`key`, then `value`) unless `value` is 0, as proto3 does.
    #[inline(always)]
    fn varint_field(&mut self, key: u64, value: u32) {
        if value != 0 {
            let (word, len) = varint(u64::from(value));
            self.word(key | word << 8, 1 + len);
        }
    }

    /// Appends a key and a length.
    fn key_and_len(&mut self, key: u64, len: usize) {
        let (word, n) = varint(len as u64);
        self.word(key | word << 8, 1 + n);
    }
}

impl MahjongWaitsResponse {
    /// Writes `answer`.
    pub fn write(answer: &WaitsAnswer) -> MahjongWaitsResponse {
        let r = answer.result;
        let winning = r.winning;
        let dead = r.dead[0] | r.dead[1] | r.dead[2];
        // Room for everything but the decompositions: a wait takes at most 17 bytes (key,
        // length, tile, live copies, six forms) plus 4 per wildcard shown, an excluded wait at
        // most 15; the scalar fields and the message's key and length some 30.
        let wildcards: usize = answer
            .shown
            .iter()
            .map(|(_, d)| d.wildcard_as().len())
            .sum();
        let room = 32
            + 17 * winning.count_ones() as usize
            + 4 * wildcards
            + 15 * dead.count_ones() as usize
            + answer.message.len();
        let mut out = Out(Vec::with_capacity(room));
        if r.tenpai {
            out.word(READY_KEY | 1 << 8, 2);
        }
        out.varint_field(SHANTEN_KEY, u32::from(r.shanten));

        // The forms of every wait, when they are the same for all (as in every hand without the
        // special forms): a form completed by some waits but not all makes them differ.
        let form_tiles = r.form_tiles();
        let mut common = 0;
        let mut differ = false;
        for (f, &tiles) in form_tiles.iter().enumerate() {
            let hit = tiles & winning;
            if hit == winning {
                common |= 1 << f;
            } else if hit != 0 {
                differ = true;
            }
        }
        let mut shown = 0;
        let mut tiles = winning;
        while tiles != 0 {
            let t = tiles.trailing_zeros() as usize;
            tiles &= tiles - 1;
            let Some(tile) = Tile::from_index(t) else {
                break;
            };
            let set = if differ { r.forms_of(tile).0 } else { common };
            let (forms, forms_len) = FORM_FIELDS[usize::from(set) % FORM_FIELDS.len()];
            // The decomposition shown for this tile, if any: the next one not before it.
            while answer.shown.get(shown).is_some_and(|(s, _)| *s < tile) {
                shown += 1;
            }
            let (shown_here, decomposition) = match answer.shown.get(shown) {
                Some((s, d)) if *s == tile => (Some(d), answer.decompositions.get(shown)),
                _ => (None, None),
            };
            let wildcards = shown_here.map_or(0, |d| d.wildcard_as().len());
            let name = NAMES[t % Tile::COUNT];
            let live = u64::from(r.live_of(tile));
            if live < 0x80 && wildcards == 0 && decomposition.is_none() {
                // Key, length, tile (key, length, name), live copies (key, one byte) when not
                // 0: one word; then the forms.
                let live_len = if live == 0 { 0 } else { 2 };
                let len = (4 + live_len + forms_len) as u64;
                out.word(
                    WAITS_KEY
                        | len << 8
                        | WAIT_TILE_KEY << 16
                        | 2 << 24
                        | name << 32
                        | WAIT_LIVE_KEY << 48
                        | live << 56,
                    6 + live_len,
                );
                out.word(forms, forms_len);
                continue;
            }
            let (live_word, live_len) = match live {
                0 => (0, 0),
                _ => {
                    let (word, n) = varint(live);
                    (WAIT_LIVE_KEY | word << 8, 1 + n)
                }
            };
            let decomposition_len = decomposition.map_or(0, |d| {
                encoding::message::encoded_len(WAIT_DECOMPOSITION_NUMBER, d)
            });
            out.key_and_len(
                WAITS_KEY,
                4 + live_len + forms_len + 4 * wildcards + decomposition_len,
            );
            out.word(WAIT_TILE_KEY | 2 << 8 | name << 16, 4);
            out.word(live_word, live_len);
            out.word(forms, forms_len);
            for tile in shown_here.into_iter().flat_map(|d| d.wildcard_as()) {
                let name = NAMES[tile.index() % Tile::COUNT];
                out.word(WAIT_WILDCARD_AS_KEY | 2 << 8 | name << 16, 4);
            }
            if let Some(d) = decomposition {
                encoding::message::encode(WAIT_DECOMPOSITION_NUMBER, d, &mut out.0);
            }
        }

        for x in r.excluded() {
            let (forms, forms_len) = FORM_FIELDS[usize::from(x.forms.0) % FORM_FIELDS.len()];
            let reason = match x.reason {
                Exclusion::KaratenHand => pb::WaitExclusion::KaratenHand,
                Exclusion::KaratenMelds => pb::WaitExclusion::KaratenMelds,
                Exclusion::AllVisible => pb::WaitExclusion::AllVisible,
            } as u64;
            // Key, length, tile (key, length, name), reason (key, one byte): one word; then
            // the forms.
            let len = (6 + forms_len) as u64;
            out.word(
                EXCLUDED_KEY
                    | len << 8
                    | EXCLUDED_TILE_KEY << 16
                    | 2 << 24
                    | NAMES[x.tile.index() % Tile::COUNT] << 32
                    | EXCLUDED_REASON_KEY << 48
                    | reason << 56,
                8,
            );
            out.word(forms, forms_len);
        }

        if r.any_tile {
            out.word(ANY_TILE_KEY | 1 << 8, 2);
        }
        // The reasons are 0 to 3: one byte.
        out.varint_field(NOT_READY_REASON_KEY, answer.not_ready_reason as u32);
        if !answer.message.is_empty() {
            out.key_and_len(MESSAGE_KEY, answer.message.len());
            out.0.extend_from_slice(answer.message.as_bytes());
        }
        out.varint_field(LIVE_TOTAL_KEY, answer.live_total);
        MahjongWaitsResponse::from_bytes(out.0)
    }
}

impl From<MahjongWaitsResponse> for pb::MahjongWaitsResponse {
    fn from(message: MahjongWaitsResponse) -> pb::MahjongWaitsResponse {
        message.to_pb()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_tiles_names() {
        for tile in Tile::all() {
            let name = NAMES[tile.index()].to_le_bytes();
            assert_eq!(&name[..2], tile.name().as_bytes(), "{tile:?}");
            assert_eq!(&name[2..], [0; 6]);
        }
    }

    /// Each set of forms is the packed field prost writes for its `HandForm`s.
    #[test]
    fn form_fields_are_prosts() {
        for (set, &(word, len)) in FORM_FIELDS.iter().enumerate() {
            let forms: Vec<i32> = Form::ALL
                .iter()
                .filter(|&&f| set >> f as usize & 1 == 1)
                .map(|&f| f as i32 + 1)
                .collect();
            let mut expected = Vec::new();
            encoding::int32::encode_packed(3, &forms, &mut expected);
            assert_eq!(
                &word.to_le_bytes()[..len],
                expected.as_slice(),
                "set {set:#b}"
            );
        }
    }

    #[test]
    fn varints_are_prosts() {
        for value in [0u64, 1, 127, 128, 255, 300, 16_383, 16_384, u32::MAX.into()] {
            let (word, len) = varint(value);
            let mut expected = Vec::new();
            encoding::encode_varint(value, &mut expected);
            assert_eq!(&word.to_le_bytes()[..len], expected.as_slice(), "{value}");
        }
    }
}
