//! Declared melds and the checked, counted form of a request's tiles.

use super::error::{Field, MahjongError};
use super::rules::Rules;
use crate::tiles::Tile;

/// How a meld was declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// A sequence (吃), e.g. `345p`.
    Chi,
    /// A triplet (碰), e.g. `555z`.
    Pon,
    /// A quad (杠), e.g. `1111p`; counts as one meld.
    Kan,
}

/// A declared meld. It takes one of the melds the hand needs, so the concealed part is smaller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    /// Chi, pon or kan.
    pub kind: MeldKind,
    /// The lowest tile (the only kind, for pon and kan).
    pub tile: Tile,
    /// True for a concealed kan (暗杠); chi and pon are always open.
    pub concealed: bool,
}

impl Meld {
    /// Reads a meld from its tiles, checking that they are the kind's shape.
    pub fn from_tiles(kind: MeldKind, tiles: &[Tile], concealed: bool) -> Result<Meld, String> {
        let mut sorted = tiles.to_vec();
        sorted.sort();
        let first = *sorted.first().ok_or("a meld needs tiles")?;
        let shape_ok = match kind {
            MeldKind::Chi => {
                sorted.len() == 3
                    && !first.is_honor()
                    && first.number() <= 7
                    && sorted[1].index() == first.index() + 1
                    && sorted[2].index() == first.index() + 2
            }
            MeldKind::Pon => sorted.len() == 3 && sorted.iter().all(|&t| t == first),
            MeldKind::Kan => sorted.len() == 4 && sorted.iter().all(|&t| t == first),
        };
        if !shape_ok {
            let what = match kind {
                MeldKind::Chi => "a chi is three consecutive tiles of one suit, e.g. 345p",
                MeldKind::Pon => "a pon is three identical tiles, e.g. 555z",
                MeldKind::Kan => "a kan is four identical tiles, e.g. 1111p",
            };
            return Err(format!(
                "{} is not a valid meld: {what}",
                crate::tiles::format_tiles(tiles)
            ));
        }
        if concealed && kind != MeldKind::Kan {
            return Err("only a kan can be concealed".to_string());
        }
        Ok(Meld {
            kind,
            tile: first,
            concealed,
        })
    }

    /// The meld's tiles.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        let i = self.tile.index();
        let (n, step) = match self.kind {
            MeldKind::Chi => (3, 1),
            MeldKind::Pon => (3, 0),
            MeldKind::Kan => (4, 0),
        };
        (0..n).filter_map(move |k| Tile::from_index(i + k * step))
    }
}

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
}

impl Prepared<'_> {
    /// Copies of `t` neither in the player's hand or melds nor visible.
    pub(crate) fn live(&self, t: usize) -> u8 {
        let tile = Tile::from_index(t).expect("tile index");
        self.rules
            .copies(tile)
            .saturating_sub(self.hand[t] + self.meld_tiles[t] + self.visible[t])
    }

    /// True when the concealed hand holds a tile of the void suit.
    pub(crate) fn holds_void(&self) -> bool {
        match self.rules.void_suit {
            Some(s) => {
                let b = s as usize * 9;
                self.hand[b..b + 9].iter().any(|&c| c > 0)
            }
            None => false,
        }
    }
}

/// Checks a request and counts its tiles. `extra` is 1 for waits (3n+1) and 2 for analysis (3n+2).
pub(crate) fn prepare<'r>(
    rules: &'r Rules,
    hand: &[Tile],
    melds: &[Meld],
    visible: &[Tile],
    extra: usize,
) -> Result<Prepared<'r>, MahjongError> {
    let not_in_game = |field: Field, tiles: &mut dyn Iterator<Item = Tile>| {
        for t in tiles {
            if let Some(reason) = rules.absent_reason(t) {
                return Err(MahjongError::TileNotInGame {
                    field,
                    tile: t,
                    reason,
                });
            }
        }
        Ok(())
    };
    not_in_game(Field::Hand, &mut hand.iter().copied())?;
    for (i, m) in melds.iter().enumerate() {
        let field = Field::Meld(i);
        not_in_game(field, &mut m.tiles())?;
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
    }
    not_in_game(Field::Visible, &mut visible.iter().copied())?;

    let mut p = Prepared {
        rules,
        nat: [0; 34],
        wild: 0,
        melds_needed: 0,
        declared: melds.len() as u8,
        hand: [0; 34],
        meld_tiles: [0; 34],
        visible: [0; 34],
    };
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
    for t in hand {
        p.hand[t.index()] = p.hand[t.index()].saturating_add(1);
        too_many(Field::Hand, t.index(), p.hand[t.index()])?;
    }
    for (i, m) in melds.iter().enumerate() {
        for t in m.tiles() {
            p.meld_tiles[t.index()] += 1;
            let t = t.index();
            too_many(Field::Meld(i), t, p.hand[t] + p.meld_tiles[t])?;
        }
    }
    for t in visible {
        let t = t.index();
        p.visible[t] = p.visible[t].saturating_add(1);
        too_many(
            Field::Visible,
            t,
            p.hand[t]
                .saturating_add(p.meld_tiles[t])
                .saturating_add(p.visible[t]),
        )?;
    }

    let total = hand.len() + 3 * melds.len();
    let expected = if extra == 1 {
        "the hand must have 3n+1 tiles counting each meld as 3 (at most 13: e.g. 13 tiles, or 10 with one meld)"
    } else {
        "the hand must have 3n+2 tiles counting each meld as 3 (at most 14: e.g. 14 tiles, or 11 with one meld)"
    };
    if hand.len() < extra || total % 3 != extra || total > 12 + extra {
        return Err(MahjongError::HandSize {
            field: Field::Hand,
            tiles: hand.len(),
            melds: melds.len(),
            expected,
        });
    }
    p.melds_needed = ((hand.len() - extra) / 3) as u8;
    for t in 0..34 {
        let tile = Tile::from_index(t).expect("tile index");
        if rules.is_wildcard(tile) {
            p.wild += p.hand[t];
        } else {
            p.nat[t] = p.hand[t];
        }
    }
    Ok(p)
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
    fn meld_shapes() {
        assert!(Meld::from_tiles(MeldKind::Chi, &t("345p"), false).is_ok());
        assert!(Meld::from_tiles(MeldKind::Chi, &t("891p"), false).is_err());
        assert!(Meld::from_tiles(MeldKind::Chi, &t("123z"), false).is_err());
        assert!(Meld::from_tiles(MeldKind::Pon, &t("555z"), true).is_err());
        let k = Meld::from_tiles(MeldKind::Kan, &t("1111p"), true).unwrap();
        assert_eq!(k.tiles().count(), 4);
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
