//! One log line per call: method, gRPC status code and latency; and, when the metrics endpoint is
//! on, the same call recorded in the metrics. One layer does both so that the status code of each
//! response is worked out once, and a call costs one boxed future, not two.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use tonic::{Code, Status};
use tower::{Layer, Service};

use super::metrics::Metrics;

/// Wraps the whole server so that calls refused by the protection layers are logged and counted
/// too.
#[derive(Clone, Default)]
pub struct CallLogLayer {
    /// Where calls are counted; `None` when the metrics endpoint is off.
    pub metrics: Option<Arc<Metrics>>,
}

impl<S> Layer<S> for CallLogLayer {
    type Service = CallLog<S>;

    fn layer(&self, inner: S) -> CallLog<S> {
        CallLog {
            inner,
            metrics: self.metrics.clone(),
        }
    }
}

/// The service [`CallLogLayer`] makes.
#[derive(Clone)]
pub struct CallLog<S> {
    inner: S,
    metrics: Option<Arc<Metrics>>,
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

impl<S, ReqBody, ResBody> Service<http::Request<ReqBody>> for CallLog<S>
where
    S: Service<http::Request<ReqBody>, Response = http::Response<ResBody>>,
    S::Error: Into<BoxError>,
    S::Future: Send + 'static,
{
    type Response = http::Response<ResBody>;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, BoxError>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx).map_err(Into::into)
    }

    fn call(&mut self, request: http::Request<ReqBody>) -> Self::Future {
        let method = request.uri().path().to_owned();
        let start = Instant::now();
        let counted = self.metrics.as_ref().map(|m| m.start(&method, start));
        let call = self.inner.call(request);
        Box::pin(async move {
            let pending = DroppedCall(Some(method));
            let result = call.await.map_err(Into::into);
            let method = pending.answered();
            let latency = start.elapsed();
            let latency_us = latency.as_micros() as u64;
            let code = match &result {
                // A unary call that fails carries its status in the headers (trailers-only
                // response); one that succeeds sends it later, in the trailers, always OK.
                Ok(response) => response
                    .headers()
                    .get("grpc-status")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse::<i32>().ok())
                    .map_or(Code::Ok, Code::from_i32),
                Err(error) => error
                    .downcast_ref::<Status>()
                    .map_or(Code::Unknown, Status::code),
            };
            if let Some(counted) = counted {
                // An error here (not a response) came from the protection layers: tonic turns
                // the service's own failures into responses.
                counted.handled(code, latency, result.is_err());
            }
            if matches!(code, Code::Ok | Code::InvalidArgument | Code::NotFound) {
                tracing::info!(method = %method, code = ?code, latency_us, "call");
            } else {
                tracing::warn!(method = %method, code = ?code, latency_us, "call");
            }
            result
        })
    }
}

/// Holds a call's method until it is answered; dropped before that (the client reset the stream
/// or went away, or the server stopped with the call in progress), it logs the call as dropped.
/// (Metrics count such a call as CANCELLED.)
struct DroppedCall(Option<String>);

impl DroppedCall {
    /// The call was answered: its method, and nothing to log here.
    fn answered(mut self) -> String {
        self.0.take().unwrap_or_default()
    }
}

impl Drop for DroppedCall {
    fn drop(&mut self) {
        if let Some(method) = self.0.take() {
            tracing::info!(method = %method, "call dropped before its answer");
        }
    }
}
