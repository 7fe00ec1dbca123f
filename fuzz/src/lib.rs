//! Shared driver of the RPC fuzz targets: decode arbitrary bytes as a request with prost, call
//! the service's own handler (the `CardRulesService` implementation the server serves), and
//! insist on OK or INVALID_ARGUMENT. A panic (in the handler, or on the blocking pool, which
//! surfaces as INTERNAL) or any other code is a finding.

pub mod notation;

use std::future::Future;
use std::sync::OnceLock;

use tonic::{Code, Request, Response, Status};

/// One runtime for every input: a current-thread one, with the blocking pool the service's
/// heavy calls use.
fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a tokio runtime")
    })
}

/// Decodes `data` as `Req` (bytes that are not a `Req` are skipped, as the server's codec would
/// refuse them before any handler), runs `handler` on it and checks the answer.
pub fn check_rpc<Req, Resp, Fut>(data: &[u8], handler: impl FnOnce(Request<Req>) -> Fut)
where
    Req: prost::Message + Default,
    Fut: Future<Output = Result<Response<Resp>, Status>>,
{
    let Ok(request) = Req::decode(data) else {
        return;
    };
    match runtime().block_on(handler(Request::new(request))) {
        Ok(_) => {}
        Err(status) if status.code() == Code::InvalidArgument => {}
        Err(status) => panic!("unexpected status {:?}: {}", status.code(), status.message()),
    }
}
