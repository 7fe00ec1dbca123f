//! Which wildcard stands for which rank in a fit.

use crate::cards::{Card, Rank, RankCounts};

/// Which wildcard stands for which rank in a fit: `wildcards` are the play's wildcards (physical
/// cards when suited), `wild_as` the ranks they stand for (as many). Every wildcard whose own
/// rank is among `wild_as` stands for itself (as many as can); the others take the remaining
/// ranks weakest first, in card order. The pairs come in card order.
///
/// # Panics
///
/// When `wild_as` does not hold as many ranks as there are wildcards.
pub fn assign_wildcards(wildcards: &[Card], wild_as: &RankCounts) -> Vec<(Card, Rank)> {
    assert_eq!(wildcards.len(), wild_as.len(), "one rank per wildcard");
    let mut cards = wildcards.to_vec();
    cards.sort_unstable();
    let mut left = *wild_as;
    let mut taken: Vec<Option<Rank>> = cards
        .iter()
        .map(|card| {
            let slot = &mut left.0[card.rank.index()];
            (*slot > 0).then(|| {
                *slot -= 1;
                card.rank
            })
        })
        .collect();
    let mut rest = left.ranks().collect::<Vec<_>>().into_iter();
    for rank in taken.iter_mut().filter(|r| r.is_none()) {
        *rank = rest.next();
    }
    cards
        .into_iter()
        .zip(taken)
        .map(|(card, rank)| (card, rank.unwrap_or(card.rank)))
        .collect()
}
