//! `CardRulesService`: each RPC converts its request, asks the core, converts the answer back.

use tonic::{Request, Response, Status};

use super::admission::Admission;
use super::pb;
use super::status::invalid_argument;
use crate::error::InvalidArgument;

/// The service. It holds no state: every answer depends only on the request.
#[derive(Clone, Copy, Debug, Default)]
pub struct CardRules;

/// Runs a synchronous handler; its only error is a malformed request.
fn answer<Req, Resp>(
    request: Request<Req>,
    handler: impl FnOnce(Req) -> Result<Resp, InvalidArgument>,
) -> Result<Response<Resp>, Status> {
    handler(request.into_inner())
        .map(Response::new)
        .map_err(invalid_argument)
}

/// Like [`answer`], on tokio's blocking pool, for calls whose work grows with the request, so
/// they never stall the workers that serve every other call (health checks included), and the
/// deadline can answer without waiting for them.
async fn answer_blocking<Req, Resp>(
    request: Request<Req>,
    handler: fn(Req) -> Result<Resp, InvalidArgument>,
) -> Result<Response<Resp>, Status>
where
    Req: Send + 'static,
    Resp: Send + 'static,
{
    // The call's slot stays taken until the work ends, even if the call is cancelled or times out
    // first: cancelled calls cannot pile up blocking work that no limit counts.
    let slot = Admission::slot_of(&request);
    let request = request.into_inner();
    tokio::task::spawn_blocking(move || {
        let _slot = slot;
        handler(request)
    })
    .await
    .map_err(|error| Status::internal(format!("the handler failed: {error}")))?
    .map(Response::new)
    .map_err(invalid_argument)
}

/// Hands up to this size (the largest one-deck hand) are listed inline: a few microseconds.
/// Larger ones (a whole deck, two decks) can take tens of milliseconds.
const INLINE_LIST_PLAYS_HAND: usize = 20;

/// The largest FitWildcards play answered on the worker: up to 8 cards (at most 8 wildcards,
/// whose fits take well under a millisecond); longer plays go to the blocking pool.
const INLINE_FIT_WILDCARDS_PLAY: usize = 8;

/// Whether ListPlays of a hand of `cards` cards goes to the blocking pool ([`answer_blocking`]).
/// Under laizi rules (`wild_ranks` set) every hand does: a dealt laizi hand lists in a few
/// hundred microseconds, a whole deck with wildcards in tens of milliseconds or more (up to the
/// response's play limit). A function of its own so a test can pin the routing without timing a
/// large call.
pub(super) fn list_plays_on_blocking_pool(cards: usize, laizi: bool) -> bool {
    laizi || cards > INLINE_LIST_PLAYS_HAND
}

/// Whether FitWildcards of a play of `cards` cards goes to the blocking pool.
pub(super) fn fit_wildcards_on_blocking_pool(cards: usize) -> bool {
    cards > INLINE_FIT_WILDCARDS_PLAY
}

#[tonic::async_trait]
impl pb::card_rules_service_server::CardRulesService for CardRules {
    async fn deal(
        &self,
        request: Request<pb::DealRequest>,
    ) -> Result<Response<super::wire::DealResponse>, Status> {
        answer(request, super::deal::deal)
    }

    async fn validate_play(
        &self,
        request: Request<super::wire::ValidatePlayRequest>,
    ) -> Result<Response<super::wire::ValidatePlayResponse>, Status> {
        answer(request, super::doudizhu::validate_play)
    }

    async fn compare_combos(
        &self,
        request: Request<super::wire::CompareCombosRequest>,
    ) -> Result<Response<super::wire::CompareCombosResponse>, Status> {
        answer(request, super::doudizhu::compare_combos)
    }

    async fn list_plays(
        &self,
        request: Request<super::wire::ListPlaysRequest>,
    ) -> Result<Response<super::wire::ListPlaysResponse>, Status> {
        let laizi = request
            .get_ref()
            .rules
            .as_ref()
            .is_some_and(|rules| !rules.wild_ranks.is_empty());
        if list_plays_on_blocking_pool(request.get_ref().hand.len(), laizi) {
            answer_blocking(request, super::doudizhu::list_plays).await
        } else {
            answer(request, super::doudizhu::list_plays)
        }
    }

