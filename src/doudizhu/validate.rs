//! ValidatePlay: may this play be made now, and how is it read?

use super::classify::classify_within_deck;
use super::combo::{Combo, ComboKind};
use super::compare::beats;
use super::hand::{CardList, Missing};
use super::laizi::fits_in_reading_order;
use super::reading::{ReadingSelector, Readings, choose_reading};
use super::table::Table;

/// Why a play may not be made. Checked in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// Passing (an empty play) while leading: the leader must play.
    MustLead,
    /// The hand does not hold the play's cards (counting copies).
    NotInHand,
    /// The cards are no combo under the rules (or more than the largest play).
    NotACombo,
    /// The cards are a combo, but not the reading the player asked for.
    NoSuchReading,
    /// No reading has the previous play's kind, and none is a bomb or rocket that beats it.
    WrongType,
    /// A reading has the previous play's kind, but not its chain length.
    WrongLength,
    /// A reading has the previous play's kind and length (or is a bomb under a bomb or the
    /// rocket) but is not stronger.
    TooLow,
}

/// The answer of ValidatePlay.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Why the play may not be made now; `None` when it may.
    pub reason: Option<IllegalReason>,
    /// The reading the play is made as: the first reading (matching the intended reading, if
    /// any) that beats the previous play, or when leading the first one. When illegal, the first
    /// matching reading, if any, to show how the cards were read. `None` for a pass.
    pub chosen: Option<Combo>,
    /// Every reading of the play under the rules, in reading order (empty under laizi rules: see
    /// `fits`). [`Verdict::all_readings`] gives whichever applies.
    pub readings: Readings,
    /// Under laizi rules (a table with wild ranks): every fit of the play, in reading order
    /// ([`Combo::reading_key`], then the ranks the wildcards stand for, as ascending rank lists);
    /// a plain play's fits are its readings. Empty without wild ranks.
    pub fits: Vec<Combo>,
    /// What the hand lacks, when the reason is [`IllegalReason::NotInHand`].
    pub missing: Option<Missing>,
}

impl Verdict {
    /// Whether the play may be made now.
    pub fn is_legal(&self) -> bool {
        self.reason.is_none()
    }

    /// Every reading of the play: its fits under laizi rules, its plain readings otherwise.
    pub fn all_readings(&self) -> &[Combo] {
        if self.fits.is_empty() {
            &self.readings
        } else {
            &self.fits
        }
    }

    fn legal(chosen: Option<Combo>, readings: Reads) -> Verdict {
        Verdict {
            reason: None,
            chosen,
            readings: readings.0,
            fits: readings.1,
            missing: None,
        }
    }

    fn illegal(reason: IllegalReason, chosen: Option<Combo>, readings: Reads) -> Verdict {
        Verdict {
            reason: Some(reason),
            chosen,
            readings: readings.0,
            fits: readings.1,
            missing: None,
        }
    }
}

/// A play's plain readings and its laizi fits (one of them empty).
type Reads = (Readings, Vec<Combo>);

/// A play to judge: the cards, what they answer, and optionally the hand and the reading meant.
#[derive(Clone, Copy, Debug)]
pub struct Situation<'a> {
    /// The player's hand, when known: the play must come out of it.
    pub hand: Option<&'a CardList>,
    /// The cards played; empty for a pass.
    pub play: &'a CardList,
    /// The reading of the play to beat (see [`choose_reading`] for choosing it); `None` when
    /// leading.
    pub previous: Option<&'a Combo>,
    /// The reading the player means, if they said.
    pub intended: Option<&'a ReadingSelector>,
}

