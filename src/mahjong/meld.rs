//! Declared melds (chi, pon, kan): what a meld is, and reading one from its tiles.

use crate::tiles::{Tile, format_tiles};

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
    /// Reads a meld whose kind was not given: four tiles are a kan, three of one kind a pon, any
    /// other three a chi; [`Meld::from_tiles`] then checks the shape.
    pub fn from_tiles_any_kind(tiles: &[Tile], concealed: bool) -> Result<Meld, MeldError> {
        let kind = match tiles.len() {
            4 => MeldKind::Kan,
            3 if tiles.iter().all(|&t| t == tiles[0]) => MeldKind::Pon,
            _ => MeldKind::Chi,
        };
        Meld::from_tiles(kind, tiles, concealed)
    }

    /// Reads a meld from its tiles, checking that they are the kind's shape and that only a kan
    /// is concealed.
    pub fn from_tiles(kind: MeldKind, tiles: &[Tile], concealed: bool) -> Result<Meld, MeldError> {
        let mut sorted = tiles.to_vec();
        sorted.sort();
        let first = *sorted.first().ok_or(MeldError::Empty)?;
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
            return Err(MeldError::Shape {
                kind,
                tiles: sorted,
            });
        }
        if concealed && kind != MeldKind::Kan {
            return Err(MeldError::ConcealedNotKan);
        }
        Ok(Meld {
            kind,
            tile: first,
            concealed,
        })
    }

    /// Adds the meld's tiles to `counts`, with no branch on its kind (the melds of varied hands
    /// would mispredict one): a chi adds one to each of three kinds, a pon three and a kan four
    /// to its one kind.
    #[inline]
    pub fn add_to(&self, counts: &mut [u8; 34]) {
        let i = self.tile.index();
        let run = u8::from(self.kind == MeldKind::Chi);
        counts[i] += match self.kind {
            MeldKind::Chi => 1,
            MeldKind::Pon => 3,
            MeldKind::Kan => 4,
        };
        // A chi's lowest tile is at most a 7, so these stay in its suit; for a pon or kan they
        // add nothing.
        counts[(i + 1).min(33)] += run;
        counts[(i + 2).min(33)] += run;
    }

    /// A bit per kind among the meld's tiles (bit = tile index).
    #[inline]
    pub fn kinds(&self) -> u64 {
        let run = u64::from(self.kind == MeldKind::Chi);
        (1 | (run * 0b110)) << self.tile.index()
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

/// Why [`Meld::from_tiles`] rejects a meld.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MeldError {
    /// No tiles at all.
    #[error("a meld needs tiles")]
    Empty,
    /// The tiles are not the shape of the meld kind.
    #[error("{} is not a valid meld: {}", format_tiles(tiles), shape_rule(*kind))]
    Shape {
        /// The kind the tiles were read as.
        kind: MeldKind,
        /// The tiles given.
        tiles: Vec<Tile>,
    },
    /// A chi or pon marked concealed.
    #[error("only a kan can be concealed")]
    ConcealedNotKan,
}

/// The shape a meld kind needs, in words.
fn shape_rule(kind: MeldKind) -> &'static str {
    match kind {
        MeldKind::Chi => "a chi is three consecutive tiles of one suit, e.g. 345p",
        MeldKind::Pon => "a pon is three identical tiles, e.g. 555z",
        MeldKind::Kan => "a kan is four identical tiles, e.g. 1111p",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::parse_tiles;

    #[test]
    fn a_meld_without_a_kind_is_read_from_its_tiles() {
        let meld = |text: &str| Meld::from_tiles_any_kind(&parse_tiles(text).unwrap(), false);
        assert_eq!(meld("1111p").unwrap().kind, MeldKind::Kan);
        assert_eq!(meld("555z").unwrap().kind, MeldKind::Pon);
        assert_eq!(meld("345m").unwrap().kind, MeldKind::Chi);
        // Three tiles that are no pon are read as a chi, and then fail its shape check.
        assert!(matches!(
            meld("135m"),
            Err(MeldError::Shape {
                kind: MeldKind::Chi,
                ..
            })
        ));
    }

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

    /// `add_to` and `kinds` agree with `tiles` for every meld there is.
    #[test]
    fn counting_a_meld_adds_its_tiles() {
        let mut melds = Vec::new();
        for i in 0..34 {
            let tile = Tile::from_index(i).unwrap();
            for kind in [MeldKind::Pon, MeldKind::Kan] {
                melds.push(Meld {
                    kind,
                    tile,
                    concealed: false,
                });
            }
            if !tile.is_honor() && tile.number() <= 7 {
                melds.push(Meld {
                    kind: MeldKind::Chi,
                    tile,
                    concealed: false,
                });
            }
        }
        assert_eq!(melds.len(), 34 * 2 + 21);
        for m in melds {
            let mut want = [0u8; 34];
            let mut mask = 0u64;
            for t in m.tiles() {
                want[t.index()] += 1;
                mask |= 1 << t.index();
            }
            let mut got = [0u8; 34];
            m.add_to(&mut got);
            assert_eq!(got, want, "{m:?}");
            assert_eq!(m.kinds(), mask, "{m:?}");
        }
    }

    /// The messages are part of the gRPC answers (a field violation's description), so they are
    /// pinned word for word.
    #[test]
    fn meld_error_messages() {
        let e = |kind, tiles: &[Tile], concealed| {
            Meld::from_tiles(kind, tiles, concealed)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(e(MeldKind::Chi, &[], false), "a meld needs tiles");
        assert_eq!(
            e(MeldKind::Chi, &t("891p"), false),
            "189p is not a valid meld: a chi is three consecutive tiles of one suit, e.g. 345p"
        );
        assert_eq!(
            e(MeldKind::Pon, &t("556z"), false),
            "556z is not a valid meld: a pon is three identical tiles, e.g. 555z"
        );
        assert_eq!(
            e(MeldKind::Kan, &t("111p"), false),
            "111p is not a valid meld: a kan is four identical tiles, e.g. 1111p"
        );
        assert_eq!(
            e(MeldKind::Pon, &t("555z"), true),
            "only a kan can be concealed"
        );
        assert_eq!(
            Meld::from_tiles(MeldKind::Chi, &t("354p"), true),
            Err(MeldError::ConcealedNotKan)
        );
    }
}
