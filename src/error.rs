//! The one error type every request-checking path returns, free of any transport.
//!
//! The gRPC layer turns an [`InvalidArgument`] into `INVALID_ARGUMENT` with
//! `google.rpc.BadRequest` field violations; nothing else in the core knows about gRPC.

use std::fmt;

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
