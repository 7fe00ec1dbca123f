//! The transport: the accept loop (`connections.rs`) feeding one tower stack, the protocols and
//! their limits (`limits.rs`), TLS and gRPC-Web, and the protection every call gets: admission
//! and shedding (`admission.rs`: the whole `max_concurrent_calls` policy) and the deadline
//! (`deadline.rs`).

pub(super) mod admission;
mod connections;
mod deadline;
mod frames;
pub mod grpc_web;
mod limits;
pub mod tls;

use tower::layer::util::{Identity, Stack};
use tower::util::MapErrLayer;
use tower::{BoxError, ServiceBuilder};

pub(super) use connections::serve;

use admission::{Overloaded, ShedLayer};
use deadline::{DeadlineLayer, Elapsed};

use crate::server::config::ServerConfig;

/// The protection layers, outermost first: error mapping, shedding, the deadline.
pub(super) type ProtectionLayers =
    Stack<DeadlineLayer, Stack<ShedLayer, Stack<MapErrLayer<fn(BoxError) -> BoxError>, Identity>>>;

/// The protection stack for `config`: it fails the calls admission refused and the calls over
/// their deadline, with gRPC statuses a caller can act on.
pub(super) fn layer(config: &ServerConfig) -> ServiceBuilder<ProtectionLayers> {
    ServiceBuilder::new()
        .layer(MapErrLayer::new(to_status as fn(BoxError) -> BoxError))
        .layer(ShedLayer)
        .layer(DeadlineLayer {
            server: config.request_timeout,
        })
}

/// Shed calls become RESOURCE_EXHAUSTED, calls over the deadline DEADLINE_EXCEEDED; anything
/// else passes through.
fn to_status(error: BoxError) -> BoxError {
    if error.is::<Overloaded>() {
        return Box::new(Overloaded::status());
    }
    if error.is::<Elapsed>() {
        return Box::new(Elapsed::status());
    }
    error
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tonic::{Code, Status};
    use tower::{ServiceExt, service_fn};

    use super::admission::{Admission, CallSlots};
    use super::*;

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
                Some(Admission {
                    slot: None,
                    accepted: tokio::time::Instant::now().into_std(),
                }),
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
                Some(Admission {
                    slot,
                    accepted: tokio::time::Instant::now().into_std(),
                }),
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
}
