//! Prometheus metrics: the grpc-prometheus (go-grpc-prometheus) series that existing dashboards
//! query, plus calls in flight, shed calls and build info, served as text on a separate port.
//!
//! Every label set is resolved when the server starts, from the descriptor sets of the services
//! it serves, so recording a call is a hash lookup of its path and a few atomic adds: no lock and
//! no allocation per call. Paths the server does not serve share one `unknown` label set, so a
//! scanner cannot grow the series without bound.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use prometheus::{
    Encoder, Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge,
    IntGaugeVec, Opts, Registry, TextEncoder,
};
use prost::Message;
use std::convert::Infallible;

use bytes::Bytes;
use http::header::{CONNECTION, CONTENT_LENGTH, CONTENT_TYPE, HeaderValue};
use http::{Method, Request, Response, StatusCode};
use http_body_util::Full;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tonic::Code;

/// The gRPC codes by number, spelled as grpc-go spells them: grpc-prometheus dashboards filter
/// on these (`grpc_code!="OK"`), not on the upper-case names of the gRPC spec.
const CODE_NAMES: [&str; 17] = [
    "OK",
    "Canceled",
    "Unknown",
    "InvalidArgument",
    "DeadlineExceeded",
    "NotFound",
    "AlreadyExists",
    "PermissionDenied",
    "ResourceExhausted",
    "FailedPrecondition",
    "Aborted",
    "OutOfRange",
    "Unimplemented",
    "Internal",
    "Unavailable",
    "DataLoss",
    "Unauthenticated",
];

