//! Checked card lists: what a hand or a play may be in a game, whether a hand holds a play, and
//! which physical cards a listed play uses.
//!
//! A card list is either **suited** (every card names a physical card: `3S`, `10H`; jokers are
//! physical cards too) or **rank-only** (`3`, `10`, `BJ`); one list never mixes the two. Two
//! decks hold two of each physical card. When both a hand and a play are suited, the hand must
//! hold the play card by card (`3H` is not `3D`); otherwise by rank counts.

use std::fmt;

use super::table::Table;
use super::variant::Variant;
use super::wild_ranks::WildRanks;
use crate::cards::{
    Card, CardParseError, Quoted, RANK_LETTERS, Rank, RankCounts, SUIT_LETTERS, Suit,
};

/// A list of cards that could come out of a game's deck(s): the only way into the engine for a
/// hand or a play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardList {
    game: Variant,
    counts: RankCounts,
    /// The cards in the order given, when they are suited; empty for a rank-only list (whose
    /// counts say everything).
    physical: Vec<Card>,
    suited: bool,
}

/// Why a card list cannot be a hand or play of the game. Every error but [`TooMany`] is about
/// one entry and carries its index.
///
/// [`TooMany`]: CardListError::TooMany
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardListError {
    /// More cards than the deck(s) hold.
    TooMany {
        /// Cards given.
        count: usize,
        /// The game.
        game: Variant,
    },
    /// An entry is not a card.
    Unreadable {
        /// The entry's index.
        index: usize,
        /// Why.
        source: CardParseError,
    },
    /// An entry is suited where an earlier one is rank-only, or the other way round (jokers
    /// count as either).
    Mixed {
        /// The entry's index.
        index: usize,
        /// The entry as given.
        text: String,
        /// Whether the entry is suited.
        suited: bool,
        /// The index of the first non-joker entry, which set the list's kind.
        first: usize,
        /// That entry as given.
        first_text: String,
    },
    /// An entry is one copy more than the deck(s) hold: a second `3S` from one deck, a fifth
    /// rank-only `3`.
    TooManyCopies {
        /// The entry's index.
        index: usize,
        /// The entry as given.
        text: String,
        /// The card read.
        card: Card,
        /// The game.
        game: Variant,
    },
}

impl CardListError {
    /// [`CardListError::Mixed`], out of the reader's loop (which it would crowd).
    #[cold]
    #[inline(never)]
    fn mixed(index: usize, text: &str, suited: bool, first: usize, first_text: &str) -> Self {
        CardListError::Mixed {
            index,
            text: text.to_string(),
            suited,
            first,
            first_text: first_text.to_string(),
        }
    }

    /// [`CardListError::TooManyCopies`], out of the reader's loop.
    #[cold]
    #[inline(never)]
    fn too_many_copies(index: usize, text: &str, card: Card, game: Variant) -> Self {
        CardListError::TooManyCopies {
            index,
            text: text.to_string(),
            card,
            game,
        }
    }

    /// The index of the entry at fault; `None` when the list as a whole is.
    pub fn index(&self) -> Option<usize> {
        match self {
            CardListError::TooMany { .. } => None,
            CardListError::Unreadable { index, .. }
            | CardListError::Mixed { index, .. }
            | CardListError::TooManyCopies { index, .. } => Some(*index),
        }
    }

