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
        answer(request, super::doudizhu::list_plays)
    }
}
