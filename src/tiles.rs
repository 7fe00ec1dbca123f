//! Mahjong tiles in the MPSZ notation (`123m456p789s1122z`), parsed once into compact types.

use std::fmt;

/// A suit of tiles: characters (m), dots (p), bamboo (s) or honours (z).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum TileSuit {
    /// Characters, 万, `m`.
    Man = 0,
    /// Dots, 筒, `p`.
    Pin,
    /// Bamboo, 条, `s`.
    Sou,
    /// Honours, 字, `z`: 1z-4z winds (E S W N), 5z white, 6z green, 7z red.
    Honor,
}

impl TileSuit {
    /// The MPSZ letter.
    pub fn letter(self) -> char {
        ['m', 'p', 's', 'z'][self as usize]
    }
}

/// One of the 34 tile kinds: index 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = 1z-7z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    /// Number of tile kinds.
    pub const COUNT: usize = 34;

    /// The tile with this index, if it is below 34.
    pub fn from_index(index: usize) -> Option<Tile> {
        (index < Tile::COUNT).then_some(Tile(index as u8))
    }

    /// The tile of a kind index the caller already knows to be below 34 (a tile it holds or a
    /// table's entry): no check, so that building an answer does not branch per tile.
    #[inline]
    pub(crate) fn of_kind(index: u8) -> Tile {
        debug_assert!((index as usize) < Tile::COUNT, "tile index {index}");
        Tile(index)
    }

    /// The tile of `suit` with face value `number` (1-9, or 1-7 for honours).
    pub fn new(suit: TileSuit, number: u8) -> Option<Tile> {
        let max = if suit == TileSuit::Honor { 7 } else { 9 };
        (1..=max)
            .contains(&number)
            .then(|| Tile(suit as u8 * 9 + number - 1))
    }

    /// Index 0..34.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile's suit.
    pub fn suit(self) -> TileSuit {
        match self.0 / 9 {
            0 => TileSuit::Man,
            1 => TileSuit::Pin,
            2 => TileSuit::Sou,
            _ => TileSuit::Honor,
        }
    }

    /// Face value: 1-9 for suited tiles, 1-7 for honours.
    pub fn number(self) -> u8 {
        self.0 % 9 + 1
    }

    /// True for 1z-7z.
    pub fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// True for terminals (1 and 9 of a suit) and honours: the thirteen orphans' kinds.
    pub fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || matches!(self.number(), 1 | 9)
    }

    /// Every tile kind in index order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..Tile::COUNT as u8).map(Tile)
    }
}

