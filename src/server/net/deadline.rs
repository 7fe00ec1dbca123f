//! Every call's deadline: the server's `request_timeout`, or the client's shorter `grpc-timeout`,
//! counted from the moment its stream was accepted (see [`super::admission`]), so the time a call
//! waited for a worker counts against it.

use std::task::{Context, Poll};
use std::time::Duration;

use tonic::Status;
use tower::{BoxError, Layer, Service};

use super::admission::Admission;

/// Why a call failed at its deadline.
#[derive(Debug, thiserror::Error)]
#[error("deadline exceeded")]
pub struct Elapsed;

impl Elapsed {
    /// The status a caller gets for a call over its deadline.
    pub fn status() -> Status {
        Status::deadline_exceeded(
            "the call exceeded its deadline (the server's request_timeout_ms, or the client's \
             shorter grpc-timeout)",
        )
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

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
