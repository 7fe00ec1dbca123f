//! Combos (readings of a play) and the orders they are listed in.

use std::cmp::Reverse;
use std::fmt;

use super::bombs::BombKind;
use crate::cards::{Rank, RankCounts};

/// A play and the reading it is made as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    /// The cards.
    pub cards: RankCounts,
    /// Its chosen reading.
    pub combo: Combo,
}

/// The type of a combo. The discriminant is the listing order: ListPlays lists by kind in this
/// order, and a play's readings come in this order too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum ComboKind {
    /// One card.
    Single = 0,
    /// Two cards of a rank.
    Pair,
    /// Three cards of a rank.
    Trio,
    /// A trio and one single kicker (`333+4`).
    TrioWithSingle,
    /// A trio and one pair kicker (`333+44`).
    TrioWithPair,
    /// Consecutive singles, `3` to `A` (`34567`).
    Straight,
    /// Consecutive pairs, `3` to `A` (`334455`).
    PairStraight,
    /// Two or more consecutive trios without wings (`333444`).
    Airplane,
    /// Consecutive trios with as many single kickers as trios (`333444+59`).
    AirplaneWithSingles,
    /// Consecutive trios with as many pair kickers as trios (`333444+5599`).
    AirplaneWithPairs,
    /// Four of a kind and two single kickers (`3333+45`).
    FourWithTwoSingles,
    /// Four of a kind and two pair kickers (`3333+4455`).
    FourWithTwoPairs,
    /// Four (with two decks: up to eight) cards of a rank; beats every non-bomb.
    Bomb,
    /// The jokers together (two, or four with two decks); beats everything.
    Rocket,
}

impl ComboKind {
    /// Every kind in listing order.
    pub const ALL: [ComboKind; 14] = [
        ComboKind::Single,
        ComboKind::Pair,
        ComboKind::Trio,
        ComboKind::TrioWithSingle,
        ComboKind::TrioWithPair,
        ComboKind::Straight,
        ComboKind::PairStraight,
        ComboKind::Airplane,
        ComboKind::AirplaneWithSingles,
        ComboKind::AirplaneWithPairs,
        ComboKind::FourWithTwoSingles,
        ComboKind::FourWithTwoPairs,
        ComboKind::Bomb,
        ComboKind::Rocket,
    ];

    /// Copies of each main rank for the kinds where this is fixed (1 single, 2 pair, 3 trio, 4
    /// four-with-two); `None` for bombs (4 to 8) and the rocket (1 or 2 of each joker).
    pub fn main_copies(self) -> Option<u8> {
        use ComboKind::*;
        match self {
            Single | Straight => Some(1),
            Pair | PairStraight => Some(2),
            Trio | TrioWithSingle | TrioWithPair | Airplane | AirplaneWithSingles
            | AirplaneWithPairs => Some(3),
            FourWithTwoSingles | FourWithTwoPairs => Some(4),
            Bomb | Rocket => None,
        }
    }

    /// Cards in each kicker: 0 (none), 1 (singles) or 2 (pairs).
    pub fn kicker_unit(self) -> u8 {
        use ComboKind::*;
        match self {
            TrioWithSingle | AirplaneWithSingles | FourWithTwoSingles => 1,
            TrioWithPair | AirplaneWithPairs | FourWithTwoPairs => 2,
            _ => 0,
        }
    }

    /// The kind in words: `"trio with a single"`, `"airplane with pair wings"`.
    pub fn name(self) -> &'static str {
        use ComboKind::*;
        match self {
            Single => "single",
            Pair => "pair",
            Trio => "trio",
            TrioWithSingle => "trio with a single",
            TrioWithPair => "trio with a pair",
            Straight => "straight",
            PairStraight => "pair straight",
            Airplane => "airplane",
            AirplaneWithSingles => "airplane with single wings",
            AirplaneWithPairs => "airplane with pair wings",
            FourWithTwoSingles => "four with two singles",
            FourWithTwoPairs => "four with two pairs",
            Bomb => "bomb",
            Rocket => "rocket",
        }
    }

    /// True for bombs and the rocket, which beat combos of other kinds.
    pub fn is_bomb_or_rocket(self) -> bool {
        matches!(self, ComboKind::Bomb | ComboKind::Rocket)
    }
}