    /// The message, naming other entries of the list as `{list}{index}` (so a request's
    /// `hand` field reads `hand[0]`; pass `"hand["`-style prefixes through [`Self::in_field`]).
    fn display_in(&self, list: &str) -> String {
        match self {
            CardListError::Mixed {
                text,
                suited,
                first,
                first_text,
                ..
            } => {
                let kind = |suited: bool| if suited { "suited" } else { "rank-only" };
                let other = if list.ends_with('[') {
                    format!("{list}{first}]")
                } else {
                    format!("{list}{first}")
                };
                format!(
                    "{} is {} but {other} {} is {}: one list must not mix suited and rank-only cards",
                    Quoted(text),
                    kind(*suited),
                    Quoted(first_text),
                    kind(!*suited),
                )
            }
            CardListError::TooManyCopies {
                text, card, game, ..
            } => {
                let what = if card.suit.is_some() || card.rank.is_joker() {
                    format!("duplicate card {}", Quoted(text))
                } else {
                    format!("one {} too many", card.rank)
                };
                let verb = match game {
                    Variant::ThreePlayer => "has",
                    Variant::FourPlayer => "have",
                };
                format!(
                    "{what}: {} {verb} only {} of it",
                    game.deck_name(),
                    physical_copies(*card, *game)
                )
            }
            CardListError::TooMany { count, game } => format!(
                "{count} cards: more than the {} cards of {}",
                game.deck_size(),
                game.deck_name()
            ),
            CardListError::Unreadable { source, .. } => source.to_string(),
        }
    }

    /// The message for a list sent as the request field `field`: other entries are named
    /// `field[i]`.
    pub fn in_field(&self, field: &str) -> String {
        self.display_in(&format!("{field}["))
    }

    /// Under laizi `table`, what a copy too many of a wild rank also means: the rank is wild, so
    /// the wildcards are what the deck limits (` (9 is wild: a play holds at most 4 wildcards of
    /// it)`, to append to the message). `None` for other errors.
    pub fn wild_note(&self, table: &Table) -> Option<String> {
        match self {
            CardListError::TooManyCopies { card, .. } if table.wild().contains(card.rank) => {
                Some(format!(
                    " ({} is wild: a play holds at most {} wildcards of it)",
                    card.rank,
                    table.rules().game.copies(card.rank)
                ))
            }
            _ => None,
        }
    }
}

impl fmt::Display for CardListError {
    /// The message; other entries of the list are named `entry {i}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display_in("entry "))
    }
}

impl std::error::Error for CardListError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CardListError::Unreadable { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// What a hand lacks of a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Missing {
    /// Both lists are suited and the hand does not hold this exact card (the first such card of
    /// the play, in the play's order).
    #[error("the hand does not hold {0}")]
    Card(Card),
    /// The hand holds fewer copies of a rank than the play (the lowest such rank).
    #[error("the play has {needed} × {rank} but the hand holds {held}")]
    Copies {
        /// The rank.
        rank: Rank,
        /// Copies in the play.
        needed: u8,
        /// Copies in the hand.
        held: u8,
    },
}

/// Index of a physical card: 4 suits per rank 3..2 then the jokers (one deck's 54 cards, in
/// sort order); rank-only cards count per rank after those, for duplicate checks.
pub(crate) fn physical_index(card: Card) -> usize {
    match card.suit {
        _ if card.rank.is_joker() => 52 + card.rank.index() - Rank::BlackJoker.index(),
        Some(suit) => card.rank.index() * 4 + suit as usize,
        None => 54 + card.rank.index(),
    }
}

/// The card named by `bytes` in the canonical notation or its lower-case and `T` forms (`3S`,
/// `10H`, `th`, `7`, `10`, `BJ`), read from two byte tables in line: a request names up to
/// 33 cards (a hundred in Batch items), and the call to the general reader cost a third of
/// reading a card list. `None` for anything else, which [`parse_card`](crate::cards::parse_card)
/// then reads (or refuses); a test holds the two to the same cards.
#[inline(always)]
fn read_short(bytes: &[u8]) -> Option<Card> {
    let rank = |byte: u8| Rank::from_index(usize::from(RANK_LETTERS[usize::from(byte)]));
    let suit = |byte: u8| {
        Suit::ALL
            .get(usize::from(SUIT_LETTERS[usize::from(byte)]))
            .copied()
    };
    match *bytes {
        [r, s] => match (rank(r), suit(s)) {
            // A rank byte is never a joker's: the card is suited.
            (Some(rank), Some(suit)) => Some(Card {
                rank,
                suit: Some(suit),
            }),
            _ => match [r.to_ascii_uppercase(), s.to_ascii_uppercase()] {
                [b'1', b'0'] => Some(Card::rank_only(Rank::Ten)),
                [b'B', b'J'] => Some(Card::rank_only(Rank::BlackJoker)),
                [b'R', b'J'] => Some(Card::rank_only(Rank::RedJoker)),
                _ => None,
            },
        },
        [r] => rank(r).map(Card::rank_only),
        [b'1', b'0', s] => suit(s).map(|suit| Card {
            rank: Rank::Ten,
            suit: Some(suit),
        }),
        _ => None,
    }
}

