//! `CardRulesService`: each RPC converts its request, asks the core, converts the answer back.

use tonic::{Request, Response, Status};

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
    let request = request.into_inner();
    tokio::task::spawn_blocking(move || handler(request))
        .await
        .map_err(|error| Status::internal(format!("the handler failed: {error}")))?
        .map(Response::new)
        .map_err(invalid_argument)
}

/// Hands up to this size (the largest one-deck hand) are listed inline: a few microseconds.
/// Larger ones (a whole deck, two decks) can take tens of milliseconds.
const INLINE_LIST_PLAYS_HAND: usize = 20;

#[tonic::async_trait]
impl pb::card_rules_service_server::CardRulesService for CardRules {
    async fn deal(
        &self,
        request: Request<pb::DealRequest>,
    ) -> Result<Response<pb::DealResponse>, Status> {
        answer(request, super::deal::deal)
    }

    async fn validate_play(
        &self,
        request: Request<pb::ValidatePlayRequest>,
    ) -> Result<Response<pb::ValidatePlayResponse>, Status> {
        answer(request, super::doudizhu::validate_play)
    }

    async fn compare_combos(
        &self,
        request: Request<pb::CompareCombosRequest>,
    ) -> Result<Response<pb::CompareCombosResponse>, Status> {
        answer(request, super::doudizhu::compare_combos)
    }

    async fn list_plays(
        &self,
        request: Request<pb::ListPlaysRequest>,
    ) -> Result<Response<pb::ListPlaysResponse>, Status> {
        if request.get_ref().hand.len() <= INLINE_LIST_PLAYS_HAND {
            answer(request, super::doudizhu::list_plays)
        } else {
            answer_blocking(request, super::doudizhu::list_plays).await
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
}
