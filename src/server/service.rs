//! `CardRulesService`: each RPC converts its request, asks the core, converts the answer back.

use tonic::{Request, Response, Status};

use super::net::admission::Admission;
use super::pb;
use super::rpcs::rpcs;
use super::status::{invalid_argument, join_failed, unless_panicked};
use crate::error::InvalidArgument;

/// The service. It holds no state: every answer depends only on the request.
#[derive(Clone, Copy, Debug, Default)]
pub struct CardRules;

/// Runs a synchronous handler; its only error is a malformed request (a panic is INTERNAL:
/// [`unless_panicked`]).
fn answer<Req, Resp>(
    request: Request<Req>,
    handler: impl FnOnce(Req) -> Result<Resp, InvalidArgument>,
) -> Result<Response<Resp>, Status> {
    let request = request.into_inner();
    unless_panicked(|| handler(request))?
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
    .map_err(join_failed)?
    .map(Response::new)
    .map_err(invalid_argument)
}

/// The unary methods from the RPC table (each answers with its handler, inline or on the
/// blocking pool, as its row says), and Batch.
macro_rules! card_rules_service {
    (
        $(
            $method:ident, $variant:ident($req:ty = $req_tag:literal => $resp:ty = $resp_tag:literal),
            $handler:path, $runs:tt;
        )*
    ) => {
        #[tonic::async_trait]
        impl pb::card_rules_service_server::CardRulesService for CardRules {
            $(
                async fn $method(&self, request: Request<$req>) -> Result<Response<$resp>, Status> {
                    card_rules_service!(@answer $runs, request, $handler)
                }
            )*

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
    };
    (@answer inline, $request:ident, $handler:path) => {
        answer($request, $handler)
    };
    (@answer (pool_if $on_pool:path), $request:ident, $handler:path) => {
        if $on_pool($request.get_ref()) {
            answer_blocking($request, $handler).await
        } else {
            answer($request, $handler)
        }
    };
}

rpcs!(card_rules_service);

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::thread::{self, ThreadId};
    use std::time::Duration;

    use tokio::sync::oneshot;

    use super::*;

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

    #[test]
    fn a_handler_that_panics_answers_internal_with_its_message() {
        let status = answer(
            Request::new(7u32),
            |n: u32| -> Result<u32, InvalidArgument> { panic!("no rule for {n}") },
        )
        .unwrap_err();
        assert_eq!(status.code(), tonic::Code::Internal);
        assert_eq!(status.message(), "the handler failed: no rule for 7");
        let status = answer(Request::new(()), |()| -> Result<(), InvalidArgument> {
            std::panic::panic_any(3u8)
        })
        .unwrap_err();
        assert_eq!(status.message(), "the handler failed: a panic");
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
