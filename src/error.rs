//! The one error type every request-checking path returns, free of any transport.
//!
//! The gRPC layer turns an [`InvalidArgument`] into `INVALID_ARGUMENT` with
//! `google.rpc.BadRequest` field violations; nothing else in the core knows about gRPC.

use std::fmt;

/// The most field violations an answer lists before [`InvalidArgument::bounded`] sums up the
/// rest in one more.
pub const MAX_VIOLATIONS: usize = 12;

/// One malformed field of a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldViolation {
    /// The field path with indices, as the proto names it: `hand[3]`, `rules.preset`.
    pub field: String,
    /// What is wrong with it, naming the offending value.
    pub description: String,
}

/// A request that cannot be answered because some fields are malformed.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct InvalidArgument {
    /// Every violation found, in field order; never empty once returned.
    pub violations: Vec<FieldViolation>,
}

impl InvalidArgument {
    /// A single violation.
    pub fn new(field: impl Into<String>, description: impl Into<String>) -> Self {
        let mut error = InvalidArgument::default();
        error.push(field, description);
        error
    }

    /// Adds a violation.
    pub fn push(&mut self, field: impl Into<String>, description: impl Into<String>) {
        self.violations.push(FieldViolation {
            field: field.into(),
            description: description.into(),
        });
    }

    /// At most [`MAX_VIOLATIONS`] violations, as every answer lists them: the first ones, then,
    /// when there were more, one more on the top-level field of the first one left out (`record`
    /// for `record.plays[3].cards[1]`, `hand` for `hand[40]`) saying how many were left out. A
    /// request holds lists of up to a deck of cards, and a violation for every bad entry would
    /// make the status larger than HTTP/2 peers accept in headers.
    pub fn bounded(mut self) -> InvalidArgument {
        let more = self.violations.len().saturating_sub(MAX_VIOLATIONS);
        if more > 0 {
            let first_left_out = &self.violations[MAX_VIOLATIONS].field;
            let top = first_left_out
                .find(['.', '['])
                .map_or(first_left_out.as_str(), |end| &first_left_out[..end])
                .to_owned();
            self.violations.truncate(MAX_VIOLATIONS);
            self.push(top, format!("and {more} more problems, not listed"));
        }
        self
    }

    /// True when no violation was recorded.
    pub fn is_empty(&self) -> bool {
        self.violations.is_empty()
    }

    /// `Err(self)` when violations were recorded, `Ok(value)` otherwise.
    pub fn or_ok<T>(self, value: T) -> Result<T, InvalidArgument> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

impl fmt::Display for InvalidArgument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.violations.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{}: {}", v.field, v.description)?;
        }
        Ok(())
    }
}

impl std::error::Error for InvalidArgument {}
