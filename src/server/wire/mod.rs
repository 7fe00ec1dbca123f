//! The messages of the hot calls that carry card lists, as the server receives and answers them:
//! no `String` per card.
//!
//! Prost decodes a `repeated string` field into a `Vec<String>`: an allocation, a UTF-8 check
//! and the vector's growth for every card, then a free for each when the message is dropped, for
//! the twenty-odd cards of a ValidatePlay request or the 54 of a Deal answer. Here a received
//! card list is a [`Names`] (the texts side by side in one `String`), and an answered one, like a
//! reading's ranks, the deck's own `&'static str` names ([`StaticNames`]).
//!
//! The messages are the proto's, field for field: `build.rs` maps them here for the generated
//! server only, with the Batch stream's (`batch.rs`), so a Batch item is read and answered as its
//! unary call is. Clients keep the generated types (`From` converts). The proto stays the one
//! schema: each type's field numbers, names and types are checked against its descriptor
//! (`descriptor_check.rs`), and `tests/wire_messages.rs` compares both encodings on random
//! messages. Only card lists are read and written here; everything else (nested messages,
//! numbers, unknown fields, every decoding error) goes through prost's own `encoding` functions,
//! as its derived code does.

use bytes::{Buf, BufMut};
use prost::encoding::{self, DecodeContext, WireType, encode_key, encode_varint};
use prost::{DecodeError, Message};

use super::pb;

pub(crate) mod codec;

/// The values of a received `repeated string` field, in order.
///
/// A list's values arrive one after another, each after its key and length: a run of the
/// field is kept as it arrived, in one `String`, with where each value lies in it. One UTF-8
/// check of the run and one copy replace a `String` per value.
#[derive(Clone, Default)]
pub struct Names {
    /// The runs of the field as they arrived (keys and lengths included), then the values
    /// pushed.
    text: String,
    /// Where each value starts and ends in `text`.
    spans: Vec<(u32, u32)>,
}

impl Names {
    /// How many values.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The values, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + Clone + '_ {
        self.spans
            .iter()
            .map(|&(start, end)| &self.text[start as usize..end as usize])
    }

    /// Appends a value.
    pub fn push(&mut self, value: &str) {
        let start = self.text.len();
        self.text.push_str(value);
        self.spans.push((offset(start), offset(self.text.len())));
    }

    /// Decodes a value of the field numbered `tag` (its key just read), as prost's
    /// `string::merge` for a `repeated string` would, minus the `String`. The values that follow
    /// it under the same one-byte key are read here too, without a round through the message's
    /// field loop.
    fn merge(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        if wire_type == WireType::LengthDelimited {
            let (read, whole) = self.read_run(buf.chunk(), tag);
            buf.advance(read);
            if whole {
                return Ok(());
            }
        }
        // Anything else (a value split across buffers, a wrong wire type, a length past the
        // end, bytes that are not UTF-8) is prost's to read or to refuse, with its errors.
        let mut value = String::new();
        encoding::string::merge(wire_type, &mut value, buf, ctx)?;
        self.push(&value);
        Ok(())
    }

    /// Reads from `bytes` (just after a key of field `tag`) a value, then, while the next byte
    /// is that key again, the key and another value, and keeps them. Returns how many bytes it
    /// read, and whether it stopped after a whole value (else at a value left to prost).
    fn read_run(&mut self, bytes: &[u8], tag: u32) -> (usize, bool) {
        let key = one_byte_key(tag);
        if self.spans.is_empty() {
            // A list holds up to a few dozen names: grow once, not four times.
            self.spans.reserve(32);
        }
        let base = self.text.len();
        let first = self.spans.len();
        let mut read = 0;
        let mut whole = true;
        loop {
            // A card's length is one byte; longer lengths are prost's varints.
            let (len, start) = match bytes.get(read) {
                Some(&len) if len < 0x80 => (usize::from(len), read + 1),
                _ => {
                    let mut rest = &bytes[read..];
                    let Some(len) = encoding::decode_varint(&mut rest)
                        .ok()
                        .and_then(|len| usize::try_from(len).ok())
                    else {
                        whole = false;
                        break;
                    };
                    (len, bytes.len() - rest.len())
                }
            };
            if len > bytes.len() - start {
                whole = false;
                break;
            }
            read = start + len;
            self.spans.push((offset(base + start), offset(base + read)));
            match key {
                Some(key) if bytes.get(read) == Some(&key) => read += 1,
                _ => break,
            }
        }
        // Keys and lengths below 128 are ASCII, so each value lies between ASCII bytes: the run
        // is UTF-8 exactly when every value is. (A longer length's bytes may fail the check
        // where the values pass it: then prost reads the values one by one.)
        match std::str::from_utf8(&bytes[..read]) {
            Ok(run) => {
                self.text.push_str(run);
                (read, whole)
            }
            Err(_) => {
                self.spans.truncate(first);
                (0, false)
            }
        }
    }
}

