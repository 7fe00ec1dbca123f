//! One log line per call: method, gRPC status code and latency; and, when the metrics endpoint is
//! on, the same call recorded in the metrics. One layer does both so that the status code of each
//! response is worked out once, and a call costs one boxed future, not two.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Instant;

use tonic::{Code, Status};
use tower::{Layer, Service};

use super::metrics::{CallMetrics, Metrics, StreamMessages};
use crate::server::net::admission::Admission;
use tonic::body::Body;

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

impl<S> Service<http::Request<Body>> for CallLog<S>
where
    S: Service<http::Request<Body>, Response = http::Response<Body>>,
    S::Error: Into<BoxError>,
    S::Future: Send + 'static,
{
    type Response = http::Response<Body>;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, BoxError>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx).map_err(Into::into)
    }

    fn call(&mut self, request: http::Request<Body>) -> Self::Future {
        let method = request.uri().path().to_owned();
        // From the stream's acceptance: the time a call waits for a worker is part of its latency.
        let start = Admission::accepted(&request);
        let mut counted = self.metrics.as_ref().map(|m| m.start(&method, start));
        // A streaming call's messages are counted as they pass; a unary call's by its outcome.
        let stream = counted.as_ref().and_then(CallMetrics::stream_messages);
        let request = match &stream {
            None => request,
            Some(messages) => request.map(|body| {
                Body::new(CountedBody {
                    body,
                    frames: Frames::default(),
                    count: Count::Received(messages.clone()),
                })
            }),
        };
        let call = self.inner.call(request);
        Box::pin(async move {
            let pending = DroppedCall(Some(method));
            let result = call.await.map_err(Into::into);
            let method = pending.answered();
            let latency = start.elapsed();
            let code = match &result {
                // A call that fails at once carries its status in the headers (trailers-only
                // response); one that answers sends it later, in the trailers.
                Ok(response) => match status_in(response.headers()) {
                    Some(code) => code,
                    None => match stream {
                        // The stream's status comes at its end: the body records it.
                        Some(messages) => {
                            let end = StreamEnd {
                                counted: counted.take(),
                                method,
                                start,
                            };
                            return result.map(|response| {
                                response.map(|body| {
                                    Body::new(CountedBody {
                                        body,
                                        frames: Frames::default(),
                                        count: Count::Sent(messages, Some(end)),
                                    })
                                })
                            });
                        }
                        None => Code::Ok,
                    },
                },
                Err(error) => error
                    .downcast_ref::<Status>()
                    .map_or(Code::Unknown, Status::code),
            };
            if let Some(counted) = counted {
                // An error here (not a response) came from the protection layers: tonic turns
                // the service's own failures into responses.
                counted.handled(code, latency, result.is_err());
            }
            log_call(&method, code, latency);
            result
        })
    }
}

/// The call's log line.
///
/// Shed calls (RESOURCE_EXHAUSTED) are logged at debug level only, and summed up in one warning a
/// second at most ([`ShedReport`]): under a flood, a warning per refused call would spend on
/// logging the CPU that shedding saves.
fn log_call(method: &str, code: Code, latency: std::time::Duration) {
    let latency_us = latency.as_micros() as u64;
    match code {
        Code::Ok | Code::InvalidArgument | Code::NotFound => {
            tracing::info!(method = %method, code = ?code, latency_us, "call");
        }
        Code::ResourceExhausted => {
            tracing::debug!(method = %method, code = ?code, latency_us, "call");
            SHED_REPORT.count();
        }
        _ => tracing::warn!(method = %method, code = ?code, latency_us, "call"),
    }
}

/// The process's shed-call summary.
static SHED_REPORT: ShedReport = ShedReport {
    since: AtomicU64::new(0),
    shed: AtomicU64::new(0),
};

/// Counts shed calls and logs their number at most once a second.
struct ShedReport {
    /// The second (since the first report) of the last warning.
    since: AtomicU64,
    /// Calls shed since the last warning.
    shed: AtomicU64,
}

