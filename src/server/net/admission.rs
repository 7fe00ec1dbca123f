//! Admission and shedding: the global limit on calls in progress (`max_concurrent_calls`), decided
//! the moment HTTP/2 accepts a stream; a call over it fails at once with RESOURCE_EXHAUSTED rather
//! than waiting in a queue.
//!
//! hyper calls [`Admit`] synchronously, in the connection's task, for every stream it accepts,
//! before it spawns the task that runs the call. Taking the slot there, rather than in a tower
//! layer (which runs only when that task is first polled), counts the calls still waiting for a
//! worker too: a flood of cheap calls, each done within its first poll, is shed at the limit
//! instead of queueing in the runtime. [`Admit`] records the decision in the request
//! ([`Admission`]); [`ShedLayer`], in the tower stack, fails the refused calls.
//!
//! A slot is held until the response has been sent in full (its body dropped) and, for work on the
//! blocking pool, until that work ends even if the client went away: cancelling calls cannot pile
//! up work the server has stopped counting.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use bytes::Bytes;
use http_body::{Body, Frame, SizeHint};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tonic::Status;
use tower::{BoxError, Layer, Service, ServiceExt};

use super::frames::SmallFrames;
use crate::server::config::ServerConfig;

/// The calls the server may have in progress at once (`max_concurrent_calls`).
#[derive(Clone, Debug)]
pub struct CallSlots(Arc<Semaphore>);

impl CallSlots {
    /// `max` slots.
    pub fn new(max: usize) -> CallSlots {
        CallSlots(Arc::new(Semaphore::new(max)))
    }

    /// A free slot, or `None` when every slot is taken (never waits).
    pub fn try_take(&self) -> Option<CallSlot> {
        self.0
            .clone()
            .try_acquire_owned()
            .ok()
            .map(|permit| CallSlot(Arc::new(permit)))
    }
}