/// Latency buckets in seconds, from 25 µs to 10 s: a release-build call takes microseconds, the
/// slowest (a whole-deck ListPlays) tens of milliseconds, and the deadline is seconds. (The
/// grpc-prometheus default starts at 5 ms, which would put nearly every call in its first bucket.)
const LATENCY_BUCKETS: [f64; 18] = [
    0.000_025, 0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1,
    0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The series of one method, resolved once.
struct MethodMetrics {
    unary: bool,
    started: IntCounter,
    /// Indexed by the code's number.
    handled: [IntCounter; 17],
    handling_seconds: Histogram,
    msg_received: IntCounter,
    msg_sent: IntCounter,
}

/// Every series the server exports, and the registry that renders them.
pub struct Metrics {
    registry: Registry,
    /// Index into `methods` by full path (`/package.Service/Method`).
    by_path: HashMap<String, usize>,
    /// The served methods, then the `unknown` one last.
    methods: Vec<MethodMetrics>,
    in_flight: IntGauge,
    shed: IntCounter,
}

/// The descriptor sets of every service `serve` adds: each method found there gets its series.
const SERVED: [&[u8]; 4] = [
    crate::server::pb::FILE_DESCRIPTOR_SET,
    tonic_health::pb::FILE_DESCRIPTOR_SET,
    tonic_reflection::pb::v1::FILE_DESCRIPTOR_SET,
    tonic_reflection::pb::v1alpha::FILE_DESCRIPTOR_SET,
];

impl Metrics {
    /// The metrics of the services `serve` adds, all at zero.
    pub fn new() -> Metrics {
        let mut methods = Vec::new();
        for set in SERVED {
            let set = prost_types::FileDescriptorSet::decode(set)
                .expect("the compiled-in descriptor sets decode");
            for file in &set.file {
                for service in &file.service {
                    let full = format!("{}.{}", file.package(), service.name());
                    for method in &service.method {
                        let kind = match (method.client_streaming(), method.server_streaming()) {
                            (false, false) => "unary",
                            (true, false) => "client_stream",
                            (false, true) => "server_stream",
                            (true, true) => "bidi_stream",
                        };
                        methods.push((kind, full.clone(), method.name().to_owned()));
                    }
                }
            }
        }
        Metrics::for_methods(methods)
    }

    /// The metrics of `methods`, given as (grpc_type, service, method).
    fn for_methods(methods: Vec<(&'static str, String, String)>) -> Metrics {
        let registry = Registry::new();
        let labels = ["grpc_type", "grpc_service", "grpc_method"];
        let counter = |name: &str, help: &str, labels: &[&str]| {
            let vec = IntCounterVec::new(Opts::new(name, help), labels).expect("valid metric");
            registry
                .register(Box::new(vec.clone()))
                .expect("registered once");
            vec
        };
        let started = counter(
            "grpc_server_started_total",
            "Total number of RPCs started on the server.",
            &labels,
        );
        let handled = counter(
            "grpc_server_handled_total",
            "Total number of RPCs completed on the server, regardless of success or failure.",
            &["grpc_type", "grpc_service", "grpc_method", "grpc_code"],
        );
        let msg_received = counter(
            "grpc_server_msg_received_total",
            "Total number of RPC stream messages received on the server.",
            &labels,
        );
        let msg_sent = counter(
            "grpc_server_msg_sent_total",
            "Total number of gRPC stream messages sent by the server.",
            &labels,
        );
        let handling_seconds = HistogramVec::new(
            HistogramOpts::new(
                "grpc_server_handling_seconds",
                "Histogram of response latency (seconds) of gRPC that had been application-level \
                 handled by the server.",
            )
            .buckets(LATENCY_BUCKETS.to_vec()),
            &labels,
        )
        .expect("valid metric");
        registry
            .register(Box::new(handling_seconds.clone()))
            .expect("registered once");

        let served = methods.len();
        let unknown = ("unary", "unknown".to_owned(), "unknown".to_owned());
        let mut by_path = HashMap::new();
        let mut resolved = Vec::new();
        for (index, (kind, service, method)) in methods.into_iter().chain([unknown]).enumerate() {
            if index < served {
                by_path.insert(format!("/{service}/{method}"), index);
            }
            let values = [kind, service.as_str(), method.as_str()];
            resolved.push(MethodMetrics {
                unary: kind == "unary",
                started: started.with_label_values(&values),
                handled: CODE_NAMES.map(|code| {
                    handled.with_label_values(&[kind, service.as_str(), method.as_str(), code])
                }),
                handling_seconds: handling_seconds.with_label_values(&values),
                msg_received: msg_received.with_label_values(&values),
                msg_sent: msg_sent.with_label_values(&values),
            });
        }

        let in_flight = IntGauge::new(
            "cardrules_calls_in_flight",
            "Calls the server has started and not yet answered, including calls it is refusing.",
        )
        .expect("valid metric");
        registry
            .register(Box::new(in_flight.clone()))
            .expect("registered once");
        let shed = IntCounter::new(
            "cardrules_calls_shed_total",
            "Calls refused with RESOURCE_EXHAUSTED because max_concurrent_calls calls were \
             already in progress.",
        )
        .expect("valid metric");
        registry
            .register(Box::new(shed.clone()))
            .expect("registered once");
        let build_info = IntGaugeVec::new(
            Opts::new(
                "cardrules_build_info",
                "Always 1; the labels say which build is running.",
            ),
            &["version", "commit"],
        )
        .expect("valid metric");
        build_info
            .with_label_values(&[env!("CARGO_PKG_VERSION"), env!("CARDRULES_GIT_COMMIT")])
            .set(1);
        registry
            .register(Box::new(build_info))
            .expect("registered once");

        Metrics {
            registry,
            by_path,
            methods: resolved,
            in_flight,
            shed,
        }
    }

    /// Counts a call to `path` as started; the returned guard counts it as handled.
    pub fn start(self: &Arc<Self>, path: &str, start: Instant) -> CallMetrics {
        let method = self
            .by_path
            .get(path)
            .copied()
            .unwrap_or(self.methods.len() - 1);
        self.methods[method].started.inc();
        self.in_flight.inc();
        CallMetrics {
            metrics: Some(Arc::clone(self)),
            method,
            start,
        }
    }

    /// Every series in the Prometheus text format.
    pub fn render(&self) -> Vec<u8> {
        let mut text = Vec::with_capacity(32 * 1024);
        TextEncoder::new()
            .encode(&self.registry.gather(), &mut text)
            .expect("writing to a Vec cannot fail");
        text
    }
}

/// One call in progress. Dropped without [`CallMetrics::handled`] (the client went away, so the
/// server dropped the call), it counts the call as CANCELLED.
pub struct CallMetrics {
    metrics: Option<Arc<Metrics>>,
    method: usize,
    start: Instant,
}

/// Counts the messages of one streaming call as they pass.
#[derive(Clone)]
pub struct StreamMessages {
    metrics: Arc<Metrics>,
    method: usize,
}

impl StreamMessages {
    /// `messages` more request messages received.
    pub fn received(&self, messages: u64) {
        self.metrics.methods[self.method]
            .msg_received
            .inc_by(messages);
    }

    /// `messages` more response messages sent.
    pub fn sent(&self, messages: u64) {
        self.metrics.methods[self.method].msg_sent.inc_by(messages);
    }
}

impl CallMetrics {
    /// For a streaming method, its message counters (a unary call's are counted by its outcome).
    pub fn stream_messages(&self) -> Option<StreamMessages> {
        let metrics = self.metrics.as_ref()?;
        (!metrics.methods[self.method].unary).then(|| StreamMessages {
            metrics: Arc::clone(metrics),
            method: self.method,
        })
    }

    /// Counts the call as handled with `code`, `latency` after it started. `refused` says the
    /// protection layers answered instead of the service: with RESOURCE_EXHAUSTED that is a shed
    /// call, whose request was never read.
    pub fn handled(mut self, code: Code, latency: Duration, refused: bool) {
        if let Some(metrics) = self.metrics.take() {
            metrics.record(self.method, code, latency, refused);
        }
    }
}

impl Drop for CallMetrics {
    fn drop(&mut self) {
        if let Some(metrics) = self.metrics.take() {
            metrics.record(self.method, Code::Cancelled, self.start.elapsed(), false);
        }
    }
}

impl Metrics {
    fn record(&self, method: usize, code: Code, latency: Duration, refused: bool) {
        let series = &self.methods[method];
        let number = code as usize;
        series.handled[if number < CODE_NAMES.len() { number } else { 2 }].inc();
        series.handling_seconds.observe(latency.as_secs_f64());
        // A shed call never reached a handler; a call over the deadline did.
        let shed = refused && code == Code::ResourceExhausted;
        // grpc-prometheus counts a unary call's request when its handler runs and its response
        // when the handler succeeds. A stream's messages are counted as they pass
        // ([`StreamMessages`]).
        if series.unary && !shed {
            series.msg_received.inc();
            if code == Code::Ok {
                series.msg_sent.inc();
            }
        }
        if shed {
            self.shed.inc();
        }
        self.in_flight.dec();
    }
}

/// Answers `GET /metrics` (and `HEAD`) on `listener` until the task is dropped, with hyper's
/// HTTP/1 server: one request per connection, then close, which is all a Prometheus scrape needs.
/// Any other path is 404, any other method 405.
pub async fn serve_http(metrics: Arc<Metrics>, listener: TcpListener) {
    let mut http = http1::Builder::new();
    http.title_case_headers(true)
        .auto_date_header(false)
        // A scrape's request head is a few hundred bytes: a head past 16 KiB is refused.
        .max_buf_size(16 * 1024);
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            // Out of file descriptors, say: the gRPC side is what matters, so keep going.
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let metrics = Arc::clone(&metrics);
        let answer = service_fn(move |request: Request<Incoming>| {
            std::future::ready(Ok::<_, Infallible>(answer(&metrics, &request)))
        });
        let connection = http.serve_connection(TokioIo::new(stream), answer);
        // A client that never finishes its request must not hold a task forever.
        tokio::spawn(tokio::time::timeout(Duration::from_secs(30), connection));
    }
}

/// The answer to one request: the series, or why not. `Connection: close` makes hyper close
/// the connection once it is written.
fn answer<B>(metrics: &Metrics, request: &Request<B>) -> Response<Full<Bytes>> {
    let readable = matches!(*request.method(), Method::GET | Method::HEAD);
    // `uri().path()` leaves out any query string (`/metrics?name[]=...` is allowed and ignored).
    let (status, content_type, body) = match (readable, request.uri().path()) {
        (true, "/metrics") => (
            StatusCode::OK,
            "text/plain; version=0.0.4; charset=utf-8",
            metrics.render(),
        ),
        (true, _) => (
            StatusCode::NOT_FOUND,
            "text/plain; charset=utf-8",
            b"only /metrics is served here\n".to_vec(),
        ),
        (false, _) => (
            StatusCode::METHOD_NOT_ALLOWED,
            "text/plain; charset=utf-8",
            b"only GET /metrics is served here\n".to_vec(),
        ),
    };
    let length = body.len();
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    // Written for a HEAD too, where hyper sends no body.
    headers.insert(CONTENT_LENGTH, HeaderValue::from(length));
    headers.insert(CONNECTION, HeaderValue::from_static("close"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(metrics: &Metrics) -> String {
        String::from_utf8(metrics.render()).unwrap()
    }

    #[test]
    fn every_served_method_has_zeroed_series_with_its_type() {
        let metrics = Metrics::new();
        let text = text(&metrics);
        assert!(text.contains(
            "grpc_server_started_total{grpc_method=\"Deal\",grpc_service=\"cardrules.v1.CardRulesService\",grpc_type=\"unary\"} 0"
        ), "{text}");
        assert!(text.contains(
            "grpc_server_started_total{grpc_method=\"Watch\",grpc_service=\"grpc.health.v1.Health\",grpc_type=\"server_stream\"} 0"
        ));
        assert!(text.contains("grpc_type=\"bidi_stream\""));
        assert!(text.contains(&format!(
            "cardrules_build_info{{commit=\"{}\",version=\"{}\"}} 1",
            env!("CARDRULES_GIT_COMMIT"),
            env!("CARGO_PKG_VERSION")
        )));
    }

    #[test]
    fn records_codes_shed_calls_cancellations_and_unknown_paths() {
        let metrics = Arc::new(Metrics::new());
        let now = Instant::now();
        let deal = "/cardrules.v1.CardRulesService/Deal";
        metrics
            .start(deal, now)
            .handled(Code::Ok, Duration::from_micros(30), false);
        metrics
            .start(deal, now)
            .handled(Code::ResourceExhausted, Duration::ZERO, true);
        metrics
            .start(deal, now)
            .handled(Code::DeadlineExceeded, Duration::from_secs(2), true);
        let pending = metrics.start("/no.Such/Thing", now);
        assert_eq!(metrics.in_flight.get(), 1);
        drop(pending);
        assert_eq!(metrics.in_flight.get(), 0);
        assert_eq!(metrics.shed.get(), 1);

        let text = text(&metrics);
        let deal_labels = "grpc_method=\"Deal\",grpc_service=\"cardrules.v1.CardRulesService\",grpc_type=\"unary\"";
        for line in [
            format!("grpc_server_started_total{{{deal_labels}}} 3"),
            format!("grpc_server_handled_total{{grpc_code=\"OK\",{deal_labels}}} 1"),
            format!("grpc_server_handled_total{{grpc_code=\"ResourceExhausted\",{deal_labels}}} 1"),
            format!("grpc_server_handled_total{{grpc_code=\"DeadlineExceeded\",{deal_labels}}} 1"),
            // The shed call's request was never read; the one over the deadline's was.
            format!("grpc_server_msg_received_total{{{deal_labels}}} 2"),
            format!("grpc_server_msg_sent_total{{{deal_labels}}} 1"),
            format!("grpc_server_handling_seconds_bucket{{{deal_labels},le=\"0.000025\"}} 1"),
            format!("grpc_server_handling_seconds_bucket{{{deal_labels},le=\"0.00005\"}} 2"),
            format!("grpc_server_handling_seconds_bucket{{{deal_labels},le=\"2.5\"}} 3"),
            format!("grpc_server_handling_seconds_count{{{deal_labels}}} 3"),
            "grpc_server_handled_total{grpc_code=\"Canceled\",grpc_method=\"unknown\",grpc_service=\"unknown\",grpc_type=\"unary\"} 1".to_owned(),
            "cardrules_calls_shed_total 1".to_owned(),
            "cardrules_calls_in_flight 0".to_owned(),
        ] {
            assert!(text.lines().any(|l| l == line), "missing {line:?} in\n{text}");
        }
    }
}