impl ShedReport {
    fn count(&self) {
        static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        self.shed.fetch_add(1, Ordering::Relaxed);
        let now = EPOCH.get_or_init(Instant::now).elapsed().as_secs() + 1;
        let last = self.since.load(Ordering::Relaxed);
        if now > last
            && self
                .since
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            let shed = self.shed.swap(0, Ordering::Relaxed);
            tracing::warn!(
                shed,
                "calls shed with RESOURCE_EXHAUSTED since the last report: max_concurrent_calls \
                 calls in progress"
            );
        }
    }
}

/// The `grpc-status` of a header map (response headers, or trailers), if it has one.
fn status_in(headers: &http::HeaderMap) -> Option<Code> {
    headers
        .get("grpc-status")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<i32>().ok())
        .map(Code::from_i32)
}

/// What a streaming call's [`CountedBody`] counts.
enum Count {
    /// The request's messages.
    Received(StreamMessages),
    /// The response's messages; at the trailers, the call is handled with their status.
    Sent(StreamMessages, Option<StreamEnd>),
}

/// What a stream records and logs when its status is sent.
struct StreamEnd {
    /// `None` once recorded; dropped unrecorded (the stream was reset), it counts as CANCELLED.
    counted: Option<CallMetrics>,
    method: String,
    start: Instant,
}

/// A streaming call's request or response body, counting the gRPC messages that pass.
struct CountedBody {
    body: Body,
    frames: Frames,
    count: Count,
}

impl http_body::Body for CountedBody {
    type Data = bytes::Bytes;
    type Error = Status;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        let this = &mut *self;
        let frame = std::task::ready!(Pin::new(&mut this.body).poll_frame(cx));
        if let Some(Ok(frame)) = &frame {
            if let Some(data) = frame.data_ref() {
                let messages = this.frames.feed(data);
                match &this.count {
                    Count::Received(counter) => counter.received(messages),
                    Count::Sent(counter, _) => counter.sent(messages),
                }
            }
            if let (Some(trailers), Count::Sent(_, end)) = (frame.trailers_ref(), &mut this.count)
                && let Some(mut end) = end.take()
            {
                let code = status_in(trailers).unwrap_or(Code::Unknown);
                let latency = end.start.elapsed();
                if let Some(counted) = end.counted.take() {
                    counted.handled(code, latency, false);
                }
                log_call(&end.method, code, latency);
            }
        }
        Poll::Ready(frame)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// Finds the gRPC messages in a body's bytes: each is a 5-byte prefix (a flag and a big-endian
/// length) and that many bytes, and may span data frames.
///
/// grpc-prometheus counts messages, not frames: a message may span several HTTP/2 data frames
/// and a frame may hold several messages, so tower-http's per-frame `on_body_chunk` cannot count
/// them, and tonic reads the prefixes inside its codec, out of a layer's reach.
#[derive(Debug, Default)]
struct Frames {
    /// Prefix bytes read of the current message (0 to 5).
    prefix_read: usize,
    /// The length bytes of the prefix being read.
    length: [u8; 4],
    /// Bytes of the current message still to skip.
    body_left: usize,
}

impl Frames {
    /// Reads `data`; returns how many messages' prefixes it completed.
    fn feed(&mut self, mut data: &[u8]) -> u64 {
        let mut messages = 0;
        while !data.is_empty() {
            if self.body_left > 0 {
                let skip = self.body_left.min(data.len());
                self.body_left -= skip;
                data = &data[skip..];
                continue;
            }
            if self.prefix_read > 0 {
                self.length[self.prefix_read - 1] = data[0];
            }
            self.prefix_read += 1;
            data = &data[1..];
            if self.prefix_read == 5 {
                messages += 1;
                self.prefix_read = 0;
                self.body_left = u32::from_be_bytes(self.length) as usize;
            }
        }
        messages
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_found_across_data_frames() {
        // Three messages of 2, 0 and 300 bytes, cut at every awkward place.
        let mut bytes = vec![0, 0, 0, 0, 2, 7, 7, 0, 0, 0, 0, 0, 1, 0, 0, 1, 44];
        bytes.extend([9; 300]);
        for cut in 0..bytes.len() {
            let mut frames = Frames::default();
            let (a, b) = bytes.split_at(cut);
            assert_eq!(frames.feed(a) + frames.feed(b), 3, "cut at {cut}");
        }
        let mut frames = Frames::default();
        assert_eq!(bytes.iter().map(|&b| frames.feed(&[b])).sum::<u64>(), 3);
    }
}
