//! The human-readable `message` texts of Dou Dizhu answers and request errors.

use std::fmt::{self, Write as _};

use crate::cards::RankCounts;
use crate::doudizhu::{
    CardList, Combo, ComboKind, Comparison, ComparisonOutcome, IllegalReason, Verdict,
};

/// The most readings a message describes: a laizi play can have hundreds of fits (16 natural
/// cards and four wildcards: over 26,000 characters of them), and a message stays a sentence.
pub const MAX_DESCRIBED_READINGS: usize = 5;

/// The first [`MAX_DESCRIBED_READINGS`] readings, for messages, then how many more:
/// `four with two pairs 4 + 3 3 3 3; four with two pairs 3 + 4 4 4 4`, or
/// `...; trio 7 [wild as 7]; and 12 more readings`.
pub(super) fn describe_all(readings: &[Combo]) -> String {
    let mut text = String::with_capacity(96);
    for (i, reading) in readings.iter().take(MAX_DESCRIBED_READINGS).enumerate() {
        if i > 0 {
            text.push_str("; ");
        }
        // Writing into a String cannot fail.
        let _ = write!(text, "{reading}");
    }
    let more = readings.len().saturating_sub(MAX_DESCRIBED_READINGS);
    if more > 0 {
        let _ = write!(text, "; and {more} more readings");
    }
    text
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

/// A combo's reading, or nothing where there is none (as an empty text would show).
struct Shown<'a>(Option<&'a Combo>);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.map_or(Ok(()), |combo| combo.fmt(f))
    }
}

/// `args` written once into a string roomy enough for most messages: `format!` would first
/// allocate a guess from the literal parts, then grow it while the readings are written.
fn text(args: fmt::Arguments<'_>) -> String {
    let mut text = String::with_capacity(96);
    // Writing into a String cannot fail.
    let _ = text.write_fmt(args);
    text
}

/// The message of a ValidatePlay answer.
pub(super) fn verdict(
    verdict: &Verdict,
    play: &CardList,
    previous: Option<&Combo>,
    max_play_cards: usize,
) -> String {
    let chosen = Shown(verdict.chosen.as_ref());
    let previous_text = Shown(previous);
    match verdict.reason {
        None if play.is_empty() => "pass".to_string(),
        None => match previous {
            Some(_) => text(format_args!("{chosen} beats {previous_text}")),
            None => text(format_args!("leads {chosen}")),
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
        Some(IllegalReason::WrongLength) => text(format_args!(
            "{chosen} cannot answer {previous_text}: the chain lengths differ"
        )),
        Some(IllegalReason::TooLow) => match previous.map(|p| p.kind) {
            Some(ComboKind::Rocket) => "nothing beats the rocket".to_string(),
            _ => text(format_args!("{chosen} does not beat {previous_text}")),
        },
    }
}

/// The message of a CompareCombos answer.
pub(super) fn comparison(comparison: &Comparison) -> String {
    let (a, b) = (comparison.a, comparison.b);
    match comparison.outcome {
        ComparisonOutcome::ABeatsB => text(format_args!("A ({a}) beats B ({b})")),
        ComparisonOutcome::BBeatsA => text(format_args!("B ({b}) beats A ({a})")),
        ComparisonOutcome::Both => text(format_args!("A as {a} beats B, and B as {b} beats A")),
        ComparisonOutcome::Tie => text(format_args!(
            "A ({a}) and B ({b}) are equal: neither beats the other"
        )),
        ComparisonOutcome::Incomparable => text(format_args!(
            "A ({a}) and B ({b}) are different types: neither beats the other"
        )),
    }
}