/// Indices of one deck's physical cards under [`physical_index`].
pub(crate) const PHYSICAL_CARDS: usize = 54;

/// Slots of [`physical_index`].
const PHYSICAL_SLOTS: usize = 54 + Rank::COUNT;

/// How many of this exact card the game's deck(s) hold.
fn physical_copies(card: Card, game: Variant) -> u8 {
    if card.suit.is_some() || card.rank.is_joker() {
        game.decks()
    } else {
        game.copies(card.rank)
    }
}

impl CardList {
    /// Reads a card list in the conventions' notation (`"10H"`, `"3"`, `"BJ"`...) and checks it
    /// against `game`'s deck(s), reporting every bad entry (or, for a list longer than the deck,
    /// only that).
    ///
    /// # Examples
    ///
    /// ```
    /// use cardrules::doudizhu::{CardList, CardListError, Variant};
    ///
    /// let hand = CardList::parse(&["3S", "3H", "BJ"], Variant::ThreePlayer).unwrap();
    /// assert_eq!(hand.counts().to_string(), "3 3 BJ");
    ///
    /// let errors = CardList::parse(&["3S", "3S"], Variant::ThreePlayer).unwrap_err();
    /// assert_eq!(errors[0].index(), Some(1));
    /// assert_eq!(errors[0].to_string(), "duplicate card \"3S\": the 54-card deck has only 1 of it");
    /// // Two decks hold two of each card.
    /// assert!(CardList::parse(&["3S", "3S"], Variant::FourPlayer).is_ok());
    /// ```
    pub fn parse<S: AsRef<str>>(
        texts: &[S],
        game: Variant,
    ) -> Result<CardList, Vec<CardListError>> {
        CardList::parse_each(texts.iter().map(AsRef::as_ref), game)
    }

