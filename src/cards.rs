//! Playing cards: ranks, suits, physical cards and the conventions' notation.
//!
//! Notation is parsed once, at the edge, into these compact types; the rules core works on
//! [`Rank`] and [`RankCounts`] only.

use std::fmt;

/// A card rank in Dou Dizhu order, weakest first: `3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ`.
///
/// The discriminant is the rank's strength and its index in a [`RankCounts`] vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// 3, the weakest rank.
    Three = 0,
    /// 4.
    Four,
    /// 5.
    Five,
    /// 6.
    Six,
    /// 7.
    Seven,
    /// 8.
    Eight,
    /// 9.
    Nine,
    /// 10.
    Ten,
    /// Jack.
    Jack,
    /// Queen.
    Queen,
    /// King.
    King,
    /// Ace, the highest rank that may appear in a chain.
    Ace,
    /// 2, above the ace and never part of a chain.
    Two,
    /// The black (small) joker, 小王.
    BlackJoker,
    /// The red (big) joker, 大王.
    RedJoker,
}

impl Rank {
    /// Number of ranks, jokers included.
    pub const COUNT: usize = 15;
    /// Every rank, weakest first.
    pub const ALL: [Rank; 15] = [
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
        Rank::Two,
        Rank::BlackJoker,
        Rank::RedJoker,
    ];

    /// The rank with this index (0 = `3` ... 14 = red joker).
    pub fn from_index(index: usize) -> Option<Rank> {
        Rank::ALL.get(index).copied()
    }

    /// This rank's index in a [`RankCounts`] vector.
    pub fn index(self) -> usize {
        self as usize
    }

    /// True for the two jokers.
    pub fn is_joker(self) -> bool {
        self >= Rank::BlackJoker
    }

    /// The canonical notation of the rank (`"10"`, `"A"`, `"BJ"`...).
    pub fn symbol(self) -> &'static str {
        const SYMBOLS: [&str; 15] = [
            "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ",
        ];
        SYMBOLS[self.index()]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// A suit, in the order players sort them: spades, hearts, clubs, diamonds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Spades, `S` or `♠`.
    Spades = 0,
    /// Hearts, `H` or `♥`.
    Hearts,
    /// Clubs, `C` or `♣`.
    Clubs,
    /// Diamonds, `D` or `♦`.
    Diamonds,
}

impl Suit {
    /// Every suit in sort order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

    /// The canonical letter of the suit.
    pub fn letter(self) -> char {
        ['S', 'H', 'C', 'D'][self as usize]
    }
}

/// One card as a request names it: a rank, and a suit when the caller gave one.
///
/// Jokers never have a suit. Ordering is the players' sort order (rank, then suit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    /// The card's rank.
    pub rank: Rank,
    /// The card's suit, `None` for jokers and for rank-only notation.
    pub suit: Option<Suit>,
}

impl Card {
    /// A suited card (`suit` is ignored for jokers).
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card {
            rank,
            suit: if rank.is_joker() { None } else { Some(suit) },
        }
    }

    /// A rank-only card.
    pub fn rank_only(rank: Rank) -> Card {
        Card { rank, suit: None }
    }

    /// True when the card names a specific physical card: a suited card or a joker.
    pub fn is_physical(self) -> bool {
        self.suit.is_some() || self.rank.is_joker()
    }
}

