//! `MahjongWaits`: proto <-> [`crate::mahjong::waits`] and [`crate::mahjong::waits_explained`].

use super::super::{pb, wire};
use super::{Input, decomposition};
use crate::error::InvalidArgument;
use crate::mahjong::{self, NotReady};
use crate::tiles::Tile;

/// The core's answer to a `MahjongWaitsRequest`: the request parsed, the options checked, and
/// the decompositions found when the caller asked for them or the rules have wildcards (unless
/// `skip_decompositions`). The answer's writer and its test both start here.
pub(super) fn explained(
    request: &pb::MahjongWaitsRequest,
) -> Result<mahjong::ExplainedWaits, InvalidArgument> {
    let input = Input::parse(
        request.rules.as_ref(),
        &request.hand,
        &request.melds,
        &request.visible,
    )?;
    if request.decompose && request.skip_decompositions {
        return Err(InvalidArgument::new(
            "skip_decompositions",
            "set together with decompose: ask for the decompositions or skip them, not both",
        ));
    }
    let explain = request.decompose || (input.rules.wildcards != 0 && !request.skip_decompositions);
    Ok(if explain {
        mahjong::waits_explained(&input.rules, &input.hand, &input.melds, &input.visible)?
    } else {
        mahjong::ExplainedWaits {
            result: mahjong::waits(&input.rules, &input.hand, &input.melds, &input.visible)?,
            decompositions: Vec::new(),
        }
    })
}

/// Answers a `MahjongWaitsRequest`.
pub fn waits(
    request: pb::MahjongWaitsRequest,
) -> Result<wire::MahjongWaitsResponse, InvalidArgument> {
    let explained = explained(&request)?;
    let result = &explained.result;

    let live_total: u32 = result.waits().map(|w| u32::from(w.live)).sum();
    let not_ready_reason = match result.not_ready() {
        None => pb::NotReadyReason::Unspecified,
        Some(NotReady::VoidSuit) => pb::NotReadyReason::VoidSuit,
        Some(NotReady::Karaten) => pb::NotReadyReason::Karaten,
        Some(NotReady::Shanten) => pb::NotReadyReason::Shanten,
    };
    let mut line = Line::default();
    let message = match not_ready_reason {
        _ if result.any_tile => "ready on any tile",
        pb::NotReadyReason::Unspecified if result.winning == 0 => {
            line.push("ready, but every wait is dead: ");
            line.push_tiles(result.excluded().map(|x| x.tile));
            line.as_str()
        }
        pb::NotReadyReason::Unspecified => {
            line.push("ready on ");
            line.push_tiles(result.waits().map(|w| w.tile));
            line.push(" (");
            line.push_number(live_total);
            line.push(" live)");
            line.as_str()
        }
        pb::NotReadyReason::VoidSuit => {
            line.push("not ready: the hand still holds the void suit; ");
            line.push_number(u32::from(result.shanten));
            line.push(" shanten");
            line.as_str()
        }
        pb::NotReadyReason::Karaten => {
            line.push("not ready: the only waits (");
            line.push_tiles(result.excluded().map(|x| x.tile));
            line.push(") are dead through the player's own tiles");
            line.as_str()
        }
        pb::NotReadyReason::Shanten => {
            line.push("not ready: ");
            line.push_number(u32::from(result.shanten));
            line.push(" shanten");
            line.as_str()
        }
    };
    let decompositions: Vec<pb::Decomposition> = if request.decompose {
        explained
            .decompositions
            .iter()
            .map(|(_, d)| decomposition(&d.expand()))
            .collect()
    } else {
        Vec::new()
    };
    Ok(wire::MahjongWaitsResponse::write(&wire::WaitsAnswer {
        result,
        shown: &explained.decompositions,
        decompositions: &decompositions,
        not_ready_reason,
        message,
        live_total,
    }))
}

/// The answer in words, put together in place: the longest (every tile kind listed, with the
/// words around them) is under 200 bytes.
struct Line {
    bytes: [u8; 256],
    len: usize,
}

impl Default for Line {
    fn default() -> Line {
        Line {
            bytes: [0; 256],
            len: 0,
        }
    }
}

impl Line {
    /// Appends `text` (short, ASCII): byte by byte, which for a few bytes costs less than a
    /// `memcpy` call.
    fn push(&mut self, text: &str) {
        for &byte in text.as_bytes() {
            self.push_byte(byte);
        }
    }

    fn push_byte(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    /// Appends the tiles' names, a space between two.
    fn push_tiles(&mut self, tiles: impl Iterator<Item = Tile>) {
        for (i, tile) in tiles.enumerate() {
            if i > 0 {
                self.push_byte(b' ');
            }
            let &[number, suit] = tile.name().as_bytes() else {
                self.push(tile.name());
                continue;
            };
            self.push_byte(number);
            self.push_byte(suit);
        }
    }

    /// Appends `n` in decimal.
    fn push_number(&mut self, n: u32) {
        self.push(itoa::Buffer::new().format(n));
    }

    /// The text: whole, as every piece is ASCII and it has room for the longest.
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests;