    /// [`CardList::parse`] of the texts an iterator yields, for lists not held as a slice.
    ///
    /// # Examples
    ///
    /// ```
    /// use cardrules::doudizhu::{CardList, Variant};
    ///
    /// let texts: Vec<String> = vec!["3S".into(), "3H".into(), "BJ".into()];
    /// let hand = CardList::parse_each(texts.iter().map(String::as_str), Variant::ThreePlayer);
    /// assert_eq!(hand.unwrap().counts().to_string(), "3 3 BJ");
    /// ```
    pub fn parse_each<'a>(
        texts: impl IntoIterator<Item = &'a str, IntoIter: ExactSizeIterator>,
        game: Variant,
    ) -> Result<CardList, Vec<CardListError>> {
        let texts = texts.into_iter();
        if texts.len() > game.deck_size() {
            return Err(vec![CardListError::TooMany {
                count: texts.len(),
                game,
            }]);
        }
        let mut errors = Vec::new();
        let mut physical = Vec::with_capacity(texts.len());
        let mut counts = RankCounts::EMPTY;
        let mut seen = [0u8; PHYSICAL_SLOTS];
        // The first card that is not a joker (its index and text), and whether it is suited:
        // the list's kind (a list of jokers only is suited).
        let mut first: Option<(usize, &str)> = None;
        let mut suited_list = true;
        for (index, text) in texts.enumerate() {
            let card = match read_short(text.as_bytes()) {
                Some(card) => card,
                None => match text.parse::<Card>() {
                    Ok(card) => card,
                    Err(source) => {
                        errors.push(CardListError::Unreadable { index, source });
                        continue;
                    }
                },
            };
            if !card.rank.is_joker() {
                let suited = card.suit.is_some();
                match first {
                    None => {
                        first = Some((index, text));
                        suited_list = suited;
                    }
                    Some((first, first_text)) if suited != suited_list => {
                        errors.push(CardListError::mixed(index, text, suited, first, first_text));
                        continue;
                    }
                    Some(_) => {}
                }
            }
            let slot = &mut seen[physical_index(card)];
            *slot += 1;
            if *slot > physical_copies(card, game) {
                errors.push(CardListError::too_many_copies(index, text, card, game));
                continue;
            }
            physical.push(card);
            counts.0[card.rank.index()] += 1;
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        // Rank-only copies beyond the deck's are caught above; suited cards per rank cannot
        // exceed the deck once every physical card is within its copies.
        if !suited_list {
            physical = Vec::new();
        }
        Ok(CardList {
            game,
            counts,
            physical,
            suited: suited_list,
        })
    }

    /// A rank-only list with these counts, if the deck(s) hold them. Allocates nothing.
    pub fn from_counts(
        counts: RankCounts,
        game: Variant,
    ) -> Result<CardList, super::TooManyCopies> {
        game.check_counts(&counts)?;
        // A list of jokers alone names physical cards, as a parsed one does.
        let suited = counts.0[..Rank::BlackJoker.index()].iter().all(|&c| c == 0);
        let physical = if suited {
            counts.ranks().map(Card::rank_only).collect()
        } else {
            Vec::new()
        };
        Ok(CardList {
            game,
            counts,
            physical,
            suited,
        })
    }

    /// Every card of the game's deck(s), rank-only.
    pub fn full_deck(game: Variant) -> CardList {
        CardList {
            game,
            counts: game.full_deck(),
            physical: Vec::new(),
            suited: false,
        }
    }

    /// The game whose deck(s) the list was checked against.
    pub fn game(&self) -> Variant {
        self.game
    }

    /// The cards' ranks, counted.
    pub fn counts(&self) -> &RankCounts {
        &self.counts
    }

    /// True for no cards (a pass, as a play).
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The list's wildcards under `wild` (its cards of wild ranks), sorted: physical cards when
    /// the list is suited, ranks otherwise.
    pub fn wildcards(&self, wild: &WildRanks) -> Vec<Card> {
        let mut cards: Vec<Card> = if self.suited {
            self.physical
                .iter()
                .filter(|card| wild.contains(card.rank))
                .copied()
                .collect()
        } else {
            let (_, wildcards) = wild.split(&self.counts);
            wildcards.ranks().map(Card::rank_only).collect()
        };
        cards.sort_unstable();
        cards
    }

    /// The physical cards in the order given when the list is suited; empty for a rank-only
    /// list (whose [`CardList::counts`] say everything).
    pub fn cards(&self) -> &[Card] {
        &self.physical
    }

    /// True when the cards name physical cards (suits given, or jokers only).
    pub fn is_suited(&self) -> bool {
        self.suited
    }

    /// Panics unless `game`'s deck(s) hold the list: a programming error (a two-deck list given
    /// to a one-deck table), never a request's.
    #[inline]
    pub(crate) fn assert_within(&self, game: Variant) {
        // Checked against the same game at parse time: one compare in the common case.
        assert!(
            self.game == game || game.holds(&self.counts),
            "{} is not within {}: check card lists against the table's game",
            self.counts,
            game.deck_name()
        );
    }

    /// What this hand lacks of `play`; `None` when it holds the play. The exact cards count when
    /// both lists are suited, rank counts otherwise.
    pub fn missing(&self, play: &CardList) -> Option<Missing> {
        if self.suited && play.suited {
            let mut have = [0u8; PHYSICAL_SLOTS];
            for &card in &self.physical {
                have[physical_index(card)] += 1;
            }
            for &card in &play.physical {
                let slot = &mut have[physical_index(card)];
                if *slot == 0 {
                    return Some(Missing::Card(card));
                }
                *slot -= 1;
            }
            return None;
        }
        Rank::ALL.into_iter().find_map(|rank| {
            let (needed, held) = (play.counts.get(rank), self.counts.get(rank));
            (needed > held).then_some(Missing::Copies { rank, needed, held })
        })
    }

    /// Names the cards of plays taken from this hand: for a suited hand, for each rank, the
    /// hand's first cards of that rank in sort order; rank-only cards otherwise.
    pub fn namer(&self) -> CardNamer<'_> {
        let mut sorted = self.physical.clone();
        sorted.sort_unstable();
        let mut first_of_rank = [0usize; Rank::COUNT];
        for (i, card) in sorted.iter().enumerate().rev() {
            first_of_rank[card.rank.index()] = i;
        }
        CardNamer {
            list: self,
            sorted,
            first_of_rank,
        }
    }
}