impl Card {
    /// The card's canonical notation (`"10S"`, `"3"`, `"RJ"`...), from a table: answers name
    /// tens of cards per call, and formatting each one cost more than the rules.
    pub fn name(self) -> &'static str {
        const NAMES: [[&str; 5]; 15] = [
            ["3S", "3H", "3C", "3D", "3"],
            ["4S", "4H", "4C", "4D", "4"],
            ["5S", "5H", "5C", "5D", "5"],
            ["6S", "6H", "6C", "6D", "6"],
            ["7S", "7H", "7C", "7D", "7"],
            ["8S", "8H", "8C", "8D", "8"],
            ["9S", "9H", "9C", "9D", "9"],
            ["10S", "10H", "10C", "10D", "10"],
            ["JS", "JH", "JC", "JD", "J"],
            ["QS", "QH", "QC", "QD", "Q"],
            ["KS", "KH", "KC", "KD", "K"],
            ["AS", "AH", "AC", "AD", "A"],
            ["2S", "2H", "2C", "2D", "2"],
            ["BJ", "BJ", "BJ", "BJ", "BJ"],
            ["RJ", "RJ", "RJ", "RJ", "RJ"],
        ];
        NAMES[self.rank.index()][self.suit.map_or(4, |suit| suit as usize)]
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The most characters of a client's text a message quotes (see [`Quoted`]).
pub const MAX_QUOTED_CHARS: usize = 16;

/// A client's text as messages quote it: Rust-debug-quoted (`"7X"`), cut after
/// [`MAX_QUOTED_CHARS`] characters with its full length in bytes (`"AAAAAAAAAAAAAAAA"… (60000
/// bytes)`), so that a message never grows with the text (a card string may carry surrounding
/// spaces or be anything at all).
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(MAX_QUOTED_CHARS) {
            None => write!(f, "{:?}", self.0),
            Some((cut, _)) => write!(f, "{:?}… ({} bytes)", &self.0[..cut], self.0.len()),
        }
    }
}

/// Why a card string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardParseError {
    /// The string is not a card in the conventions' notation.
    #[error(
        "unknown card {} (expected a rank 3-10/J/Q/K/A/2 with an optional suit S/H/C/D, or BJ/RJ)",
        Quoted(.0)
    )]
    Unknown(String),
}

impl std::str::FromStr for Card {
    type Err = CardParseError;

    /// Reads one card: see [`parse_card`].
    fn from_str(text: &str) -> Result<Card, CardParseError> {
        parse_card(text)
    }
}

/// Reads one card: `"10H"`, `"TH"`, `"♠A"`, `"a"`, `"BJ"`, `"大王"`... (also `text.parse::<Card>()`).
#[inline]
pub fn parse_card(text: &str) -> Result<Card, CardParseError> {
    match parse_ascii_card(text.as_bytes()) {
        Some(card) => Ok(card),
        None => parse_any_card(text),
    }
}

/// The canonical notation and its lower-case and `T` forms (a rank, then an optional suit
/// letter; `BJ`, `RJ`) read from two byte tables: requests name tens of cards each, and the
/// general reader's string matching cost more than the rules. `None` for anything else,
/// which [`parse_any_card`] then reads (or refuses) exactly as before.
fn parse_ascii_card(bytes: &[u8]) -> Option<Card> {
    let rank = |byte: u8| Rank::from_index(usize::from(RANK_LETTERS[usize::from(byte)]));
    let suit = |byte: u8| {
        Suit::ALL
            .get(usize::from(SUIT_LETTERS[usize::from(byte)]))
            .copied()
    };
    let card = match *bytes {
        [r] => Card::rank_only(rank(r)?),
        [b'1', b'0'] => Card::rank_only(Rank::Ten),
        [r, b'J' | b'j'] if r.eq_ignore_ascii_case(&b'B') => Card::rank_only(Rank::BlackJoker),
        [r, b'J' | b'j'] if r.eq_ignore_ascii_case(&b'R') => Card::rank_only(Rank::RedJoker),
        [r, s] => Card {
            rank: rank(r)?,
            suit: Some(suit(s)?),
        },
        [b'1', b'0', s] => Card {
            rank: Rank::Ten,
            suit: Some(suit(s)?),
        },
        _ => return None,
    };
    Some(card)
}

/// The rank index of each byte that names a rank alone (`3`-`9`, `T`, `J`, `Q`, `K`, `A`, `2`,
/// either case); 255 for every other byte.
pub(crate) const RANK_LETTERS: [u8; 256] = letter_table(b"3456789TJQKA2");