/// One reading of a play: its kind, strength and kickers.
///
/// The main cards are `size` copies of each of the `length` consecutive ranks starting at
/// `rank` (for the rocket: `size` copies of each joker); `kickers` are the other cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Combo {
    /// The type.
    pub kind: ComboKind,
    /// The main rank: the rank of the single/pair/trio/four/bomb, the lowest rank of a chain;
    /// the black joker for the rocket.
    pub rank: Rank,
    /// Ranks in the chain: 1 for kinds that are not chains.
    pub length: u8,
    /// Copies of each main rank: 1 single/straight, 2 pair, 3 trio/airplane, 4 four-with-two,
    /// 4..=8 bomb, 1 or 2 (of each joker) rocket.
    pub size: u8,
    /// The kicker cards (empty for kinds without kickers).
    pub kickers: RankCounts,
    /// Laizi: the ranks the play's wildcards stand for (a wildcard may stand for its own rank);
    /// empty for a play without wildcards. Main cards and kickers above already count them as
    /// these ranks.
    pub wild_as: RankCounts,
    /// Laizi: hard, soft or pure, for a bomb read under rules with wild ranks; `None` for other
    /// kinds and for bombs read without wild ranks (which are hard).
    pub bomb_kind: Option<BombKind>,
}

impl Combo {
    /// A combo without kickers.
    pub fn bare(kind: ComboKind, rank: Rank, length: u8, size: u8) -> Combo {
        Combo {
            kind,
            rank,
            length,
            size,
            kickers: RankCounts::EMPTY,
            wild_as: RankCounts::EMPTY,
            bomb_kind: None,
        }
    }

    /// The bomb kind that ranks it: a bomb without a recorded kind is hard.
    pub fn hardness(&self) -> BombKind {
        self.bomb_kind.unwrap_or(BombKind::Hard)
    }

    /// The main cards (everything but the kickers).
    pub fn main_cards(&self) -> RankCounts {
        let mut counts = RankCounts::EMPTY;
        if self.kind == ComboKind::Rocket {
            counts.0[Rank::BlackJoker.index()] = self.size;
            counts.0[Rank::RedJoker.index()] = self.size;
        } else {
            let lo = self.rank.index();
            for count in &mut counts.0[lo..lo + self.length as usize] {
                *count = self.size;
            }
        }
        counts
    }

    /// Every card of the combo.
    pub fn cards(&self) -> RankCounts {
        let mut counts = self.main_cards();
        for (count, kicker) in counts.0.iter_mut().zip(self.kickers.0) {
            *count += kicker;
        }
        counts
    }

    /// The highest main rank (the top of a chain).
    pub fn top_rank(&self) -> Rank {
        if self.kind == ComboKind::Rocket {
            return Rank::RedJoker;
        }
        Rank::ALL[self.rank.index() + self.length as usize - 1]
    }

    /// The listing order of ListPlays: kind, then chain length, then size (bombs: fewer cards
    /// first), then main rank (weakest first), then kickers (as the ascending list of kicker ranks,
    /// lexicographically: `3 3` < `3 4` < `4 4`).
    pub fn list_key(&self) -> impl Ord + use<> {
        (
            self.kind,
            self.length,
            self.size,
            self.rank,
            kicker_key(&self.kickers),
        )
    }

    /// The order of one play's readings: kind, then chain length, then size, then main rank
    /// **strongest first**, then kickers. A play's first reading is its default reading.
    pub fn reading_key(&self) -> impl Ord + use<> {
        (
            self.kind,
            self.length,
            self.size,
            Reverse(self.rank),
            kicker_key(&self.kickers),
        )
    }

