//! ValidatePlay: may this play be made now, and how is it read?

use super::classify::{Readings, classify};
use super::combo::{Combo, ComboKind};
use super::compare::beats;
use super::rules::Rules;
use crate::cards::{Rank, RankCounts};

/// Picks a reading of a play: a kind, and optionally the main rank and chain length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReadingSelector {
    /// The kind the player means.
    pub kind: ComboKind,
    /// The main rank (lowest rank of a chain), when it matters.
    pub rank: Option<Rank>,
    /// The chain length, when it matters.
    pub length: Option<u8>,
}

impl ReadingSelector {
    /// Any reading of `kind`.
    pub fn kind(kind: ComboKind) -> ReadingSelector {
        ReadingSelector {
            kind,
            rank: None,
            length: None,
        }
    }

    /// Whether `combo` is a reading this selector picks.
    pub fn matches(&self, combo: &Combo) -> bool {
        combo.kind == self.kind
            && self.rank.is_none_or(|r| r == combo.rank)
            && self.length.is_none_or(|l| l == combo.length)
    }
}

/// The first of `readings` (in reading order) that `selector` picks; with no selector, the first
/// reading: a play's default reading.
pub fn choose_reading(readings: &[Combo], selector: Option<&ReadingSelector>) -> Option<Combo> {
    readings
        .iter()
        .find(|r| selector.is_none_or(|s| s.matches(r)))
        .copied()
}

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
#[derive(Clone, Copy, Debug)]
pub struct Verdict {
    /// Whether the play may be made now.
    pub legal: bool,
    /// Why not, when illegal.
    pub reason: Option<IllegalReason>,
    /// The reading the play is made as: the first reading (matching the intended reading, if
    /// any) that beats the previous play, or when leading the first one. When illegal, the first
    /// matching reading, if any, to show how the cards were read. `None` for a pass.
    pub chosen: Option<Combo>,
    /// Every reading of the play under the rules, in reading order.
    pub readings: Readings,
}

impl Verdict {
    fn legal(chosen: Option<Combo>, readings: Readings) -> Verdict {
        Verdict {
            legal: true,
            reason: None,
            chosen,
            readings,
        }
    }

    fn illegal(reason: IllegalReason, chosen: Option<Combo>, readings: Readings) -> Verdict {
        Verdict {
            legal: false,
            reason: Some(reason),
            chosen,
            readings,
        }
    }
}

/// Decides whether `play` may be made.
///
/// - An empty `play` is a pass: legal unless leading (`previous` is `None`).
/// - With a `hand`, the play must come out of it, counting copies.
/// - `previous` is the reading of the play to beat (see [`choose_reading`] for choosing it);
///   the play is legal when any of its readings (restricted to `intended` if given) beats it.
///
/// `hand` and `play` must be within the game's deck and `rules` valid.
pub fn validate_play(
    hand: Option<&RankCounts>,
    play: &RankCounts,
    previous: Option<&Combo>,
    intended: Option<&ReadingSelector>,
    rules: &Rules,
) -> Verdict {
    if play.is_empty() {
        return match previous {
            Some(_) => Verdict::legal(None, Readings::new()),
            None => Verdict::illegal(IllegalReason::MustLead, None, Readings::new()),
        };
    }
    if hand.is_some_and(|hand| !play.is_subset_of(hand)) {
        return not_in_hand(play, intended, rules);
    }
    let readings = classify(play, rules);
    let first = choose_reading(&readings, intended);
    if readings.is_empty() {
        return Verdict::illegal(IllegalReason::NotACombo, None, readings);
    }
    let Some(first) = first else {
        return Verdict::illegal(IllegalReason::NoSuchReading, None, readings);
    };
    let Some(previous) = previous else {
        return Verdict::legal(Some(first), readings);
    };
    let candidates = || {
        readings
            .iter()
            .filter(|r| intended.is_none_or(|s| s.matches(r)))
    };
    if let Some(winner) = candidates().find(|r| beats(r, previous)) {
        return Verdict::legal(Some(*winner), readings);
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
    Verdict::illegal(reason, Some(first), readings)
}

/// The verdict for a play the player does not hold: NOT_IN_HAND, still with the play's readings.
///
/// [`validate_play`] finds this itself from rank counts; a caller that knows the exact cards
/// (suited hands, where `3H` is not `3D`) decides containment and calls this directly.
pub fn not_in_hand(
    play: &RankCounts,
    intended: Option<&ReadingSelector>,
    rules: &Rules,
) -> Verdict {
    let readings = classify(play, rules);
    let first = choose_reading(&readings, intended);
    Verdict::illegal(IllegalReason::NotInHand, first, readings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_card;

    fn counts(text: &str) -> RankCounts {
        RankCounts::from_ranks(text.split_whitespace().map(|c| parse_card(c).unwrap().rank))
    }

    fn reading(text: &str) -> Combo {
        classify(&counts(text), &Rules::STANDARD)[0]
    }

    fn reason(play: &str, previous: Option<&str>) -> Option<IllegalReason> {
        let previous = previous.map(reading);
        validate_play(
            None,
            &counts(play),
            previous.as_ref(),
            None,
            &Rules::STANDARD,
        )
        .reason
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
        let hand = counts("3 3 3 4 4 4 5 5 5 6 6 6 7");
        let play = counts("3 3 3 4 4 4 5 5 5 6 6 6");
        let rules = Rules::PERMISSIVE;
        let v = validate_play(Some(&hand), &play, None, None, &rules);
        assert!(v.legal);
        assert_eq!(v.chosen.unwrap().kind, ComboKind::Airplane);
        assert_eq!(v.readings.len(), 3);
        let wings = ReadingSelector::kind(ComboKind::AirplaneWithSingles);
        let v = validate_play(Some(&hand), &play, None, Some(&wings), &rules);
        assert_eq!(v.chosen.unwrap().rank, Rank::Four);
        // Over 333444555+777, only the 444555666+333 reading beats.
        let previous = classify(&counts("3 3 3 4 4 4 5 5 5 7 7 7"), &rules)[0];
        let v = validate_play(Some(&hand), &play, Some(&previous), None, &rules);
        assert!(v.legal);
        assert_eq!(v.chosen.unwrap().rank, Rank::Four);
        let v = validate_play(Some(&counts("3 3 3")), &play, None, None, &rules);
        assert_eq!(v.reason, Some(IllegalReason::NotInHand));
        let bomb = ReadingSelector::kind(ComboKind::Bomb);
        let v = validate_play(None, &play, None, Some(&bomb), &rules);
        assert_eq!(v.reason, Some(IllegalReason::NoSuchReading));
    }
}