impl Tile {
    /// The tile's MPSZ name (`"5m"`, `"7z"`), from a table rather than formatted per call.
    pub fn name(self) -> &'static str {
        const NAMES: [&str; Tile::COUNT] = [
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", //
            "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", //
            "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", //
            "1z", "2z", "3z", "4z", "5z", "6z", "7z",
        ];
        NAMES[self.index()]
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Copies of each tile kind, indexed by [`Tile::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileCounts(pub [u8; Tile::COUNT]);

impl Default for TileCounts {
    fn default() -> Self {
        TileCounts([0; Tile::COUNT])
    }
}

impl TileCounts {
    /// Counts some tiles.
    pub fn from_tiles<I: IntoIterator<Item = Tile>>(tiles: I) -> TileCounts {
        let mut counts = TileCounts::default();
        for tile in tiles {
            counts.0[tile.index()] += 1;
        }
        counts
    }

    /// Copies of `tile`.
    pub fn get(&self, tile: Tile) -> u8 {
        self.0[tile.index()]
    }

    /// Total number of tiles.
    pub fn len(&self) -> usize {
        self.0.iter().map(|&c| c as usize).sum()
    }

    /// True when there are no tiles.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// The tiles, one entry per copy, in index order.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().flat_map(move |t| std::iter::repeat_n(t, self.get(t) as usize))
    }
}

impl fmt::Display for TileCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles: Vec<Tile> = self.tiles().collect();
        f.write_str(&format_tiles(&tiles))
    }
}

/// Why a tile string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TileParseError {
    /// A character that is neither a digit nor a suit letter.
    #[error(
        "unexpected character {ch:?} at position {position} in {text:?} (MPSZ notation: digits then m/p/s/z)"
    )]
    UnexpectedChar {
        /// The whole input.
        text: String,
        /// The offending character.
        ch: char,
        /// Its character position.
        position: usize,
    },
    /// Digits at the end with no suit letter after them.
    #[error("digits without a suit letter at the end of {0:?} (write e.g. \"123m\")")]
    MissingSuit(String),
    /// A suit letter with no digits before it.
    #[error("suit letter {ch:?} with no digits before it in {text:?}")]
    EmptyGroup {
        /// The whole input.
        text: String,
        /// The suit letter.
        ch: char,
    },
    /// One tile was asked for (`"5m"`), but the text holds none or several.
    #[error("{text:?} is not one tile ({count} tiles)")]
    NotOneTile {
        /// The whole input.
        text: String,
        /// Tiles read.
        count: usize,
    },
    /// A digit that is not a tile of its suit (`8z`, `9z`).
    #[error("{digit}{suit} is not a tile (honours are 1z-7z) in {text:?}")]
    NoSuchTile {
        /// The whole input.
        text: String,
        /// The digit.
        digit: char,
        /// The suit letter.
        suit: char,
    },
}

impl std::str::FromStr for Tile {
    type Err = TileParseError;

    /// Reads one tile in MPSZ notation: `"5m"`, `"0p"` (a red five), `"7z"`.
    fn from_str(text: &str) -> Result<Tile, TileParseError> {
        match parse_tiles(text)?[..] {
            [tile] => Ok(tile),
            ref tiles => Err(TileParseError::NotOneTile {
                text: text.to_string(),
                count: tiles.len(),
            }),
        }
    }
}

/// Reads a compact MPSZ string (`"123m456p789s1122z"`) into tiles, in input order.
/// `0m`/`0p`/`0s` (red fives) read as fives.
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>, TileParseError> {
    // A hand is a handful of tiles: room for them up front (at most one per byte).
    let mut tiles = Vec::with_capacity(text.len().min(32));
    // Where the digits waiting for their suit letter start: only digits, spaces and tabs
    // (all one byte) can come between there and the letter.
    let mut group: Option<usize> = None;
    for (position, (at, ch)) in text.char_indices().enumerate() {
        match ch {
            '0'..='9' => {
                group.get_or_insert(at);
            }
            ' ' | '\t' => {}
            'm' | 'p' | 's' | 'z' | 'M' | 'P' | 'S' | 'Z' => {
                let letter = ch.to_ascii_lowercase();
                let Some(start) = group.take() else {
                    return Err(TileParseError::EmptyGroup {
                        text: text.to_string(),
                        ch,
                    });
                };
                let suit = match letter {
                    'm' => TileSuit::Man,
                    'p' => TileSuit::Pin,
                    's' => TileSuit::Sou,
                    _ => TileSuit::Honor,
                };
                for digit in text.as_bytes()[start..at]
                    .iter()
                    .filter(|b| b.is_ascii_digit())
                {
                    let mut number = digit - b'0';
                    if number == 0 && suit != TileSuit::Honor {
                        number = 5;
                    }
                    let tile =
                        Tile::new(suit, number).ok_or_else(|| TileParseError::NoSuchTile {
                            text: text.to_string(),
                            digit: char::from(*digit),
                            suit: letter,
                        })?;
                    tiles.push(tile);
                }
            }
            _ => {
                return Err(TileParseError::UnexpectedChar {
                    text: text.to_string(),
                    ch,
                    position,
                });
            }
        }
    }
    if group.is_some() {
        return Err(TileParseError::MissingSuit(text.to_string()));
    }
    Ok(tiles)
}

/// Writes tiles in compact MPSZ form, sorted (`"123m456p11z"`).
pub fn format_tiles(tiles: &[Tile]) -> String {
    let mut sorted = tiles.to_vec();
    sorted.sort();
    let mut out = String::with_capacity(sorted.len() + 4);
    for (i, tile) in sorted.iter().enumerate() {
        out.push((b'0' + tile.number()) as char);
        let last_of_suit = sorted
            .get(i + 1)
            .is_none_or(|next| next.suit() != tile.suit());
        if last_of_suit {
            out.push(tile.suit().letter());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_name_is_its_number_then_suit_letter_and_parses_back() {
        for tile in Tile::all() {
            let expected = format!("{}{}", tile.number(), tile.suit().letter());
            assert_eq!(tile.name(), expected);
            assert_eq!(tile.name().parse::<Tile>(), Ok(tile));
        }
    }

    #[test]
    fn one_tile_parses_with_from_str() {
        assert_eq!(
            "0p".parse::<Tile>(),
            Ok(Tile::new(TileSuit::Pin, 5).unwrap())
        );
        assert_eq!("7z".parse::<Tile>().unwrap().to_string(), "7z");
        assert!("12m".parse::<Tile>().is_err());
        assert!("".parse::<Tile>().is_err());
    }

    #[test]
    fn parses_compact_hands() {
        let tiles = parse_tiles("123m456p789s1122z").unwrap();
        assert_eq!(tiles.len(), 13);
        assert_eq!(format_tiles(&tiles), "123m456p789s1122z");
        assert_eq!(format_tiles(&parse_tiles("0m55p").unwrap()), "5m55p");
        assert_eq!(parse_tiles("7z").unwrap()[0].index(), 33);
        assert_eq!(parse_tiles("1m").unwrap()[0].index(), 0);
        assert_eq!(parse_tiles("9s").unwrap()[0].index(), 26);
    }

    #[test]
    fn rejects_malformed_strings() {
        for bad in ["123", "m", "8z", "0z", "12x", "1m2"] {
            assert!(parse_tiles(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn output_is_sorted() {
        assert_eq!(format_tiles(&parse_tiles("9m1z1m").unwrap()), "19m1z");
    }

    /// The reader, written plainly: each digit kept until its suit letter comes.
    fn parse_tiles_reference(text: &str) -> Result<Vec<Tile>, TileParseError> {
        let mut tiles = Vec::new();
        let mut pending: Vec<char> = Vec::new();
        for (position, ch) in text.chars().enumerate() {
            if ch.is_ascii_digit() {
                pending.push(ch);
            } else if ch == ' ' || ch == '\t' {
            } else if "mpszMPSZ".contains(ch) {
                let letter = ch.to_ascii_lowercase();
                if pending.is_empty() {
                    let text = text.to_string();
                    return Err(TileParseError::EmptyGroup { text, ch });
                }
                let suits = [TileSuit::Man, TileSuit::Pin, TileSuit::Sou, TileSuit::Honor];
                let suit = suits["mpsz".find(letter).unwrap()];
                for digit in pending.drain(..) {
                    let number = match digit as u8 - b'0' {
                        0 if suit != TileSuit::Honor => 5,
                        number => number,
                    };
                    let text = text.to_string();
                    let error = TileParseError::NoSuchTile {
                        text,
                        digit,
                        suit: letter,
                    };
                    tiles.push(Tile::new(suit, number).ok_or(error)?);
                }
            } else {
                let text = text.to_string();
                return Err(TileParseError::UnexpectedChar { text, ch, position });
            }
        }
        if !pending.is_empty() {
            return Err(TileParseError::MissingSuit(text.to_string()));
        }
        Ok(tiles)
    }

    proptest::proptest! {
        #[test]
        fn reads_as_the_reference(text in "[0-9mpszMPSZ \t中x]{0,24}") {
            proptest::prop_assert_eq!(parse_tiles(&text), parse_tiles_reference(&text));
        }
    }
}