    async fn fit_wildcards(
        &self,
        request: Request<pb::FitWildcardsRequest>,
    ) -> Result<Response<pb::FitWildcardsResponse>, Status> {
        // Many wildcards give many fits: past one deck's four, off the worker.
        if fit_wildcards_on_blocking_pool(request.get_ref().play.len()) {
            answer_blocking(request, super::doudizhu::fit_wildcards).await
        } else {
            answer(request, super::doudizhu::fit_wildcards)
        }
    }

    async fn mahjong_waits(
        &self,
        request: Request<pb::MahjongWaitsRequest>,
    ) -> Result<Response<pb::MahjongWaitsResponse>, Status> {
        answer(request, super::mahjong::waits)
    }

    async fn mahjong_analyze(
        &self,
        request: Request<pb::MahjongAnalyzeRequest>,
    ) -> Result<Response<pb::MahjongAnalyzeResponse>, Status> {
        answer(request, super::mahjong::analyze)
    }

    async fn mahjong_score(
        &self,
        request: Request<pb::MahjongScoreRequest>,
    ) -> Result<Response<pb::MahjongScoreResponse>, Status> {
        answer(request, super::mahjong::score)
    }

    async fn next_actions(
        &self,
        request: Request<pb::NextActionsRequest>,
    ) -> Result<Response<pb::NextActionsResponse>, Status> {
        if super::doudizhu::game::on_blocking_pool(request.get_ref().record.as_ref()) {
            answer_blocking(request, super::doudizhu::game::next_actions).await
        } else {
            answer(request, super::doudizhu::game::next_actions)
        }
    }

    async fn adjudicate_game(
        &self,
        request: Request<pb::AdjudicateGameRequest>,
    ) -> Result<Response<pb::AdjudicateGameResponse>, Status> {
        if super::doudizhu::game::on_blocking_pool(request.get_ref().record.as_ref()) {
            answer_blocking(request, super::doudizhu::game::adjudicate_game).await
        } else {
            answer(request, super::doudizhu::game::adjudicate_game)
        }
    }

    type BatchStream = super::batch::BatchStream;

    async fn batch(
        &self,
        request: Request<tonic::Streaming<super::wire::BatchRequest>>,
    ) -> Result<Response<Self::BatchStream>, Status> {
        let slot = Admission::slot_of(&request);
        Ok(Response::new(super::batch::BatchStream::new(
            request.into_inner(),
            slot,
        )))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::thread::{self, ThreadId};
    use std::time::Duration;

    use tokio::sync::oneshot;

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

    /// A request to [`held`]: where to say it started, and when it may finish.
    struct Hold {
        started: oneshot::Sender<ThreadId>,
        finish: mpsc::Receiver<()>,
    }

    /// A handler that keeps its thread busy until the test lets it finish, so the test can act
    /// while it is certainly still running. Answers whether it was let go (rather than giving up
    /// after a minute, which only a handler stuck on the runtime's only worker does).
    fn held(request: Hold) -> Result<bool, InvalidArgument> {
        let _ = request.started.send(thread::current().id());
        Ok(request.finish.recv_timeout(Duration::from_secs(60)).is_ok())
    }

    // A current-thread runtime: the test's own thread is the only worker, so a handler running
    // inline would stop every other task until it returned.
    #[tokio::test]
    async fn blocking_answers_leave_the_worker_free_while_they_run() {
        let (started, handler_thread) = oneshot::channel();
        let (finish, finish_rx) = mpsc::channel();
        let heavy = tokio::spawn(answer_blocking(
            Request::new(Hold {
                started,
                finish: finish_rx,
            }),
            held,
        ));
        let handler_thread = handler_thread.await.unwrap();
        assert_ne!(handler_thread, thread::current().id(), "ran on the worker");

        // The handler is still running (it waits for `finish`), and another task gets answered.
        let light = tokio::spawn(async { answer(Request::new(21), |n: u32| Ok(n * 2)) })
            .await
            .unwrap()
            .unwrap();
        assert_eq!(light.into_inner(), 42);
        assert!(!heavy.is_finished());

        finish.send(()).unwrap();
        let let_go = heavy.await.unwrap().unwrap().into_inner();
        assert!(let_go, "the handler gave up waiting: it blocked the worker");
    }
}
