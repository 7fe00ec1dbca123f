//! Protection from overload and slow calls: calls refused at admission (see
//! [`super::admission`]) fail at once with RESOURCE_EXHAUSTED, and every call has a deadline.
//! This module stacks the layers and turns their errors into gRPC statuses a caller can act on.

use std::task::{Context, Poll};

use tonic::Status;
use tower::layer::util::{Identity, Stack};
use tower::timeout::TimeoutLayer;
use tower::timeout::error::Elapsed;
use tower::util::MapErrLayer;
use tower::{BoxError, Layer, Service, ServiceBuilder};

use super::ServerConfig;
use super::admission::Admission;

/// The layers, outermost first: error mapping, shedding, the deadline.
pub type ProtectionLayers =
    Stack<TimeoutLayer, Stack<ShedLayer, Stack<MapErrLayer<fn(BoxError) -> BoxError>, Identity>>>;

/// The protection stack for `config`.
pub fn layer(config: &ServerConfig) -> ServiceBuilder<ProtectionLayers> {
    ServiceBuilder::new()
        .layer(MapErrLayer::new(to_status as fn(BoxError) -> BoxError))
        .layer(ShedLayer)
        .timeout(config.request_timeout)
}

/// Why a call was shed: every `max_concurrent_calls` slot was taken when it arrived.
#[derive(Debug, thiserror::Error)]
#[error("overloaded")]
pub struct Overloaded;

/// Fails the calls that admission refused, before they reach a service.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShedLayer;

impl<S> Layer<S> for ShedLayer {
    type Service = Shed<S>;

    fn layer(&self, inner: S) -> Shed<S> {
        Shed { inner }
    }
}

/// The service [`ShedLayer`] makes.
#[derive(Clone, Debug)]
pub struct Shed<S> {
    inner: S,
}

impl<S, B> Service<http::Request<B>> for Shed<S>
where
    S: Service<http::Request<B>>,
    S::Error: Into<BoxError>,
{
    type Response = S::Response;
    type Error = BoxError;
    type Future = ShedFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        self.inner.poll_ready(cx).map_err(Into::into)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        if let Some(Admission(None)) = request.extensions().get::<Admission>() {
            return ShedFuture { call: None };
        }
        ShedFuture {
            call: Some(self.inner.call(request)),
        }
    }
}

pin_project_lite::pin_project! {
    /// The call, or nothing for a call refused at admission (it fails at once).
    pub struct ShedFuture<F> {
        #[pin]
        call: Option<F>,
    }
}

impl<F, T, E> std::future::Future for ShedFuture<F>
where
    F: std::future::Future<Output = Result<T, E>>,
    E: Into<BoxError>,
{
    type Output = Result<T, BoxError>;

    fn poll(self: std::pin::Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project().call.as_pin_mut() {
            None => Poll::Ready(Err(Box::new(Overloaded))),
            Some(call) => call.poll(cx).map_err(Into::into),
        }
    }
}

/// Shed calls become RESOURCE_EXHAUSTED, calls over the deadline DEADLINE_EXCEEDED; anything
/// else passes through.
fn to_status(error: BoxError) -> BoxError {
    if error.is::<Overloaded>() {
        return Box::new(Status::resource_exhausted(
            "server busy: max_concurrent_calls calls already in progress; retry with backoff",
        ));
    }
    if error.is::<Elapsed>() {
        return Box::new(Status::deadline_exceeded(
            "the call exceeded the server's deadline (request_timeout_ms)",
        ));
    }
    error
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tonic::Code;
    use tower::{ServiceExt, service_fn};

    use super::*;
    use crate::server::admission::CallSlots;

    fn code_of(result: Result<(), BoxError>) -> Code {
        result
            .expect_err("the call should fail")
            .downcast_ref::<Status>()
            .expect("errors come out as statuses")
            .code()
    }

    fn request(delay: Duration, admission: Option<Admission>) -> http::Request<Duration> {
        let mut request = http::Request::new(delay);
        if let Some(admission) = admission {
            request.extensions_mut().insert(admission);
        }
        request
    }

    // Paused time: the clock moves only when every task waits on a timer, so the bounds below are
    // exact whatever the machine's speed.
    #[tokio::test(start_paused = true)]
    async fn sheds_refused_calls_at_once_and_enforces_the_deadline() {
        let config = ServerConfig {
            request_timeout: Duration::from_millis(200),
            ..ServerConfig::default()
        };
        let slow = service_fn(|request: http::Request<Duration>| async move {
            tokio::time::sleep(*request.body()).await;
            Ok::<(), BoxError>(())
        });
        let service = layer(&config).service(slow);

        // Refused at admission: failed without running, no time passes.
        let started = tokio::time::Instant::now();
        let shed = service
            .clone()
            .oneshot(request(Duration::from_secs(5), Some(Admission(None))))
            .await;
        assert_eq!(code_of(shed), Code::ResourceExhausted);
        assert_eq!(started.elapsed(), Duration::ZERO);

        // Admitted, but over the deadline: DEADLINE_EXCEEDED at 200 ms, not 5 s.
        let slot = CallSlots::new(1).try_take();
        let slow = service
            .clone()
            .oneshot(request(Duration::from_secs(5), Some(Admission(slot))))
            .await;
        assert_eq!(code_of(slow), Code::DeadlineExceeded);
        let ended = started.elapsed();
        assert!(ended >= Duration::from_millis(200) && ended <= Duration::from_millis(202));
        // Without an admission decision (outside the server), a quick call succeeds.
        service
            .oneshot(request(Duration::ZERO, None))
            .await
            .unwrap();
    }
}