/// A position in a [`Names`]' text: a gRPC message is at most 4 GiB (its length is a u32).
fn offset(position: usize) -> u32 {
    u32::try_from(position).unwrap_or(u32::MAX)
}

impl PartialEq for Names {
    fn eq(&self, other: &Names) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Names {}

impl std::fmt::Debug for Names {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> FromIterator<&'a str> for Names {
    fn from_iter<I: IntoIterator<Item = &'a str>>(values: I) -> Names {
        let mut names = Names::default();
        for value in values {
            names.push(value);
        }
        names
    }
}

impl From<&[String]> for Names {
    fn from(values: &[String]) -> Names {
        values.iter().map(String::as_str).collect()
    }
}

/// The values of an answered `repeated string` field: names of the deck's cards, tiles and
/// ranks, which are `&'static str`.
pub type StaticNames = Vec<&'static str>;

/// The key of a length-delimited field numbered `tag`, when it is one byte (`tag` below 16).
fn one_byte_key(tag: u32) -> Option<u8> {
    u8::try_from(tag << 3 | WireType::LengthDelimited as u32)
        .ok()
        .filter(|&key| key < 0x80)
}

/// Encodes `values` as the `repeated string` field numbered `tag`.
fn encode_strs<'a>(tag: u32, values: impl Iterator<Item = &'a str>, buf: &mut impl BufMut) {
    let mut values = values.peekable();
    if values.peek().is_none() {
        return;
    }
    // Short values are laid out in a local block written with one `put_slice`: a key, a length
    // and a two-byte name written to the buffer one by one cost about a hundred instructions.
    let mut block = [0u8; 256];
    let mut used = 0;
    let key = one_byte_key(tag);
    for value in values {
        let bytes = value.as_bytes();
        if let Some(key) = key
            && bytes.len() <= 3
        {
            if used + 5 > block.len() {
                buf.put_slice(&block[..used]);
                used = 0;
            }
            block[used] = key;
            block[used + 1] = bytes.len() as u8;
            // Stored one by one: a `copy_from_slice` of up to three bytes is a `memcpy` call.
            for (i, &byte) in bytes.iter().enumerate() {
                block[used + 2 + i] = byte;
            }
            used += 2 + bytes.len();
        } else {
            buf.put_slice(&block[..used]);
            used = 0;
            put_str(tag, value, buf);
        }
    }
    buf.put_slice(&block[..used]);
}

/// Encodes `values` as the packed `repeated fixed64` field numbered `tag`, as prost's
/// `fixed64::encode_packed` does (nothing when empty).
///
/// A fixed64 is its eight bytes, least significant first: on a little-endian machine the
/// words' bytes in memory are the field's value, written with one copy (a ListPlays answer in
/// the packed format is a few hundred words; prost writes them one `put_u64_le` at a time).
fn encode_fixed64s(tag: u32, values: &[u64], buf: &mut impl BufMut) {
    if values.is_empty() {
        return;
    }
    encode_key(tag, WireType::LengthDelimited, buf);
    encode_varint(size_of_val(values) as u64, buf);
    #[cfg(target_endian = "little")]
    buf.put_slice(zerocopy::IntoBytes::as_bytes(values));
    #[cfg(not(target_endian = "little"))]
    for &value in values {
        buf.put_u64_le(value);
    }
}

/// The length of [`encode_strs`]'s output.
fn encoded_len_strs<'a>(tag: u32, values: impl Iterator<Item = &'a str>) -> usize {
    values
        .map(|value| {
            let len = value.len();
            encoding::key_len(tag) + encoding::encoded_len_varint(len as u64) + len
        })
        .sum::<usize>()
}

