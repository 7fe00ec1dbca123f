//! The answer of `MahjongWaits` as the server writes it: tiles by their `&'static str` names
//! and a wait's forms inline, written straight to the wire.
//!
//! As prost's generated types, these cost a `String` per tile named and a `Vec` per wait's forms,
//! and prost's encoder works out each nested message's length once per enclosing message.

use bytes::{Buf, BufMut};
use prost::encoding::{self, DecodeContext, WireType, encoded_len_varint};
use prost::{DecodeError, Message};

use super::super::pb;
use super::{StaticNames, encode_str, encode_strs, encoded_len_strs};
use crate::mahjong::Form;

/// A wait's forms (`HandForm` values, in the core's order): at most one of each form.
pub type Forms = arrayvec::ArrayVec<i32, { Form::ALL.len() }>;

message! {
    /// `cardrules.v1.Wait`.
    Wait into pb [by_hand] {
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

impl Wait {
    /// Writes the wait as prost does: its tile, live copies and forms laid out in a local block
    /// (written with one `put_slice`, not a call per key, length and value) when the tile's name
    /// is short and every form a one-byte value, as the server's always are.
    fn encode_by_hand(&self, buf: &mut impl BufMut) {
        let tile = self.tile.as_bytes();
        if tile.len() <= 16 && self.forms.iter().all(|&form| (0..0x80).contains(&form)) {
            // Tile: key, length, up to 16 bytes; live: key, up to 5 bytes; forms: key, length,
            // a byte each.
            let mut block = [0u8; 2 + 16 + 1 + 5 + 2 + Form::ALL.len()];
            let mut n = 0;
            if !tile.is_empty() {
                block[0] = 0x0a; // field 1, length-delimited
                block[1] = tile.len() as u8;
                for (i, &byte) in tile.iter().enumerate() {
                    block[2 + i] = byte;
                }
                n = 2 + tile.len();
            }
            if self.live != 0 {
                block[n] = 0x10; // field 2, varint
                n += 1;
                let mut live = self.live;
                while live >= 0x80 {
                    block[n] = live as u8 | 0x80;
                    live >>= 7;
                    n += 1;
                }
                block[n] = live as u8;
                n += 1;
            }
            if !self.forms.is_empty() {
                block[n] = 0x1a; // field 3, length-delimited (packed)
                block[n + 1] = self.forms.len() as u8;
                n += 2;
                for &form in &self.forms {
                    block[n] = form as u8;
                    n += 1;
                }
            }
            buf.put_slice(&block[..n]);
        } else {
            encode_str(1, self.tile, buf);
            if self.live != 0 {
                encoding::uint32::encode(2, &self.live, buf);
            }
            encoding::int32::encode_packed(3, &self.forms, buf);
        }
        encode_strs(4, self.wildcard_as.iter().copied(), buf);
        if let Some(decomposition) = &self.decomposition {
            encoding::message::encode(5, decomposition, buf);
        }
    }

    /// The length [`Self::encode_by_hand`] writes.
    fn encoded_len_by_hand(&self) -> usize {
        let tile = match self.tile.len() {
            0 => 0,
            len => 1 + encoded_len_varint(len as u64) + len,
        };
        let live = match self.live {
            0 => 0,
            live => 1 + encoded_len_varint(u64::from(live)),
        };
        let forms = if self.forms.iter().all(|&form| (0..0x80).contains(&form)) {
            match self.forms.len() {
                0 => 0,
                len => 2 + len,
            }
        } else {
            encoding::int32::encoded_len_packed(3, &self.forms)
        };
        let wildcard_as = if self.wildcard_as.is_empty() {
            0
        } else {
            encoded_len_strs(4, self.wildcard_as.iter().copied())
        };
        let decomposition = self.decomposition.as_ref().map_or(0, |decomposition| {
            encoding::message::encoded_len(5, decomposition)
        });
        tile + live + forms + wildcard_as + decomposition
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