    /// True when both are the same reading of the same cards apart from kickers: same kind,
    /// length, size and main rank (the kickers then follow from the cards).
    pub fn same_main(&self, other: &Combo) -> bool {
        self.kind == other.kind
            && self.length == other.length
            && self.size == other.size
            && self.rank == other.rank
    }
}

impl fmt::Display for Combo {
    /// The reading for people: `straight 3-7`, `trio 8 + 4`, `bomb 9 (5 cards)`, `rocket`; under
    /// laizi rules with what the wildcards stand for and the bomb kind:
    /// `trio with a single 4 + 9 (wildcards as 4 9)`, `soft bomb 4 (wildcards as 4)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.bomb_kind {
            Some(BombKind::Soft) => f.write_str("soft ")?,
            Some(BombKind::Hard) => f.write_str("hard ")?,
            Some(BombKind::Pure) => f.write_str("pure laizi ")?,
            None => {}
        }
        f.write_str(self.kind.name())?;
        if self.kind == ComboKind::Rocket {
            return Ok(());
        }
        // Pieces written one by one: `write!` with arguments costs several times as much, and
        // every ValidatePlay answer's message holds one or two readings.
        f.write_str(" ")?;
        f.write_str(self.rank.symbol())?;
        if self.length > 1 {
            f.write_str("-")?;
            f.write_str(self.top_rank().symbol())?;
        }
        if !self.kickers.is_empty() {
            f.write_str(" + ")?;
            self.kickers.fmt(f)?;
        }
        if self.kind == ComboKind::Bomb && self.size != 4 {
            write!(f, " ({} cards)", self.size)?;
        }
        if !self.wild_as.is_empty() {
            write!(f, " (wildcards as {})", self.wild_as)?;
        }
        Ok(())
    }
}

/// Kickers compared as ascending rank lists of equal length: more copies of a lower rank come
/// first, so the key is the count vector with every count inverted.
fn kicker_key(kickers: &RankCounts) -> [u8; Rank::COUNT] {
    kickers.0.map(|c| u8::MAX - c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_are_main_plus_kickers() {
        let mut kickers = RankCounts::EMPTY;
        kickers.0[Rank::Two.index()] = 1;
        kickers.0[Rank::RedJoker.index()] = 1;
        let combo = Combo {
            kind: ComboKind::AirplaneWithSingles,
            rank: Rank::Five,
            length: 2,
            size: 3,
            kickers,
            wild_as: RankCounts::EMPTY,
            bomb_kind: None,
        };
        assert_eq!(combo.cards().to_string(), "5 5 5 6 6 6 2 RJ");
        assert_eq!(combo.top_rank(), Rank::Six);
        assert_eq!(combo.to_string(), "airplane with single wings 5-6 + 2 RJ");
        let rocket = Combo::bare(ComboKind::Rocket, Rank::BlackJoker, 1, 2);
        assert_eq!(rocket.cards().to_string(), "BJ BJ RJ RJ");
        assert_eq!(rocket.to_string(), "rocket");
        let bomb = Combo::bare(ComboKind::Bomb, Rank::Nine, 1, 5);
        assert_eq!(bomb.to_string(), "bomb 9 (5 cards)");
    }

    #[test]
    fn kickers_order_like_sorted_rank_lists() {
        let with = |ranks: &[Rank]| Combo {
            kickers: RankCounts::from_ranks(ranks.iter().copied()),
            ..Combo::bare(ComboKind::FourWithTwoSingles, Rank::Ten, 1, 4)
        };
        let a = with(&[Rank::Three, Rank::Three]);
        let b = with(&[Rank::Three, Rank::Four]);
        let c = with(&[Rank::Four, Rank::Four]);
        assert!(a.list_key() < b.list_key());
        assert!(b.list_key() < c.list_key());
    }
}
