//! Which reading beats which.

use super::combo::{Combo, ComboKind};
use super::reading::{ReadingSelector, choose_reading};
use super::table::Table;

/// Whether reading `a` may be played over reading `b`.
///
/// - The rocket beats everything, and nothing beats the rocket.
/// - A bomb beats every non-bomb; between bombs, the table's [`BombOrder`] decides (natural
///   bombs: more cards win (two decks), then the higher rank, under every order).
/// - Otherwise only the same kind with the same chain length can beat, with a higher main rank
///   (kickers never matter). Equal main ranks do not beat each other.
///
/// This is a strict partial order: irreflexive, antisymmetric and transitive; over bombs and
/// the rocket it is total on strength keys.
///
/// [`BombOrder`]: super::BombOrder
pub fn beats(table: &Table, a: &Combo, b: &Combo) -> bool {
    use ComboKind::{Bomb, Rocket};
    match (a.kind, b.kind) {
        (_, Rocket) => false,
        (Rocket, _) => true,
        (Bomb, Bomb) => {
            let order = table.rules().bomb_order;
            order.key(a.size, a.rank, a.hardness()) > order.key(b.size, b.rank, b.hardness())
        }
        (Bomb, _) => true,
        (_, Bomb) => false,
        _ => a.kind == b.kind && a.length == b.length && a.rank > b.rank,
    }
}

/// The answer of CompareCombos.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComparisonOutcome {
    /// A beats B and B does not beat A.
    ABeatsB,
    /// B beats A and A does not beat B.
    BBeatsA,
    /// Each beats the other through different readings (only possible when neither reading was
    /// pinned and a play has several readings).
    Both,
    /// Same kind, length and strength: neither may be played over the other.
    Tie,
    /// Different kinds or chain lengths and no bomb: neither may be played over the other.
    Incomparable,
}

/// How two plays compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The verdict.
    pub outcome: ComparisonOutcome,
    /// A's reading: the one that beats B's when A beats B, else A's chosen reading.
    pub a: Combo,
    /// B's reading: the one that beats A's when B beats A, else B's chosen reading.
    pub b: Combo,
}

/// Compares two plays given all their readings (as [`super::classify()`] returns them) and
/// optional selectors pinning a reading.
///
/// Each play's chosen reading is the first that matches its selector. A beats B when any of A's
/// (matching) readings beats B's chosen reading, and the other way round. `None` when a play has
/// no (matching) reading.
pub fn compare_plays(
    table: &Table,
    a: &[Combo],
    a_selector: Option<&ReadingSelector>,
    b: &[Combo],
    b_selector: Option<&ReadingSelector>,
) -> Option<Comparison> {
    let a_chosen = choose_reading(a, a_selector)?;
    let b_chosen = choose_reading(b, b_selector)?;
    let matching = |readings: &[Combo], selector: Option<&ReadingSelector>, target: &Combo| {
        readings
            .iter()
            .find(|r| selector.is_none_or(|s| s.matches(r)) && beats(table, r, target))
            .copied()
    };
    let a_wins = matching(a, a_selector, &b_chosen);
    let b_wins = matching(b, b_selector, &a_chosen);
    let (outcome, a, b) = match (a_wins, b_wins) {
        (Some(a), Some(b)) => (ComparisonOutcome::Both, a, b),
        (Some(a), None) => (ComparisonOutcome::ABeatsB, a, b_chosen),
        (None, Some(b)) => (ComparisonOutcome::BBeatsA, a_chosen, b),
        (None, None) if a_chosen.same_main(&b_chosen) => {
            (ComparisonOutcome::Tie, a_chosen, b_chosen)
        }
        (None, None) => (ComparisonOutcome::Incomparable, a_chosen, b_chosen),
    };
    Some(Comparison { outcome, a, b })
}
