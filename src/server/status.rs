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