/// Names the physical cards of plays from one hand (see [`CardList::namer`]).
#[derive(Clone, Debug)]
pub struct CardNamer<'a> {
    list: &'a CardList,
    sorted: Vec<Card>,
    first_of_rank: [usize; Rank::COUNT],
}

impl CardNamer<'_> {
    /// The cards of `play`, weakest first.
    ///
    /// # Panics
    ///
    /// When the hand does not hold `play` by rank counts.
    pub fn name<'p>(&'p self, play: &'p RankCounts) -> impl Iterator<Item = Card> + 'p {
        assert!(
            play.is_subset_of(&self.list.counts),
            "{play} is not part of the hand {}",
            self.list.counts
        );
        play.ranks().scan((None, 0usize), move |(last, nth), rank| {
            *nth = if *last == Some(rank) { *nth + 1 } else { 0 };
            *last = Some(rank);
            Some(if self.list.suited {
                self.sorted[self.first_of_rank[rank.index()] + *nth]
            } else {
                Card::rank_only(rank)
            })
        })
    }
}

impl fmt::Display for CardList {
    /// The cards as given when suited, else the ranks weakest first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.suited {
            return self.counts.fmt(f);
        }
        for (i, card) in self.physical.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            card.fmt(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(text: &str, game: Variant) -> Result<CardList, Vec<CardListError>> {
        CardList::parse(&text.split_whitespace().collect::<Vec<_>>(), game)
    }

    /// The in-line reader reads what the general one reads, and every card's canonical name,
    /// lower-case and `T` forms included.
    #[test]
    fn short_names_read_as_the_general_reader_reads_them() {
        use crate::cards::parse_card;
        let texts = crate::cards::tests::short_texts();
        let mut read = 0;
        for bytes in &texts {
            let Some(card) = read_short(bytes) else {
                continue;
            };
            read += 1;
            let text = std::str::from_utf8(bytes).unwrap();
            assert_eq!(parse_card(text), Ok(card), "{text:?}");
        }
        let mut names = Vec::new();
        for rank in Rank::ALL {
            if rank.is_joker() {
                names.push(rank.symbol().to_string());
                continue;
            }
            let symbols = [rank.symbol().to_string(), rank.symbol().to_lowercase()];
            let tens = ["T".to_string(), "t".to_string()];
            let spellings = if rank == Rank::Ten {
                [symbols.as_slice(), tens.as_slice()].concat()
            } else {
                symbols.to_vec()
            };
            for symbol in spellings {
                names.push(symbol.clone());
                for suit in ["S", "H", "C", "D", "s", "h", "c", "d"] {
                    names.push(format!("{symbol}{suit}"));
                }
            }
        }
        names.extend(["bj", "rj", "Bj", "rJ"].map(String::from));
        for name in &names {
            assert_eq!(
                read_short(name.as_bytes()).map(Ok),
                Some(parse_card(name)),
                "{name}"
            );
        }
        assert!(read > names.len() / 2, "{read}");
    }

    #[test]
    fn bad_cards_name_their_index() {
        let errors = list("3S 1X 3S", Variant::ThreePlayer).unwrap_err();
        let indices: Vec<_> = errors.iter().map(CardListError::index).collect();
        assert_eq!(indices, [Some(1), Some(2)]);
        assert!(errors[1].to_string().contains("duplicate card \"3S\""));

        let errors = list("3S 4", Variant::ThreePlayer).unwrap_err();
        assert_eq!(errors[0].index(), Some(1));
        assert_eq!(
            errors[0].in_field("play"),
            "\"4\" is rank-only but play[0] \"3S\" is suited: one list must not mix suited and rank-only cards"
        );

        // Two decks hold two of each physical card, eight of each rank.
        assert!(list("3S 3S BJ BJ", Variant::FourPlayer).is_ok());
        let errors = list("3 3 3 3 3", Variant::ThreePlayer).unwrap_err();
        assert_eq!(errors[0].index(), Some(4));
        assert_eq!(
            errors[0].to_string(),
            "one 3 too many: the 54-card deck has only 4 of it"
        );
        let long = vec!["3"; 55];
        let errors = CardList::parse(&long, Variant::ThreePlayer).unwrap_err();
        assert_eq!(
            errors,
            [CardListError::TooMany {
                count: 55,
                game: Variant::ThreePlayer
            }]
        );
        assert_eq!(
            errors[0].to_string(),
            "55 cards: more than the 54 cards of the 54-card deck"
        );
    }

    #[test]
    fn suited_plays_must_be_the_hands_cards() {
        let hand = list("3S 3H 4S", Variant::ThreePlayer).unwrap();
        let same = list("3H", Variant::ThreePlayer).unwrap();
        let other = list("3D", Variant::ThreePlayer).unwrap();
        let ranks = list("3 3", Variant::ThreePlayer).unwrap();
        let too_many = list("4 4", Variant::ThreePlayer).unwrap();
        assert_eq!(hand.missing(&same), None);
        assert_eq!(
            hand.missing(&other).map(|m| m.to_string()).as_deref(),
            Some("the hand does not hold 3D")
        );
        assert_eq!(hand.missing(&ranks), None);
        assert_eq!(
            hand.missing(&too_many).map(|m| m.to_string()).as_deref(),
            Some("the play has 2 × 4 but the hand holds 1")
        );
    }

    #[test]
    fn listed_plays_name_the_hands_first_cards() {
        let hand = list("4D 3C 3S 4S BJ", Variant::ThreePlayer).unwrap();
        let namer = hand.namer();
        let play = RankCounts::from_ranks([Rank::Three, Rank::Four, Rank::BlackJoker]);
        let named: Vec<String> = namer.name(&play).map(|c| c.to_string()).collect();
        assert_eq!(named, ["3S", "4S", "BJ"]);
        let ranks = list("3 3 4", Variant::ThreePlayer).unwrap();
        let named: Vec<String> = ranks
            .namer()
            .name(&RankCounts::from_ranks([Rank::Three, Rank::Three]))
            .map(|c| c.to_string())
            .collect();
        assert_eq!(named, ["3", "3"]);
    }

    #[test]
    #[should_panic(expected = "not within the 54-card deck")]
    fn a_two_deck_list_never_reaches_a_one_deck_table() {
        let eight = list("3 3 3 3 3 3 3 3", Variant::FourPlayer).unwrap();
        let _ = crate::doudizhu::list_plays(
            &crate::doudizhu::Table::STANDARD,
            &eight,
            None,
            None,
            None,
        );
    }

    #[test]
    fn counts_lists_check_the_deck() {
        let mut counts = Variant::ThreePlayer.full_deck();
        assert!(CardList::from_counts(counts, Variant::ThreePlayer).is_ok());
        counts.0[0] = 5;
        assert!(CardList::from_counts(counts, Variant::ThreePlayer).is_err());
        assert!(CardList::from_counts(counts, Variant::FourPlayer).is_ok());
    }
}
