//! Protection from overload and slow calls: calls refused at admission (see
//! [`super::admission`]) fail at once with RESOURCE_EXHAUSTED, and every call has a deadline.
//! This module stacks the layers and turns their errors into gRPC statuses a caller can act on.

use std::task::{Context, Poll};
use std::time::Duration;

use tonic::Status;
use tower::layer::util::{Identity, Stack};
use tower::util::MapErrLayer;
use tower::{BoxError, Layer, Service, ServiceBuilder};

use super::ServerConfig;
use super::admission::Admission;

/// The layers, outermost first: error mapping, shedding, the deadline.
pub type ProtectionLayers =
    Stack<DeadlineLayer, Stack<ShedLayer, Stack<MapErrLayer<fn(BoxError) -> BoxError>, Identity>>>;

/// The protection stack for `config`.
pub fn layer(config: &ServerConfig) -> ServiceBuilder<ProtectionLayers> {
    ServiceBuilder::new()
        .layer(MapErrLayer::new(to_status as fn(BoxError) -> BoxError))
        .layer(ShedLayer)
        .layer(DeadlineLayer {
            server: config.request_timeout,
        })
}

/// Why a call failed at its deadline.
#[derive(Debug, thiserror::Error)]
#[error("deadline exceeded")]
pub struct Elapsed;

/// The call's deadline: the server's `request_timeout`, or the client's `grpc-timeout` when that
/// is shorter, from the moment its stream was accepted.
#[derive(Clone, Copy, Debug)]
pub struct DeadlineLayer {
    /// The server's own deadline (`request_timeout`).
    pub server: Duration,
}

impl<S> Layer<S> for DeadlineLayer {
    type Service = Deadline<S>;

    fn layer(&self, inner: S) -> Deadline<S> {
        Deadline {
            inner,
            server: self.server,
        }
    }
}

/// The service [`DeadlineLayer`] makes.
#[derive(Clone, Debug)]
pub struct Deadline<S> {
    inner: S,
    server: Duration,
}

impl<S, B> Service<http::Request<B>> for Deadline<S>
where
    S: Service<http::Request<B>>,
    S::Error: Into<BoxError>,
{
    type Response = S::Response;
    type Error = BoxError;
    type Future = DeadlineFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        self.inner.poll_ready(cx).map_err(Into::into)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        let client = request
            .headers()
            .get("grpc-timeout")
            .and_then(|value| grpc_timeout(value.as_bytes()));
        let deadline = client.map_or(self.server, |client| client.min(self.server));
        // Counted from the stream's acceptance, like its latency.
        let accepted = tokio::time::Instant::from_std(Admission::accepted(&request));
        DeadlineFuture {
            call: tokio::time::timeout_at(accepted + deadline, self.inner.call(request)),
        }
    }
}

pin_project_lite::pin_project! {
    /// A call that fails with [`Elapsed`] at its deadline.
    pub struct DeadlineFuture<F> {
        #[pin]
        call: tokio::time::Timeout<F>,
    }
}

impl<F, T, E> std::future::Future for DeadlineFuture<F>
where
    F: std::future::Future<Output = Result<T, E>>,
    E: Into<BoxError>,
{
    type Output = Result<T, BoxError>;

    fn poll(self: std::pin::Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project().call.poll(cx) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Ok(result)) => Poll::Ready(result.map_err(Into::into)),
            Poll::Ready(Err(_)) => Poll::Ready(Err(Box::new(Elapsed))),
        }
    }
}

/// A `grpc-timeout` header value: at most 8 digits and a unit (`H` `M` `S` `m` `u` `n`).
fn grpc_timeout(value: &[u8]) -> Option<Duration> {
    let (&unit, digits) = value.split_last()?;
    if digits.is_empty() || digits.len() > 8 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let amount: u64 = std::str::from_utf8(digits).ok()?.parse().ok()?;
    Some(match unit {
        b'H' => Duration::from_secs(amount * 3600),
        b'M' => Duration::from_secs(amount * 60),
        b'S' => Duration::from_secs(amount),
        b'm' => Duration::from_millis(amount),
        b'u' => Duration::from_micros(amount),
        b'n' => Duration::from_nanos(amount),
        _ => return None,
    })
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
        if let Some(Admission(None, _)) = request.extensions().get::<Admission>() {
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
            "the call exceeded its deadline (the server's request_timeout_ms, or the client's \
             shorter grpc-timeout)",
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
            .oneshot(request(
                Duration::from_secs(5),
                Some(Admission(None, tokio::time::Instant::now().into_std())),
            ))
            .await;
        assert_eq!(code_of(shed), Code::ResourceExhausted);
        assert_eq!(started.elapsed(), Duration::ZERO);

        // Admitted, but over the deadline: DEADLINE_EXCEEDED at 200 ms, not 5 s.
        let slot = CallSlots::new(1).try_take();
        let slow = service
            .clone()
            .oneshot(request(
                Duration::from_secs(5),
                Some(Admission(slot, tokio::time::Instant::now().into_std())),
            ))
            .await;
        assert_eq!(code_of(slow), Code::DeadlineExceeded);
        let ended = started.elapsed();
        assert!(ended >= Duration::from_millis(200) && ended <= Duration::from_millis(202));
        // Without an admission decision (outside the server), a quick call succeeds.
        service
            .clone()
            .oneshot(request(Duration::ZERO, None))
            .await
            .unwrap();

        // A client's shorter grpc-timeout wins; a longer one does not extend the server's.
        for (header, wait) in [("50m", 50), ("10S", 200)] {
            let mut slow = request(Duration::from_secs(5), None);
            slow.headers_mut()
                .insert("grpc-timeout", header.parse().unwrap());
            let started = tokio::time::Instant::now();
            assert_eq!(
                code_of(service.clone().oneshot(slow).await),
                Code::DeadlineExceeded
            );
            let ended = started.elapsed();
            let wait = Duration::from_millis(wait);
            assert!(
                ended >= wait && ended <= wait + Duration::from_millis(2),
                "{header}"
            );
        }
    }

    #[test]
    fn grpc_timeout_headers_are_read_as_the_spec_writes_them() {
        assert_eq!(grpc_timeout(b"2S"), Some(Duration::from_secs(2)));
        assert_eq!(grpc_timeout(b"1500m"), Some(Duration::from_millis(1500)));
        assert_eq!(
            grpc_timeout(b"99999999n"),
            Some(Duration::from_nanos(99_999_999))
        );
        assert_eq!(grpc_timeout(b"1H"), Some(Duration::from_secs(3600)));
        for bad in [&b""[..], b"S", b"123456789S", b"12x", b"-1S", b"1.5S"] {
            assert_eq!(grpc_timeout(bad), None, "{bad:?}");
        }
    }
}