/// Encodes `value` as the `string` field numbered `tag` (nothing when empty, as proto3 does).
fn encode_str(tag: u32, value: &str, buf: &mut impl BufMut) {
    if !value.is_empty() {
        put_str(tag, value, buf);
    }
}

/// Writes `value` as one value of the `string` field numbered `tag`: key, length, bytes.
fn put_str(tag: u32, value: &str, buf: &mut impl BufMut) {
    encode_key(tag, WireType::LengthDelimited, buf);
    encode_varint(value.len() as u64, buf);
    buf.put_slice(value.as_bytes());
}

/// One field of a message as a wire type reads and writes it: what the test in
/// `descriptor_check.rs` compares with the proto's descriptor, so that the field numbers written
/// here by hand cannot drift from the proto, the one schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WireField {
    /// The field number.
    pub number: u32,
    /// The field's name (a Rust keyword with its `r#`).
    pub name: &'static str,
    /// The proto type the field is written as: `string`, `int32` (also an enum's), `uint32`,
    /// `uint64`, `bool` or `message`.
    pub kind: &'static str,
    /// Whether it is `repeated`.
    pub repeated: bool,
    /// The Rust type that holds it, as written; a message field's ends in the message's name.
    pub rust_type: &'static str,
}

impl WireField {
    const fn new(
        number: u32,
        name: &'static str,
        kind: &'static str,
        repeated: bool,
        rust_type: &'static str,
    ) -> WireField {
        WireField {
            number,
            name,
            kind,
            repeated,
            rust_type,
        }
    }
}

