//! Protection from overload and slow calls: a per-call deadline and a global concurrency limit
//! that sheds excess calls at once instead of queueing them. The layers are tower's; this module
//! stacks them and turns their errors into gRPC statuses a caller can act on.

use tonic::Status;
use tower::layer::util::{Identity, Stack};
use tower::limit::GlobalConcurrencyLimitLayer;
use tower::load_shed::LoadShedLayer;
use tower::load_shed::error::Overloaded;
use tower::timeout::TimeoutLayer;
use tower::timeout::error::Elapsed;
use tower::util::MapErrLayer;
use tower::{BoxError, ServiceBuilder};

use super::ServerConfig;

/// The layers, outermost first: error mapping, load shedding, the global limit, the deadline.
pub type ProtectionLayers = Stack<
    TimeoutLayer,
    Stack<
        GlobalConcurrencyLimitLayer,
        Stack<LoadShedLayer, Stack<MapErrLayer<fn(BoxError) -> BoxError>, Identity>>,
    >,
>;

/// The protection stack for `config`. The concurrency limit is shared by every connection.
pub fn layer(config: &ServerConfig) -> ServiceBuilder<ProtectionLayers> {
    ServiceBuilder::new()
        .layer(MapErrLayer::new(to_status as fn(BoxError) -> BoxError))
        .load_shed()
        .layer(GlobalConcurrencyLimitLayer::new(
            config.max_concurrent_calls as usize,
        ))
        .timeout(config.request_timeout)
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

    fn code_of(result: Result<(), BoxError>) -> Code {
        result
            .expect_err("the call should fail")
            .downcast_ref::<Status>()
            .expect("errors come out as statuses")
            .code()
    }

    // Paused time: the clock moves only when every task waits on a timer, so the call holding the
    // slot is certainly still holding it when the second call comes, however slow the machine.
    #[tokio::test(start_paused = true)]
    async fn sheds_calls_beyond_the_limit_and_enforces_the_deadline() {
        let config = ServerConfig {
            max_concurrent_calls: 1,
            request_timeout: Duration::from_millis(200),
            ..ServerConfig::default()
        };
        let slow = service_fn(|delay: Duration| async move {
            tokio::time::sleep(delay).await;
            Ok::<(), BoxError>(())
        });
        let service = layer(&config).service(slow);

        // The first call holds the only slot past the deadline.
        let first = tokio::spawn(service.clone().oneshot(Duration::from_secs(5)));
        tokio::time::sleep(Duration::from_millis(50)).await;
        // The second is refused at once rather than queued: no time passes. (Queued, it would
        // wait for the first call's deadline, 150 ms later.)
        let started = tokio::time::Instant::now();
        let second = service.clone().oneshot(Duration::ZERO).await;
        assert_eq!(code_of(second), Code::ResourceExhausted);
        assert_eq!(started.elapsed(), Duration::ZERO);

        assert_eq!(code_of(first.await.unwrap()), Code::DeadlineExceeded);
        // At the first call's deadline (150 ms after the second call), not its 5 s; virtual time
        // so the bounds are exact, give or take the timer's 1 ms tick.
        let ended = started.elapsed();
        assert!(ended >= Duration::from_millis(150) && ended <= Duration::from_millis(152));
        // With the slot free again, a quick call succeeds.
        service.oneshot(Duration::ZERO).await.unwrap();
    }
}