impl<'a> Situation<'a> {
    /// Leading `play`, hand unknown, no reading meant.
    pub fn lead(play: &'a CardList) -> Situation<'a> {
        Situation {
            hand: None,
            play,
            previous: None,
            intended: None,
        }
    }
}

/// Decides whether a play may be made.
///
/// - An empty play is a pass: legal unless leading (`previous` is `None`).
/// - With a hand, the play must come out of it ([`CardList::missing`]: card by card when both
///   are suited, else counting copies).
/// - The play is legal when any of its readings (restricted to `intended` if given) beats the
///   previous play.
///
/// # Panics
///
/// When a card list was checked against two decks and holds more than the table's one deck.
///
/// # Examples
///
/// ```
/// use cardrules::doudizhu::{CardList, Variant, IllegalReason, Situation, Table, classify, validate_play};
///
/// let cards = |texts: &[&str]| CardList::parse(texts, Variant::ThreePlayer).unwrap();
/// let table = Table::STANDARD;
/// let previous = classify(&table, cards(&["8", "8"]).counts())[0];
/// let hand = cards(&["9S", "9H", "QD", "QC"]);
/// let play = cards(&["9S", "9H"]);
/// let verdict = validate_play(&table, &Situation {
///     hand: Some(&hand),
///     previous: Some(&previous),
///     ..Situation::lead(&play)
/// });
/// assert!(verdict.is_legal());
/// assert_eq!(verdict.chosen.unwrap().to_string(), "pair 9");
///
/// // A pair of 9s held as 9S 9H is not 9D 9H.
/// let other = cards(&["9D", "9H"]);
/// let verdict = validate_play(&table, &Situation { hand: Some(&hand), ..Situation::lead(&other) });
/// assert_eq!(verdict.reason, Some(IllegalReason::NotInHand));
/// assert_eq!(verdict.missing.unwrap().to_string(), "the hand does not hold 9D");
/// ```
pub fn validate_play(table: &Table, situation: &Situation<'_>) -> Verdict {
    let Situation {
        hand,
        play,
        previous,
        intended,
    } = *situation;
    let rules = table.rules();
    play.assert_within(rules.game);
    let none = || (Readings::new(), Vec::new());
    if play.is_empty() {
        return match previous {
            Some(_) => Verdict::legal(None, none()),
            None => Verdict::illegal(IllegalReason::MustLead, None, none()),
        };
    }
    let reads: Reads = if table.wild().is_empty() {
        (classify_within_deck(play.counts(), rules), Vec::new())
    } else {
        (Readings::new(), fits_in_reading_order(table, play.counts()))
    };
    let readings: &[Combo] = if reads.1.is_empty() {
        &reads.0
    } else {
        &reads.1
    };
    if let Some(missing) = hand.and_then(|hand| hand.missing(play)) {
        let first = choose_reading(readings, intended);
        return Verdict {
            missing: Some(missing),
            ..Verdict::illegal(IllegalReason::NotInHand, first, reads)
        };
    }
    let first = choose_reading(readings, intended);
    if readings.is_empty() {
        return Verdict::illegal(IllegalReason::NotACombo, None, reads);
    }
    let Some(first) = first else {
        return Verdict::illegal(IllegalReason::NoSuchReading, None, reads);
    };
    let Some(previous) = previous else {
        return Verdict::legal(Some(first), reads);
    };
    let candidates = || {
        readings
            .iter()
            .filter(|r| intended.is_none_or(|s| s.matches(r)))
    };
    if let Some(winner) = candidates().find(|r| beats(table, r, previous)) {
        let winner = *winner;
        return Verdict::legal(Some(winner), reads);
    }
    let same_kind = |r: &&Combo| r.kind == previous.kind;
    let reason = if candidates().any(|r| same_kind(&r) && r.length == previous.length)
        || (previous.kind == ComboKind::Rocket && candidates().any(|r| r.kind == ComboKind::Bomb))
    {
        IllegalReason::TooLow
    } else if candidates().any(|r| same_kind(&r)) {
        IllegalReason::WrongLength
    } else {
        IllegalReason::WrongType
    };
    Verdict::illegal(reason, Some(first), reads)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rank;
    use crate::doudizhu::{Variant, classify};

    fn cards(text: &str) -> CardList {
        let texts: Vec<&str> = text.split_whitespace().collect();
        CardList::parse(&texts, Variant::ThreePlayer).unwrap()
    }

    fn reading(text: &str) -> Combo {
        classify(&Table::STANDARD, cards(text).counts())[0]
    }

    fn reason(play: &str, previous: Option<&str>) -> Option<IllegalReason> {
        let previous = previous.map(reading);
        let play = cards(play);
        let situation = Situation {
            previous: previous.as_ref(),
            ..Situation::lead(&play)
        };
        validate_play(&Table::STANDARD, &situation).reason
    }

    #[test]
    fn reasons() {
        assert_eq!(reason("", None), Some(IllegalReason::MustLead));
        assert_eq!(reason("", Some("3")), None);
        assert_eq!(reason("3 4", None), Some(IllegalReason::NotACombo));
        assert_eq!(reason("4", Some("3")), None);
        assert_eq!(reason("3", Some("3")), Some(IllegalReason::TooLow));
        assert_eq!(reason("4 4", Some("3")), Some(IllegalReason::WrongType));
        assert_eq!(
            reason("4 5 6 7 8 9", Some("3 4 5 6 7")),
            Some(IllegalReason::WrongLength)
        );
        assert_eq!(reason("3 3 3 3", Some("2")), None);
        assert_eq!(
            reason("3 3 3 3", Some("4 4 4 4")),
            Some(IllegalReason::TooLow)
        );
        assert_eq!(
            reason("2 2 2 2", Some("BJ RJ")),
            Some(IllegalReason::TooLow)
        );
        assert_eq!(reason("2", Some("BJ RJ")), Some(IllegalReason::WrongType));
        assert_eq!(reason("BJ RJ", Some("2 2 2 2")), None);
    }

    #[test]
    fn hand_and_intended_reading() {
        let hand = cards("3 3 3 4 4 4 5 5 5 6 6 6 7");
        let play = cards("3 3 3 4 4 4 5 5 5 6 6 6");
        let table = Table::PERMISSIVE;
        let from_hand = Situation {
            hand: Some(&hand),
            ..Situation::lead(&play)
        };
        let v = validate_play(&table, &from_hand);
        assert!(v.is_legal());
        assert_eq!(v.chosen.unwrap().kind, ComboKind::Airplane);
        assert_eq!(v.readings.len(), 3);
        let wings = ReadingSelector::kind(ComboKind::AirplaneWithSingles);
        let v = validate_play(
            &table,
            &Situation {
                intended: Some(&wings),
                ..from_hand
            },
        );
        assert_eq!(v.chosen.unwrap().rank, Rank::Four);
        // Over 333444555+777, only the 444555666+333 reading beats.
        let previous = classify(&table, cards("3 3 3 4 4 4 5 5 5 7 7 7").counts())[0];
        let v = validate_play(
            &table,
            &Situation {
                previous: Some(&previous),
                ..from_hand
            },
        );
        assert!(v.is_legal());
        assert_eq!(v.chosen.unwrap().rank, Rank::Four);
        let small = cards("3 3 3");
        let v = validate_play(
            &table,
            &Situation {
                hand: Some(&small),
                ..from_hand
            },
        );
        assert_eq!(v.reason, Some(IllegalReason::NotInHand));
        assert_eq!(
            v.missing.unwrap().to_string(),
            "the play has 3 × 4 but the hand holds 0"
        );
        let bomb = ReadingSelector::kind(ComboKind::Bomb);
        let v = validate_play(
            &table,
            &Situation {
                intended: Some(&bomb),
                ..Situation::lead(&play)
            },
        );
        assert_eq!(v.reason, Some(IllegalReason::NoSuchReading));
    }
}
