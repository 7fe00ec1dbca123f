//! The one mapping from core errors to gRPC statuses, shared by every RPC.

use tonic::{Code, Status};
use tonic_types::{ErrorDetails, FieldViolation, StatusExt};

use crate::error::InvalidArgument;

/// `INVALID_ARGUMENT` whose message lists every violation (enough on its own for a person reading
/// grpcurl output) and whose details carry them as `google.rpc.BadRequest` field violations:
/// at most [`crate::error::MAX_VIOLATIONS`] and a last one saying how many more
/// ([`InvalidArgument::bounded`]).
pub fn invalid_argument(error: InvalidArgument) -> Status {
    let error = error.bounded();
    let violations: Vec<FieldViolation> = error
        .violations
        .iter()
        .map(|v| FieldViolation::new(v.field.clone(), v.description.clone()))
        .collect();
    Status::with_error_details(
        Code::InvalidArgument,
        error.to_string(),
        ErrorDetails::with_bad_request(violations),
    )
}

/// Runs `work` and answers INTERNAL if it panics (a bug): "the handler failed: " and the panic's
/// message, rather than a reset stream, which the client would read as CANCELLED. The work owns
/// what it reads and shares nothing, so a panic leaves nothing half-changed.
pub fn unless_panicked<T>(work: impl FnOnce() -> T) -> Result<T, Status> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|panic| panicked(&*panic))
}

/// [`unless_panicked`]'s answer for work run on the blocking pool that did not finish.
pub fn join_failed(error: tokio::task::JoinError) -> Status {
    match error.try_into_panic() {
        Ok(panic) => panicked(&*panic),
        Err(error) => handler_failed(error),
    }
}

/// The answer for a handler that panicked: its message when the panic carries a string.
fn panicked(panic: &(dyn std::any::Any + Send)) -> Status {
    let message = (panic.downcast_ref::<&str>().copied())
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic");
    handler_failed(message)
}

/// The one wording of every failed handler's answer.
fn handler_failed(why: impl std::fmt::Display) -> Status {
    Status::internal(format!("the handler failed: {why}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_panic_on_the_blocking_pool_answers_as_one_inline_does() {
        let inline = unless_panicked(|| -> u8 { panic!("no rule for {}", 7) }).unwrap_err();
        assert_eq!(inline.code(), Code::Internal);
        assert_eq!(inline.message(), "the handler failed: no rule for 7");
        let pooled = tokio::task::spawn_blocking(|| -> u8 { panic!("no rule for {}", 7) })
            .await
            .map_err(join_failed)
            .unwrap_err();
        assert_eq!(pooled.code(), Code::Internal);
        assert_eq!(pooled.message(), inline.message());
    }
}
