//! What the server tells its operators about the calls it serves: a log line per call
//! (`log.rs`), the Prometheus series of the metrics endpoint (`metrics.rs`), and, with the
//! `otel` feature, a span per call exported over OTLP (`trace`).
//!
//! The log and the metrics share one layer (`CallLogLayer`), which works out each call's status
//! code once for both.

mod log;
mod metrics;
#[cfg(feature = "otel")]
pub mod trace;

pub(crate) use log::CallLogLayer;
pub(crate) use metrics::{Metrics, serve_http};