/// The suit index of each suit letter (`S`, `H`, `C`, `D`, either case); 255 for every other
/// byte.
pub(crate) const SUIT_LETTERS: [u8; 256] = letter_table(b"SHCD");

/// Each of `letters`, in either case, mapped to its index; 255 for every other byte.
const fn letter_table(letters: &[u8]) -> [u8; 256] {
    let mut table = [u8::MAX; 256];
    let mut i = 0;
    while i < letters.len() {
        table[letters[i] as usize] = i as u8;
        table[letters[i].to_ascii_lowercase() as usize] = i as u8;
        i += 1;
    }
    table
}

/// Every notation [`parse_card`] accepts: suit symbols before or after the rank, `小王`/`大王`,
/// surrounding spaces.
fn parse_any_card(text: &str) -> Result<Card, CardParseError> {
    let unknown = || CardParseError::Unknown(text.to_string());
    let trimmed = text.trim();
    match trimmed {
        "小王" => return Ok(Card::rank_only(Rank::BlackJoker)),
        "大王" => return Ok(Card::rank_only(Rank::RedJoker)),
        _ => {}
    }
    // Requests name tens of cards each: short ASCII names (all of the canonical notation) are
    // uppercased on the stack rather than into a new string.
    let mut buf = [0u8; 8];
    let owned;
    let upper = match buf.get_mut(..trimmed.len()) {
        Some(bytes) if trimmed.is_ascii() => {
            bytes.copy_from_slice(trimmed.as_bytes());
            bytes.make_ascii_uppercase();
            std::str::from_utf8(bytes).unwrap_or_default()
        }
        _ => {
            owned = trimmed.to_uppercase();
            owned.as_str()
        }
    };
    match upper {
        "BJ" => return Ok(Card::rank_only(Rank::BlackJoker)),
        "RJ" => return Ok(Card::rank_only(Rank::RedJoker)),
        _ => {}
    }
    let suit_of = |c: char| match c {
        'S' | '♠' => Some(Suit::Spades),
        'H' | '♥' => Some(Suit::Hearts),
        'C' | '♣' => Some(Suit::Clubs),
        'D' | '♦' => Some(Suit::Diamonds),
        _ => None,
    };
    let mut body = upper;
    let mut suit = None;
    if let Some(first) = body.chars().next()
        && let Some(s) = suit_of(first)
        && body.len() > first.len_utf8()
    {
        suit = Some(s);
        body = &body[first.len_utf8()..];
    }
    if suit.is_none()
        && let Some(last) = body.chars().last()
        && let Some(s) = suit_of(last)
        && body.len() > last.len_utf8()
    {
        suit = Some(s);
        body = &body[..body.len() - last.len_utf8()];
    }
    let rank = match body {
        "3" => Rank::Three,
        "4" => Rank::Four,
        "5" => Rank::Five,
        "6" => Rank::Six,
        "7" => Rank::Seven,
        "8" => Rank::Eight,
        "9" => Rank::Nine,
        "10" | "T" => Rank::Ten,
        "J" => Rank::Jack,
        "Q" => Rank::Queen,
        "K" => Rank::King,
        "A" => Rank::Ace,
        "2" => Rank::Two,
        _ => return Err(unknown()),
    };
    Ok(Card { rank, suit })
}

/// How many cards of each rank a hand or play holds, indexed by [`Rank::index`].
///
/// The canonical form of a play: two plays with the same counts are the same play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RankCounts(pub [u8; Rank::COUNT]);

impl RankCounts {
    /// No cards.
    pub const EMPTY: RankCounts = RankCounts([0; Rank::COUNT]);

    /// Counts the ranks of some cards.
    pub fn from_ranks<I: IntoIterator<Item = Rank>>(ranks: I) -> RankCounts {
        let mut counts = RankCounts::EMPTY;
        for rank in ranks {
            counts.0[rank.index()] += 1;
        }
        counts
    }

