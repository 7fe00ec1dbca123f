//! Which calls run on tokio's blocking pool rather than on a worker: those whose work grows with
//! the request (whole decks, wildcards, game records), so they never stall the workers that serve
//! every other call (health checks included), and the deadline can answer without waiting for
//! them. The RPC table ([`super::rpcs`]) names one of these rules for each such RPC; a unary call
//! and a Batch item follow the same one.

use super::{pb, wire};

/// Hands up to this size (the largest one-deck hand) are listed inline: a few microseconds.
/// Larger ones (a whole deck, two decks) can take tens of milliseconds.
const INLINE_LIST_PLAYS_HAND: usize = 20;

/// The largest FitWildcards play answered on the worker: up to 8 cards (at most 8 wildcards,
/// whose fits take well under a millisecond); longer plays go to the blocking pool.
const INLINE_FIT_WILDCARDS_PLAY: usize = 8;

/// Whether ListPlays of a hand of `cards` cards goes to the blocking pool. Under laizi rules
/// every hand does: a dealt hand with four wildcards lists about a thousand plays, some fifty
/// times a plain hand's work, and a whole deck with wildcards far more (up to the response's play
/// limit).
fn list_plays_on_blocking_pool(cards: usize, laizi: bool) -> bool {
    laizi || cards > INLINE_LIST_PLAYS_HAND
}

/// ListPlays: laizi hands, and hands larger than one deal.
pub(super) fn list_plays(request: &wire::ListPlaysRequest) -> bool {
    let laizi = request
        .rules
        .as_ref()
        .is_some_and(|rules| !rules.wild_ranks.is_empty());
    list_plays_on_blocking_pool(request.hand.len(), laizi)
}

/// FitWildcards: plays longer than [`INLINE_FIT_WILDCARDS_PLAY`] cards (many wildcards give many
/// fits).
pub(super) fn fit_wildcards(request: &pb::FitWildcardsRequest) -> bool {
    request.play.len() > INLINE_FIT_WILDCARDS_PLAY
}

/// NextActions: the records [`super::doudizhu::game::on_blocking_pool`] names.
pub(super) fn next_actions(request: &pb::NextActionsRequest) -> bool {
    super::doudizhu::game::on_blocking_pool(request.record.as_ref())
}

/// AdjudicateGame: the records [`super::doudizhu::game::on_blocking_pool`] names.
pub(super) fn adjudicate_game(request: &pb::AdjudicateGameRequest) -> bool {
    super::doudizhu::game::on_blocking_pool(request.record.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_plays_of_hands_beyond_one_deal_go_to_the_blocking_pool() {
        for cards in [0, 1, 17, INLINE_LIST_PLAYS_HAND] {
            assert!(!list_plays_on_blocking_pool(cards, false), "{cards} cards");
            // Laizi hands of every size.
            assert!(
                list_plays_on_blocking_pool(cards, true),
                "{cards} laizi cards"
            );
        }
        // One more than the landlord's hand, a whole deck, two decks.
        for cards in [INLINE_LIST_PLAYS_HAND + 1, 54, 108] {
            assert!(list_plays_on_blocking_pool(cards, false), "{cards} cards");
        }
    }

    #[test]
    fn fit_wildcards_of_plays_beyond_one_decks_wildcards_go_to_the_blocking_pool() {
        let play = |cards: usize| pb::FitWildcardsRequest {
            play: std::iter::repeat_n("3".to_owned(), cards).collect(),
            ..Default::default()
        };
        assert!(!fit_wildcards(&play(INLINE_FIT_WILDCARDS_PLAY)));
        assert!(fit_wildcards(&play(INLINE_FIT_WILDCARDS_PLAY + 1)));
    }
}