/// A message of the proto: its fields as `name: Type = tag as kind`, where the kind is `names`
/// for a received card list ([`Names`]), `static_names` for an answered one ([`StaticNames`]),
/// `static_name` for an answered `string` that is a rank's or card's name, `message` for an
/// optional nested message, `messages` for a repeated one, `fixed64s` for a packed
/// `repeated fixed64` (a `Vec<u64>`), or prost's encoding module of a scalar (`int32`, `uint32`,
/// `uint64`, `bool`, `string`). Gives the struct, `prost::Message` (each field read and written
/// as prost's derived code would), the fields' [`WireField`]s (`FIELDS`), and `From` the
/// generated type (`from pb`, for a request) or into it (`into pb`, for an answer).
/// `into pb [by_hand]` leaves the writing to the type's own `encode_by_hand` and
/// `encoded_len_by_hand` (reading is still the macro's).
macro_rules! message {
    (
        $(#[$doc:meta])*
        $name:ident $direction:ident pb $([$by_hand:ident])? {
            $($(#[$field_doc:meta])* $field:ident: $ty:ty = $tag:literal as $kind:ident,)*
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Default, PartialEq)]
        pub struct $name {
            $($(#[$field_doc])* pub $field: $ty,)*
        }

        impl Message for $name {
            fn encode_raw(&self, buf: &mut impl BufMut) {
                message!(@encode_raw [$($by_hand)?] self, buf, {
                    $(message!(@encode $kind $tag, $ty, &self.$field, buf);)*
                })
            }

            fn merge_field(
                &mut self,
                tag: u32,
                wire_type: WireType,
                buf: &mut impl Buf,
                ctx: DecodeContext,
            ) -> Result<(), DecodeError> {
                match tag {
                    $($tag => message!(@merge $kind $tag, &mut self.$field, wire_type, buf, ctx)
                        .map_err(|mut error| {
                            // Where, as prost's errors say it: `ListPlaysRequest.hand: ...`.
                            error.push(stringify!($name), stringify!($field));
                            error
                        }),)*
                    _ => encoding::skip_field(wire_type, tag, buf, ctx),
                }
            }

            fn encoded_len(&self) -> usize {
                message!(@encoded_len [$($by_hand)?] self, {
                    0 $(+ message!(@len $kind $tag, $ty, &self.$field))*
                })
            }

            fn clear(&mut self) {
                *self = Self::default();
            }
        }

        impl $name {
            /// The proto fields this type reads and writes, in its own words; a test holds them
            /// to the proto's descriptor.
            pub const FIELDS: &[$crate::server::wire::WireField] = &[
                $(message!(@field $kind $tag, $field, $ty),)*
            ];
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($name))
                    $(.field(stringify!($field), &self.$field))*
                    .finish()
            }
        }

        message!(@$direction $name { $($field: $kind,)* });
    };

    (@encode_raw [] $self:ident, $buf:ident, $fields:block) => { $fields };
    (@encode_raw [by_hand] $self:ident, $buf:ident, $fields:block) => {
        $self.encode_by_hand($buf)
    };
    (@encoded_len [] $self:ident, $fields:block) => { $fields };
    (@encoded_len [by_hand] $self:ident, $fields:block) => { $self.encoded_len_by_hand() };

    (@from $name:ident { $($field:ident: $kind:ident,)* }) => {
        impl From<pb::$name> for $name {
            fn from(message: pb::$name) -> $name {
                $name { $($field: message!(@from $kind message.$field),)* }
            }
        }
    };
    (@into $name:ident { $($field:ident: $kind:ident,)* }) => {
        impl From<$name> for pb::$name {
            fn from(message: $name) -> pb::$name {
                pb::$name { $($field: message!(@into $kind message.$field),)* }
            }
        }
    };

    (@field names $tag:literal, $field:ident, $ty:ty) => {
        $crate::server::wire::WireField::new($tag, stringify!($field), "string", true, stringify!($ty))
    };
    (@field static_names $tag:literal, $field:ident, $ty:ty) => {
        $crate::server::wire::WireField::new($tag, stringify!($field), "string", true, stringify!($ty))
    };
    (@field static_name $tag:literal, $field:ident, $ty:ty) => {
        $crate::server::wire::WireField::new($tag, stringify!($field), "string", false, stringify!($ty))
    };
    (@field fixed64s $tag:literal, $field:ident, $ty:ty) => {
        $crate::server::wire::WireField::new($tag, stringify!($field), "fixed64", true, stringify!($ty))
    };
    (@field message $tag:literal, $field:ident, $ty:ty) => {
        $crate::server::wire::WireField::new($tag, stringify!($field), "message", false, stringify!($ty))
    };
    (@field messages $tag:literal, $field:ident, $ty:ty) => {
        $crate::server::wire::WireField::new($tag, stringify!($field), "message", true, stringify!($ty))
    };
    (@field $kind:ident $tag:literal, $field:ident, $ty:ty) => {
        $crate::server::wire::WireField::new($tag, stringify!($field), stringify!($kind), false, stringify!($ty))
    };

    (@encode names $tag:literal, $ty:ty, $value:expr, $buf:ident) => {
        encode_strs($tag, $value.iter(), $buf)
    };
    (@encode static_names $tag:literal, $ty:ty, $value:expr, $buf:ident) => {
        encode_strs($tag, $value.iter().copied(), $buf)
    };
    (@encode static_name $tag:literal, $ty:ty, $value:expr, $buf:ident) => {
        encode_str($tag, $value, $buf)
    };
    (@encode fixed64s $tag:literal, $ty:ty, $value:expr, $buf:ident) => {
        encode_fixed64s($tag, $value, $buf)
    };
    (@encode message $tag:literal, $ty:ty, $value:expr, $buf:ident) => {
        if let Some(value) = $value {
            encoding::message::encode($tag, value, $buf);
        }
    };
    (@encode messages $tag:literal, $ty:ty, $value:expr, $buf:ident) => {
        encoding::message::encode_repeated($tag, $value, $buf)
    };
    (@encode $kind:ident $tag:literal, $ty:ty, $value:expr, $buf:ident) => {
        if *$value != <$ty>::default() {
            encoding::$kind::encode($tag, $value, $buf);
        }
    };

    (@merge names $tag:literal, $value:expr, $wire_type:ident, $buf:ident, $ctx:ident) => {
        $value.merge($tag, $wire_type, $buf, $ctx)
    };
    (@merge fixed64s $tag:literal, $value:expr, $wire_type:ident, $buf:ident, $ctx:ident) => {
        encoding::fixed64::merge_repeated($wire_type, $value, $buf, $ctx)
    };
    (@merge message $tag:literal, $value:expr, $wire_type:ident, $buf:ident, $ctx:ident) => {
        encoding::message::merge($wire_type, $value.get_or_insert_default(), $buf, $ctx)
    };
    (@merge messages $tag:literal, $value:expr, $wire_type:ident, $buf:ident, $ctx:ident) => {
        encoding::message::merge_repeated($wire_type, $value, $buf, $ctx)
    };
    (@merge static_names $tag:literal, $value:expr, $wire_type:ident, $buf:ident, $ctx:ident) => {
        // An answer the server only writes: a value read is skipped, as an unknown field.
        encoding::skip_field($wire_type, $tag, $buf, $ctx)
    };
    (@merge static_name $tag:literal, $value:expr, $wire_type:ident, $buf:ident, $ctx:ident) => {
        encoding::skip_field($wire_type, $tag, $buf, $ctx)
    };
    (@merge $kind:ident $tag:literal, $value:expr, $wire_type:ident, $buf:ident, $ctx:ident) => {
        encoding::$kind::merge($wire_type, $value, $buf, $ctx)
    };

    (@len names $tag:literal, $ty:ty, $value:expr) => {
        encoded_len_strs($tag, $value.iter())
    };
    (@len static_names $tag:literal, $ty:ty, $value:expr) => {
        encoded_len_strs($tag, $value.iter().copied())
    };
    (@len static_name $tag:literal, $ty:ty, $value:expr) => {
        encoded_len_strs($tag, std::iter::once(*$value).filter(|value| !value.is_empty()))
    };
    (@len fixed64s $tag:literal, $ty:ty, $value:expr) => {
        encoding::fixed64::encoded_len_packed($tag, $value)
    };
    (@len message $tag:literal, $ty:ty, $value:expr) => {
        $value.as_ref().map_or(0, |value| encoding::message::encoded_len($tag, value))
    };
    (@len messages $tag:literal, $ty:ty, $value:expr) => {
        encoding::message::encoded_len_repeated($tag, $value)
    };
    (@len $kind:ident $tag:literal, $ty:ty, $value:expr) => {
        if *$value != <$ty>::default() { encoding::$kind::encoded_len($tag, $value) } else { 0 }
    };

    (@from names $value:expr) => { Names::from($value.as_slice()) };
    (@from $kind:ident $value:expr) => { message!(@convert $kind $value) };

    (@into static_names $value:expr) => { $value.into_iter().map(str::to_owned).collect() };
    (@into static_name $value:expr) => { $value.to_owned() };
    (@into $kind:ident $value:expr) => { message!(@convert $kind $value) };

    (@convert message $value:expr) => { $value.map(Into::into) };
    (@convert messages $value:expr) => { $value.into_iter().map(Into::into).collect() };
    (@convert $kind:ident $value:expr) => { $value };
}

message! {
    /// `cardrules.v1.ValidatePlayRequest`.
    ValidatePlayRequest from pb {
        /// The rules.
        rules: Option<pb::DoudizhuRules> = 1 as message,
        /// The player's hand (may be empty: then the play is checked as a combo only).
        hand: Names = 2 as names,
        /// The play (empty: a pass).
        play: Names = 3 as names,
        /// The play to beat (empty: leading).
        previous: Names = 4 as names,
        /// The reading the player means, when the play has several.
        intended: Option<pb::DoudizhuReadingSelector> = 5 as message,
        /// The previous play's reading, when it has several.
        previous_reading: Option<pb::DoudizhuReadingSelector> = 6 as message,
    }
}

message! {
    /// `cardrules.v1.CompareCombosRequest`.
    CompareCombosRequest from pb {
        /// The rules.
        rules: Option<pb::DoudizhuRules> = 1 as message,
        /// One combo's cards.
        a: Names = 2 as names,
        /// The other combo's cards.
        b: Names = 3 as names,
        /// `a`'s reading, when it has several.
        a_reading: Option<pb::DoudizhuReadingSelector> = 4 as message,
        /// `b`'s reading, when it has several.
        b_reading: Option<pb::DoudizhuReadingSelector> = 5 as message,
    }
}

message! {
    /// `cardrules.v1.ListPlaysRequest`.
    ListPlaysRequest from pb {
        /// The rules.
        rules: Option<pb::DoudizhuRules> = 1 as message,
        /// The hand (required).
        hand: Names = 2 as names,
        /// The play to beat (empty: leading).
        previous: Names = 3 as names,
        /// The previous play's reading, when it has several.
        previous_reading: Option<pb::DoudizhuReadingSelector> = 4 as message,
        /// Only plays of this combo type (a `ComboType`; 0: every type).
        r#type: i32 = 5 as int32,
        /// The most plays to return (0: the server's maximum).
        limit: u32 = 6 as uint32,
        /// How the plays are answered (a `PlayListFormat`; 0: by name).
        format: i32 = 7 as int32,
    }
}

message! {
    /// `cardrules.v1.DealtHand`.
    DealtHand into pb {
        /// The seat, 0-based.
        seat: u32 = 1 as uint32,
        /// Card games: the hand's cards.
        cards: StaticNames = 2 as static_names,
        /// Mahjong: the hand in compact notation.
        tiles: String = 3 as string,
        /// Whether this is the landlord's seat.
        is_landlord: bool = 4 as bool,
    }
}

message! {
    /// `cardrules.v1.DealResponse`.
    DealResponse into pb {
        /// The seed used.
        seed: u64 = 1 as uint64,
        /// The game dealt (a `Game`).
        game: i32 = 2 as int32,
        /// One hand per seat.
        hands: Vec<DealtHand> = 3 as messages,
        /// Card games: the kitty.
        kitty: StaticNames = 4 as static_names,
        /// Mahjong: the undealt tiles, next first.
        wall: StaticNames = 5 as static_names,
        /// The wildcard ranks drawn.
        wildcard_ranks: StaticNames = 6 as static_names,
    }
}

message! {
    /// `cardrules.v1.DoudizhuCombo`.
    DoudizhuCombo into pb {
        /// The combo type (a `ComboType`).
        r#type: i32 = 1 as int32,
        /// The main rank.
        rank: &'static str = 2 as static_name,
        /// The highest rank of the chain.
        top_rank: &'static str = 3 as static_name,
        /// Ranks in the chain.
        chain_length: u32 = 4 as uint32,
        /// Copies of each main rank.
        copies: u32 = 5 as uint32,
        /// The kickers' ranks.
        kickers: StaticNames = 6 as static_names,
        /// The ranks the wildcards stand for.
        wild_as: StaticNames = 7 as static_names,
        /// Under laizi rules, a bomb's kind (a `BombKind`).
        bomb_kind: i32 = 8 as int32,
    }
}

message! {
    /// `cardrules.v1.ValidatePlayResponse`.
    ValidatePlayResponse into pb {
        /// Whether the play is legal.
        legal: bool = 1 as bool,
        /// Why not (an `IllegalPlayReason`).
        reason: i32 = 2 as int32,
        /// The verdict in words.
        message: String = 3 as string,
        /// The play's chosen reading.
        reading: Option<DoudizhuCombo> = 4 as message,
        /// Every reading of the play.
        readings: Vec<DoudizhuCombo> = 5 as messages,
        /// The previous play's reading.
        previous_reading: Option<DoudizhuCombo> = 6 as message,
        /// Whether the play is a pass.
        pass: bool = 7 as bool,
    }
}

message! {
    /// `cardrules.v1.CompareCombosResponse`.
    CompareCombosResponse into pb {
        /// Which beats which (a `ComparisonOutcome`).
        outcome: i32 = 1 as int32,
        /// `a`'s reading.
        a_reading: Option<DoudizhuCombo> = 2 as message,
        /// `b`'s reading.
        b_reading: Option<DoudizhuCombo> = 3 as message,
        /// The outcome in words.
        message: String = 4 as string,
    }
}

message! {
    /// `cardrules.v1.ListedPlay`.
    ListedPlay into pb {
        /// The play's cards.
        cards: StaticNames = 1 as static_names,
        /// Its reading.
        reading: Option<DoudizhuCombo> = 2 as message,
    }
}

message! {
    /// `cardrules.v1.ListPlaysResponse`.
    ListPlaysResponse into pb {
        /// The plays.
        plays: Vec<ListedPlay> = 1 as messages,
        /// Whether the limit cut the list.
        truncated: bool = 2 as bool,
        /// The previous play's reading.
        previous_reading: Option<DoudizhuCombo> = 3 as message,
        /// The plays packed one per word, when asked for.
        packed_plays: Vec<u64> = 4 as fixed64s,
    }
}

mod analyze;
mod batch;
#[cfg(test)]
mod descriptor_check;
mod encoded;
mod waits;

pub use analyze::{AnalyzeWriter, MahjongAnalyzeResponse, Text};
pub use batch::{BatchItem, BatchRequest, BatchResponse, BatchResult, ItemRequest, ItemResponse};
pub use encoded::Encoded;
pub use waits::{MahjongWaitsResponse, WaitsAnswer};
