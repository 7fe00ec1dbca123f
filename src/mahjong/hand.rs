//! Declared melds and the checked, counted form of a request's tiles.

use super::error::{Field, MahjongError};
use super::kinds::Kinds;
use super::meld::{Meld, MeldKind};
use super::rules::Rules;
use crate::tiles::Tile;

/// A request's tiles, checked against the rules and counted.
#[derive(Clone, Debug)]
pub(crate) struct Prepared<'r> {
    /// The rules.
    pub(crate) rules: &'r Rules,
    /// Concealed natural tiles (wildcards not included).
    pub(crate) nat: [u8; 34],
    /// Wildcards in the concealed hand.
    pub(crate) wild: u8,
    /// Melds the concealed part must still form besides the pair.
    pub(crate) melds_needed: u8,
    /// Declared melds.
    pub(crate) declared: u8,
    /// Concealed tiles including wildcards, by kind.
    pub(crate) hand: [u8; 34],
    /// Tiles in the player's own melds, by kind.
    pub(crate) meld_tiles: [u8; 34],
    /// Visible tiles, by kind.
    pub(crate) visible: [u8; 34],
    /// Natural kinds a form may use (see [`Rules::usable_mask`]).
    pub(crate) usable: u64,
    /// The usable kinds grouped by natural count.
    pub(crate) kinds: Kinds,
    /// The hand holds a tile of the void suit.
    pub(crate) void_held: bool,
    /// No declared melds and no visible tiles: the hand is all the player has seen.
    pub(crate) only_hand_seen: bool,
}

impl Prepared<'_> {
    /// Copies of `t` neither in the player's hand or melds nor visible.
    pub(crate) fn live(&self, t: usize) -> u8 {
        let tile = Tile::from_index(t).expect("tile index");
        self.rules
            .copies(tile)
            .saturating_sub(self.hand[t] + self.meld_tiles[t] + self.visible[t])
    }
}

fn not_in_game(rules: &Rules, field: Field, t: Tile) -> MahjongError {
    MahjongError::TileNotInGame {
        field,
        tile: t,
        reason: rules
            .absent_reason(t)
            .unwrap_or("this tile is not used in this rule set"),
    }
}

/// Each bit of a byte as a byte (0 or 1), lowest bit first.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            table[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    table
};

/// The hand-size rule, for the error message.
fn hand_size_rule(extra: usize) -> &'static str {
    if extra == 1 {
        "the hand must have 3n+1 tiles counting each meld as 3 (at most 13: e.g. 13 tiles, or 10 with one meld)"
    } else {
        "the hand must have 3n+2 tiles counting each meld as 3 (at most 14: e.g. 14 tiles, or 11 with one meld)"
    }
}

/// Checks a request and counts its tiles. `extra` is 1 for waits (3n+1) and 2 for analysis (3n+2).
#[cfg(test)]
pub(crate) fn prepare<'r>(
    rules: &'r Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
    extra: usize,
) -> Result<Prepared<'r>, MahjongError> {
    with_prepared(rules, hand, melds, visible, extra, |p| p.clone())
}