    /// Copies of `rank`.
    pub fn get(&self, rank: Rank) -> u8 {
        self.0[rank.index()]
    }

    /// Total number of cards.
    pub fn len(&self) -> usize {
        self.0.iter().map(|&c| c as usize).sum()
    }

    /// True when there are no cards.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// True when every rank of `self` has at most as many copies as in `other`.
    pub fn is_subset_of(&self, other: &RankCounts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a <= b)
    }

    /// The ranks, one entry per card, weakest first.
    pub fn ranks(&self) -> impl Iterator<Item = Rank> + '_ {
        Rank::ALL
            .iter()
            .flat_map(move |&r| std::iter::repeat_n(r, self.get(r) as usize))
    }
}

impl fmt::Display for RankCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, rank) in self.ranks().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(rank.symbol())?;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The byte-test reader [`parse_ascii_card`] replaced, kept as its reference.
    fn parse_ascii_card_reference(bytes: &[u8]) -> Option<Card> {
        let upper = |i: usize| bytes[i].to_ascii_uppercase();
        let (rank_len, suit) = match bytes.len() {
            2 | 3 => match upper(bytes.len() - 1) {
                b'S' => (bytes.len() - 1, Some(Suit::Spades)),
                b'H' => (bytes.len() - 1, Some(Suit::Hearts)),
                b'C' => (bytes.len() - 1, Some(Suit::Clubs)),
                b'D' => (bytes.len() - 1, Some(Suit::Diamonds)),
                _ => (bytes.len(), None),
            },
            _ => (bytes.len(), None),
        };
        let rank = match (rank_len, suit) {
            (1, _) => match upper(0) {
                digit @ b'3'..=b'9' => Rank::ALL[usize::from(digit - b'3')],
                b'T' => Rank::Ten,
                b'J' => Rank::Jack,
                b'Q' => Rank::Queen,
                b'K' => Rank::King,
                b'A' => Rank::Ace,
                b'2' => Rank::Two,
                _ => return None,
            },
            (2, _) if bytes[..2] == *b"10" => Rank::Ten,
            (2, None) => match (upper(0), upper(1)) {
                (b'B', b'J') => return Some(Card::rank_only(Rank::BlackJoker)),
                (b'R', b'J') => return Some(Card::rank_only(Rank::RedJoker)),
                _ => return None,
            },
            _ => return None,
        };
        Some(Card { rank, suit })
    }

    /// Every string of up to two bytes, and every three-byte string of the bytes that matter
    /// to a card's name: what the card readers' tests run through.
    pub(crate) fn short_texts() -> Vec<Vec<u8>> {
        let mut texts: Vec<Vec<u8>> = vec![Vec::new()];
        for a in 0..=255u8 {
            texts.push(vec![a]);
            for b in 0..=255u8 {
                texts.push(vec![a, b]);
            }
        }
        let some = b"0123456789TJQKAjqkatBbRrSsHhCcDdXx \xff";
        for &a in some {
            for &b in some {
                for &c in some {
                    texts.push(vec![a, b, c]);
                }
            }
        }
        texts
    }

    #[test]
    fn ascii_reader_matches_its_reference() {
        let mut texts = short_texts();
        texts.push(b"10S ".to_vec());
        for text in texts {
            assert_eq!(
                parse_ascii_card(&text),
                parse_ascii_card_reference(&text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn the_ascii_fast_path_reads_every_short_string_as_the_general_reader_does() {
        let alphabet = b"01234567899TJQKAtjqkaSHCDshcdBRbrXx ";
        let mut read = 0;
        for len in 1..=3 {
            for index in 0..alphabet.len().pow(len) {
                let mut rest = index;
                let text: String = (0..len)
                    .map(|_| {
                        let c = alphabet[rest % alphabet.len()];
                        rest /= alphabet.len();
                        char::from(c)
                    })
                    .collect();
                let general = parse_any_card(&text).ok();
                if let Some(fast) = parse_ascii_card(text.as_bytes()) {
                    assert_eq!(Some(fast), general, "{text:?}");
                    read += 1;
                }
                assert_eq!(parse_card(&text).ok(), general, "{text:?}");
            }
        }
        // Every canonical name, upper and lower case, takes the fast path.
        assert!(read >= 2 * (13 * 5 + 2), "{read}");
        for rank in Rank::ALL {
            let mut cards = vec![Card::rank_only(rank)];
            cards.extend(Suit::ALL.map(|suit| Card::new(rank, suit)));
            for card in cards {
                assert_eq!(parse_ascii_card(card.name().as_bytes()), Some(card));
                let lower = card.name().to_ascii_lowercase();
                assert_eq!(parse_ascii_card(lower.as_bytes()), Some(card));
            }
        }
    }

    #[test]
    fn every_card_name_is_its_rank_then_suit_letter_and_parses_back() {
        for rank in Rank::ALL {
            let mut cards = vec![Card::rank_only(rank)];
            cards.extend(Suit::ALL.map(|suit| Card::new(rank, suit)));
            for card in cards {
                let expected = match card.suit {
                    Some(suit) => format!("{}{}", rank.symbol(), suit.letter()),
                    None => rank.symbol().to_owned(),
                };
                assert_eq!(card.name(), expected);
                assert_eq!(parse_card(card.name()), Ok(card));
            }
        }
    }

    #[test]
    fn parses_every_notation_of_the_conventions() {
        let cases = [
            ("10H", Card::new(Rank::Ten, Suit::Hearts)),
            ("th", Card::new(Rank::Ten, Suit::Hearts)),
            ("AS", Card::new(Rank::Ace, Suit::Spades)),
            ("♠A", Card::new(Rank::Ace, Suit::Spades)),
            ("A♠", Card::new(Rank::Ace, Suit::Spades)),
            ("3", Card::rank_only(Rank::Three)),
            ("q", Card::rank_only(Rank::Queen)),
            ("2D", Card::new(Rank::Two, Suit::Diamonds)),
            ("bj", Card::rank_only(Rank::BlackJoker)),
            ("RJ", Card::rank_only(Rank::RedJoker)),
            ("小王", Card::rank_only(Rank::BlackJoker)),
            ("大王", Card::rank_only(Rank::RedJoker)),
        ];
        for (text, card) in cases {
            assert_eq!(parse_card(text), Ok(card), "{text}");
        }
    }

    #[test]
    fn rejects_what_is_not_a_card() {
        for text in ["", "1", "1X", "11", "S", "HH", "10X", "JK", "0", "SD3"] {
            assert!(parse_card(text).is_err(), "{text:?} should be rejected");
        }
    }

    #[test]
    fn display_is_canonical_and_round_trips() {
        for rank in Rank::ALL {
            for suit in Suit::ALL {
                let card = Card::new(rank, suit);
                assert_eq!(parse_card(&card.to_string()), Ok(card));
            }
            let card = Card::rank_only(rank);
            assert_eq!(parse_card(&card.to_string()), Ok(card));
        }
        assert_eq!(Card::new(Rank::Ten, Suit::Hearts).to_string(), "10H");
    }

    #[test]
    fn sort_order_is_rank_then_suit() {
        let mut cards = [
            Card::rank_only(Rank::RedJoker),
            Card::new(Rank::Two, Suit::Spades),
            Card::new(Rank::Three, Suit::Diamonds),
            Card::new(Rank::Three, Suit::Spades),
        ];
        cards.sort();
        let shown: Vec<String> = cards.iter().map(Card::to_string).collect();
        assert_eq!(shown, ["3S", "3D", "2S", "RJ"]);
    }
}
