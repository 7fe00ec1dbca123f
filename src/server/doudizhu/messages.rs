//! The human-readable `message` texts of Dou Dizhu answers and request errors.

use crate::cards::RankCounts;
use crate::doudizhu::{CardList, Combo, ComboKind, Comparison, IllegalReason, Outcome, Verdict};

/// Every reading, for messages: `four with two pairs 4 + 3 3 3 3; four with two pairs 3 + ...`.
pub(super) fn describe_all(readings: &[Combo]) -> String {
    readings
        .iter()
        .map(Combo::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Why cards that are no combo are none.
pub(super) fn not_a_combo(counts: &RankCounts, max_play_cards: usize) -> String {
    if counts.len() > max_play_cards {
        format!(
            "{} cards: a play has at most {max_play_cards} cards (the largest hand)",
            counts.len()
        )
    } else {
        format!("{counts} is not a combo under these rules")
    }
}

/// The message of a ValidatePlay answer.
pub(super) fn verdict(
    verdict: &Verdict,
    play: &CardList,
    previous: Option<&Combo>,
    max_play_cards: usize,
) -> String {
    let chosen = verdict
        .chosen
        .as_ref()
        .map(Combo::to_string)
        .unwrap_or_default();
    let previous_text = previous.map(Combo::to_string).unwrap_or_default();
    match verdict.reason {
        None if play.is_empty() => "pass".to_string(),
        None => match previous {
            Some(_) => format!("{chosen} beats {previous_text}"),
            None => format!("leads {chosen}"),
        },
        Some(IllegalReason::MustLead) => {
            "the leader must play: passing is allowed only when responding".to_string()
        }
        Some(IllegalReason::NotInHand) => match &verdict.missing {
            Some(missing) => missing.to_string(),
            None => "the hand does not hold the play".to_string(),
        },
        Some(IllegalReason::NotACombo) => not_a_combo(play.counts(), max_play_cards),
        Some(IllegalReason::NoSuchReading) => format!(
            "{} cannot be read as intended; its readings: {}",
            play.counts(),
            describe_all(verdict.all_readings())
        ),
        Some(IllegalReason::WrongType) => format!(
            "{} cannot answer {previous_text}: only the same type, a bomb or the rocket can",
            describe_all(verdict.all_readings())
        ),
        Some(IllegalReason::WrongLength) => {
            format!("{chosen} cannot answer {previous_text}: the chain lengths differ")
        }
        Some(IllegalReason::TooLow) => match previous.map(|p| p.kind) {
            Some(ComboKind::Rocket) => "nothing beats the rocket".to_string(),
            _ => format!("{chosen} does not beat {previous_text}"),
        },
    }
}

/// The message of a CompareCombos answer.
pub(super) fn comparison(comparison: &Comparison) -> String {
    let (a, b) = (comparison.a, comparison.b);
    match comparison.outcome {
        Outcome::ABeatsB => format!("A ({a}) beats B ({b})"),
        Outcome::BBeatsA => format!("B ({b}) beats A ({a})"),
        Outcome::Both => format!("A as {a} beats B, and B as {b} beats A"),
        Outcome::Tie => format!("A ({a}) and B ({b}) are equal: neither beats the other"),
        Outcome::Incomparable => {
            format!("A ({a}) and B ({b}) are different types: neither beats the other")
        }
    }
}