/// One call's slot; the slot is free again when every clone is dropped.
#[derive(Clone, Debug)]
pub struct CallSlot(#[allow(dead_code)] Arc<OwnedSemaphorePermit>);

/// The admission decision, in each request's extensions. A request without it (a service used
/// outside [`Admit`], as in unit tests) counts as admitted.
#[derive(Clone, Debug)]
pub struct Admission {
    /// The call's slot, or `None` for a call to shed.
    pub slot: Option<CallSlot>,
    /// When the stream was accepted.
    pub accepted: Instant,
}

impl Admission {
    /// When the stream of `request` was accepted (the start of its latency: the time it waited
    /// for a worker counts), or now for a request that did not come through [`Admit`].
    pub fn accepted<B>(request: &http::Request<B>) -> Instant {
        request
            .extensions()
            .get::<Admission>()
            // tokio's clock: the same as std's, except under a paused test clock.
            .map_or_else(
                || tokio::time::Instant::now().into_std(),
                |admission| admission.accepted,
            )
    }
}

impl Admission {
    /// The call's slot, for work that may outlive the call (the blocking pool).
    pub fn slot_of<T>(request: &tonic::Request<T>) -> Option<CallSlot> {
        request
            .extensions()
            .get::<Admission>()
            .and_then(|admission| admission.slot.clone())
    }
}

/// The hyper service of a connection: admits or sheds each stream, then runs `inner`.
#[derive(Clone)]
pub struct Admit<S> {
    /// The tower stack serving the calls.
    inner: S,
    /// The global limit.
    slots: CallSlots,
}

impl<S> Admit<S> {
    /// Admits the calls to `inner` up to `config.max_concurrent_calls` at once.
    pub fn new(inner: S, config: &ServerConfig) -> Admit<S> {
        Admit {
            inner,
            slots: CallSlots::new(config.max_concurrent_calls as usize),
        }
    }
}

impl<S, B, ReqBody> hyper::service::Service<http::Request<ReqBody>> for Admit<S>
where
    ReqBody: Body<Data = Bytes> + Send + 'static,
    ReqBody::Error: Into<BoxError>,
    S: Service<http::Request<tonic::body::Body>, Response = http::Response<B>>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    S::Error: Into<BoxError>,
    B: Body<Data = Bytes> + Send + 'static,
{
    type Response = http::Response<SlotBody<SmallFrames<B>>>;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, BoxError>> + Send>>;

    fn call(&self, request: http::Request<ReqBody>) -> Self::Future {
        let mut request = request.map(tonic::body::Body::new);
        let slot = self.slots.try_take();
        request.extensions_mut().insert(Admission {
            slot: slot.clone(),
            accepted: tokio::time::Instant::now().into_std(),
        });
        let call = self.inner.clone().oneshot(request);
        Box::pin(async move {
            let response = call.await.map_err(Into::into)?;
            Ok(response.map(|body| SlotBody {
                body: SmallFrames::new(body),
                _slot: slot,
            }))
        })
    }
}

/// A response body that holds its call's slot until it is dropped (sent, or the stream reset).
pub struct SlotBody<B> {
    body: B,
    _slot: Option<CallSlot>,
}

impl<B: Body + Unpin> Body for SlotBody<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// Why a call was shed: every `max_concurrent_calls` slot was taken when it arrived.
#[derive(Debug, thiserror::Error)]
#[error("overloaded")]
pub struct Overloaded;

impl Overloaded {
    /// The status a shed call gets: the caller may retry later.
    pub fn status() -> Status {
        Status::resource_exhausted(
            "server busy: max_concurrent_calls calls already in progress; retry with backoff",
        )
    }
}

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
        if let Some(Admission { slot: None, .. }) = request.extensions().get::<Admission>() {
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use hyper::service::Service as _;
    use tonic::{Code, Status};

    use super::*;

    /// The server's stack around a service that answers at once.
    fn admit(
        max: u32,
    ) -> Admit<
        tower::util::BoxCloneService<
            http::Request<tonic::body::Body>,
            http::Response<tonic::body::Body>,
            BoxError,
        >,
    > {
        let config = ServerConfig {
            request_timeout: Duration::from_secs(600),
            ..ServerConfig::default()
        };
        let answer = tower::service_fn(|_: http::Request<tonic::body::Body>| async {
            Ok::<_, BoxError>(http::Response::new(tonic::body::Body::empty()))
        });
        let config = ServerConfig {
            max_concurrent_calls: max,
            ..config
        };
        Admit::new(
            tower::util::BoxCloneService::new(super::super::layer(&config).service(answer)),
            &config,
        )
    }

    fn code(
        result: Result<http::Response<SlotBody<SmallFrames<tonic::body::Body>>>, BoxError>,
    ) -> Code {
        match result {
            Ok(_) => Code::Ok,
            Err(error) => error
                .downcast_ref::<Status>()
                .map_or(Code::Unknown, Status::code),
        }
    }

    // hyper accepts a burst of streams in one go and spawns a task for each: a limit taken when
    // those tasks first run would not see the calls still waiting to run. The slot is taken when
    // hyper calls the service, before the call's future is polled at all.
    #[tokio::test]
    async fn calls_are_counted_when_accepted_not_when_first_polled() {
        let admit = admit(2);
        let request = || http::Request::new(tonic::body::Body::empty());
        let (first, second, third) = (
            admit.call(request()),
            admit.call(request()),
            admit.call(request()),
        );
        // The third is shed even though the first two have not run yet.
        assert_eq!(code(third.await), Code::ResourceExhausted);
        let (first, second) = (first.await.unwrap(), second.await.unwrap());
        // Their slots are held until their responses are sent (the bodies dropped).
        assert_eq!(code(admit.call(request()).await), Code::ResourceExhausted);
        drop(first);
        let fourth = admit.call(request()).await.unwrap();
        drop((second, fourth));
        assert_eq!(code(admit.call(request()).await), Code::Ok);
    }

    #[test]
    fn a_slot_is_free_again_when_its_last_clone_is_dropped() {
        let slots = CallSlots::new(1);
        let slot = slots.try_take().unwrap();
        let held_by_blocking_work = slot.clone();
        assert!(slots.try_take().is_none());
        drop(slot);
        assert!(slots.try_take().is_none(), "the clone still holds it");
        drop(held_by_blocking_work);
        assert!(slots.try_take().is_some());
    }

    /// Every answer leaves in DATA frames under h2's copy threshold (see `frames.rs`): a long
    /// one comes out of the service hyper calls in pieces, whole and in order.
    #[tokio::test]
    async fn answers_leave_in_small_frames() {
        use http_body_util::BodyExt;
        let long: bytes::Bytes = (0..3000u32).map(|i| i as u8).collect();
        let answer = long.clone();
        let service = tower::service_fn(move |_: http::Request<tonic::body::Body>| {
            let answer = answer.clone();
            async move {
                Ok::<_, BoxError>(http::Response::new(tonic::body::Body::new(
                    http_body_util::Full::new(answer),
                )))
            }
        });
        let admit = Admit::new(service, &ServerConfig::default());
        let response = admit
            .call(http::Request::new(tonic::body::Body::empty()))
            .await
            .unwrap();
        let mut body = response.into_body();
        let mut joined = Vec::new();
        let mut frames = 0;
        while let Some(frame) = body.frame().await {
            let data = frame.unwrap().into_data().unwrap();
            assert!(data.len() <= super::super::frames::MAX_FRAME_PAYLOAD);
            joined.extend_from_slice(&data);
            frames += 1;
        }
        assert_eq!(joined, long);
        assert_eq!(frames, 3);
    }
}
