//! Protection from overload and slow calls: a per-call deadline and a global concurrency limit
//! that sheds excess calls at once instead of queueing them. The layers themselves are tower's;
//! this module turns their errors into gRPC statuses with a message a caller can act on.

use std::time::Duration;

use tonic::Status;
use tower::BoxError;
use tower::load_shed::error::Overloaded;
use tower::timeout::error::Elapsed;

/// Maps the protection layers' errors to statuses: shed calls to RESOURCE_EXHAUSTED, calls over
/// the deadline to DEADLINE_EXCEEDED. Anything else passes through.
pub fn to_status(error: BoxError, limit: u32, deadline: Duration) -> BoxError {
    if error.is::<Overloaded>() {
        return Box::new(Status::resource_exhausted(format!(
            "server busy: {limit} calls already in progress (max_concurrent_calls); retry with backoff"
        )));
    }
    if error.is::<Elapsed>() {
        return Box::new(Status::deadline_exceeded(format!(
            "call exceeded the server's deadline of {} ms (request_timeout_ms)",
            deadline.as_millis()
        )));
    }
    error
}