/// Checks and counts a request, then runs `f` on it. A continuation rather than a returned value
/// so the counted request (a few hundred bytes) is built in place and never copied.
#[inline]
pub(crate) fn with_prepared<'r, T>(
    rules: &'r Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
    extra: usize,
    f: impl FnOnce(&Prepared<'r>) -> T,
) -> Result<T, MahjongError> {
    let in_game = rules.tile_mask();
    let usable = rules.usable_mask();
    let too_many = |field: Field, t: usize, count: u8| {
        let tile = Tile::from_index(t).expect("tile index");
        let max = rules.copies(tile);
        if count > max {
            Err(MahjongError::TooManyCopies {
                field,
                tile,
                count,
                max,
            })
        } else {
            Ok(())
        }
    };
    // Longer hands are rejected below; this bound only keeps the u8 counts from wrapping.
    if hand.len() > u8::MAX as usize {
        return Err(MahjongError::HandSize {
            field: Field::Hand,
            tiles: hand.len(),
            melds: melds.len(),
            expected: hand_size_rule(extra),
        });
    }
    // Each kind's count as three bit planes: a binary counter per kind, kept in registers. This
    // loop is the hot part of a request, so every check that can wait for the whole hand is done
    // after it, and the counts are spread into bytes afterwards, eight kinds at a time (a byte
    // store per tile, read back as a block for the copies below, measured a few percent slower).
    let (mut b0, mut b1, mut b2, mut carried) = (0u64, 0u64, 0u64, 0u64);
    for &t in hand {
        let bit = 1u64 << t.index();
        let c0 = b0 & bit;
        b0 ^= bit;
        let c1 = b1 & c0;
        b1 ^= c0;
        carried |= b2 & c1;
        b2 ^= c1;
    }
    let present = b0 | b1 | b2 | carried;
    if present & !in_game != 0 {
        let t = hand
            .iter()
            .find(|t| in_game >> t.index() & 1 == 0)
            .expect("a tile outside the game");
        return Err(not_in_game(rules, Field::Hand, *t));
    }
    let mut held = [0u8; 34];
    for (k, chunk) in held.chunks_mut(8).enumerate() {
        let byte = |plane: u64| SPREAD[(plane >> (8 * k)) as usize & 0xff];
        let counts = byte(b0) | byte(b1) << 1 | byte(b2) << 2;
        chunk.copy_from_slice(&counts.to_le_bytes()[..chunk.len()]);
    }
    // Eight or more copies (legal only for wildcards, up to the rules' number) wrapped the
    // planes but left `carried` set: count those kinds again.
    let mut wrapped = carried;
    while wrapped != 0 {
        let i = wrapped.trailing_zeros() as usize;
        wrapped &= wrapped - 1;
        held[i] = hand.iter().filter(|t| t.index() == i).count() as u8;
    }
    // Five or more copies: an error unless the kind is a wildcard the rules allow that many of.
    let mut over = b2 & (b1 | b0) | carried;
    while over != 0 {
        let i = over.trailing_zeros() as usize;
        over &= over - 1;
        too_many(Field::Hand, i, held[i])?;
    }
    let mut p = Prepared {
        rules,
        nat: held,
        wild: 0,
        melds_needed: 0,
        declared: melds.len() as u8,
        hand: held,
        meld_tiles: [0; 34],
        visible: [0; 34],
        usable,
        kinds: Kinds {
            // Natural kinds hold at most four copies by now.
            by: [
                usable & !present,
                usable & b0 & !b1 & !b2,
                usable & !b0 & b1,
                usable & b0 & b1,
                usable & b2,
            ],
        },
        void_held: false,
        only_hand_seen: melds.is_empty() && visible.is_empty(),
    };
    for (i, m) in melds.iter().enumerate() {
        let field = Field::Meld(i);
        if let Some(t) = m.tiles().find(|t| in_game >> t.index() & 1 == 0) {
            return Err(not_in_game(rules, field, t));
        }
        let bad = |reason: &str| {
            Err(MahjongError::BadMeld {
                field,
                reason: reason.to_string(),
            })
        };
        if m.kind == MeldKind::Chi && !rules.chi {
            return bad("chi is not allowed in this rule set");
        }
        if m.tiles().any(|t| rules.is_wildcard(t)) {
            return bad("a wildcard tile cannot be part of a declared meld");
        }
        if rules.void_suit.is_some() && Some(m.tile.suit()) == rules.void_suit {
            return bad("a meld cannot be of the void suit");
        }
        for t in m.tiles() {
            let t = t.index();
            p.meld_tiles[t] += 1;
            too_many(field, t, p.hand[t] + p.meld_tiles[t])?;
        }
    }
    for &t in visible {
        let i = t.index();
        if in_game >> i & 1 == 0 {
            return Err(not_in_game(rules, Field::Visible, t));
        }
        p.visible[i] = p.visible[i].saturating_add(1);
        too_many(
            Field::Visible,
            i,
            p.hand[i]
                .saturating_add(p.meld_tiles[i])
                .saturating_add(p.visible[i]),
        )?;
    }

    let total = hand.len() + 3 * melds.len();
    if hand.len() < extra || total % 3 != extra || total > 12 + extra {
        return Err(MahjongError::HandSize {
            field: Field::Hand,
            tiles: hand.len(),
            melds: melds.len(),
            expected: hand_size_rule(extra),
        });
    }
    p.melds_needed = ((hand.len() - extra) / 3) as u8;
    let mut w = rules.wildcards;
    while w != 0 {
        let t = w.trailing_zeros() as usize;
        w &= w - 1;
        p.wild += p.hand[t];
        p.nat[t] = 0;
    }
    if let Some(s) = rules.void_suit {
        let b = s as usize * 9;
        p.void_held = p.hand[b..b + 9].iter().any(|&c| c > 0);
    }
    Ok(f(&p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::rules::Preset;
    use crate::tiles::parse_tiles;

    fn t(s: &str) -> Vec<Tile> {
        parse_tiles(s).unwrap()
    }

    #[test]
    fn rejects_bad_requests() {
        let r = Rules::preset(Preset::Riichi);
        let e = prepare(&r, &t("11111m23456789p"), &[], &[], 1).unwrap_err();
        assert!(matches!(e, MahjongError::TooManyCopies { count: 5, .. }));
        let e = prepare(&r, &t("123m"), &[], &[], 1).unwrap_err();
        assert!(matches!(e, MahjongError::HandSize { .. }));
        let pon = Meld::from_tiles(MeldKind::Pon, &t("111m"), false).unwrap();
        let e = prepare(&r, &t("11m234p567p789s"), &[pon], &[], 1).unwrap_err();
        assert_eq!(e.field(), Field::Meld(0));
        let e = prepare(&r, &t("1m234p567p789s11z"), &[pon], &t("1m"), 1).unwrap_err();
        assert_eq!(e.field(), Field::Visible);
        let s = Rules::preset(Preset::Sichuan);
        let e = prepare(&s, &t("123m456p789s1112z"), &[], &[], 1).unwrap_err();
        assert!(matches!(e, MahjongError::TileNotInGame { .. }));
        let p = prepare(&r, &t("1m234p567p789s"), &[pon], &[], 1).unwrap();
        assert_eq!(p.melds_needed, 3);
    }
}
