//! OpenTelemetry trace export (cargo feature `otel`, flag `--otlp-endpoint`): one span per call,
//! sent over OTLP/gRPC to a collector.
//!
//! With the flag set, the server wraps each call in a span named after its gRPC path (`otel.name`
//! `/cardrules.v1.CardRulesService/Deal`, attributes `rpc.system`, `rpc.service`, `rpc.method`);
//! the call's log event (method, code, latency) becomes an event of that span, which lasts until
//! the answer's body has been sent (tower-http's trace layer). Spans go through
//! `tracing-opentelemetry` to an OTLP exporter with batching. Without the flag (the default)
//! there are no spans and no exporter, and without the feature none of this is built.

use http_body_util::Either;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::WithExportConfig;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::{SdkTracerProvider, SpanExporter, Tracer};
use tower::layer::util::Stack;
use tower::util::MapResponseLayer;
use tower_http::classify::{GrpcEosErrorsAsFailures, GrpcErrorsAsFailures, SharedClassifier};
use tower_http::trace::{ResponseBody, TraceLayer};
use tracing_subscriber::registry::LookupSpan;

/// Trace export settings of `cardrules serve`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct OtelArgs {
    /// OTLP/gRPC endpoint to export call spans to (e.g. `http://127.0.0.1:4317`). Unset: no
    /// traces.
    #[arg(long, env = "CARDRULES_OTLP_ENDPOINT")]
    pub otlp_endpoint: Option<String>,

    /// The `service.name` the spans are exported under.
    #[arg(long, env = "CARDRULES_OTEL_SERVICE_NAME", default_value = "cardrules")]
    pub otel_service_name: String,
}

/// The name of the tracer the spans are made with.
const TRACER: &str = "cardrules";

impl OtelArgs {
    /// The tracer provider exporting to `--otlp-endpoint`, when it is set. Call it inside the
    /// tokio runtime (the exporter's gRPC client runs on it); shut the provider down on exit so
    /// the last spans are sent.
    pub fn provider(
        &self,
    ) -> Result<Option<SdkTracerProvider>, opentelemetry_otlp::ExporterBuildError> {
        let Some(endpoint) = &self.otlp_endpoint else {
            return Ok(None);
        };
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_tonic()
            .with_endpoint(endpoint.clone())
            .build()?;
        Ok(Some(provider_with(exporter, &self.otel_service_name)))
    }
}

/// A tracer provider that batches spans to `exporter`, as service `service_name`.
pub fn provider_with(
    exporter: impl SpanExporter + 'static,
    service_name: &str,
) -> SdkTracerProvider {
    SdkTracerProvider::builder()
        .with_resource(
            Resource::builder()
                .with_service_name(service_name.to_owned())
                .build(),
        )
        .with_batch_exporter(exporter)
        .build()
}

/// The `tracing` layer that turns spans into OpenTelemetry spans of `provider`.
pub fn layer<S>(
    provider: &SdkTracerProvider,
) -> tracing_opentelemetry::OpenTelemetryLayer<S, Tracer>
where
    S: tracing::Subscriber + for<'span> LookupSpan<'span>,
{
    tracing_opentelemetry::layer().with_tracer(provider.tracer(TRACER))
}

/// The layers in front of the call stack: [`call_span_layer`] when `on`
/// ([`ServerConfig::trace_calls`](crate::server::ServerConfig::trace_calls)). Traced or not, the
/// stack answers with one body type ([`AnswerBody`]), so that only a traced call pays for its
/// span. `ReqB` is the type of the request bodies, `B` of the stack's answer bodies.
pub fn call_spans<ReqB, B>(on: bool) -> CallSpans<ReqB, B> {
    if on {
        let traced: fn(_) -> _ = |answer: http::Response<TracedBody<B>>| answer.map(Either::Left);
        tower::util::Either::Left(Stack::new(call_span_layer(), MapResponseLayer::new(traced)))
    } else {
        let plain: fn(_) -> _ = |answer: http::Response<B>| answer.map(Either::Right);
        tower::util::Either::Right(MapResponseLayer::new(plain))
    }
}

/// The type of [`call_spans`].
pub type CallSpans<ReqB, B> = tower::util::Either<
    Stack<
        CallSpanLayer<ReqB>,
        MapResponseLayer<fn(http::Response<TracedBody<B>>) -> http::Response<AnswerBody<B>>>,
    >,
    MapResponseLayer<fn(http::Response<B>) -> http::Response<AnswerBody<B>>>,
>;

/// An answer's body under [`call_spans`]: traced, or as the stack sent it.
pub type AnswerBody<B> = Either<TracedBody<B>, B>;

/// An answer's body under [`call_span_layer`]: sent inside the call's span.
pub type TracedBody<B> = ResponseBody<B, GrpcEosErrorsAsFailures, (), (), ()>;

/// tower-http's trace layer, making a span for each call (named after its gRPC path), entered while the call is
/// started, while its answer is awaited and while its body is sent; none of the layer's own
/// events (each call's log line is the call log's, with or without spans).
pub fn call_span_layer<B>() -> CallSpanLayer<B> {
    TraceLayer::new_for_grpc()
        .make_span_with(call_span as fn(&http::Request<B>) -> tracing::Span)
        .on_request(())
        .on_response(())
        .on_body_chunk(())
        .on_eos(())
        .on_failure(())
}

/// The type of [`call_span_layer`], for requests with bodies of type `B`.
pub type CallSpanLayer<B> = TraceLayer<
    SharedClassifier<GrpcErrorsAsFailures>,
    fn(&http::Request<B>) -> tracing::Span,
    (),
    (),
    (),
    (),
    (),
>;

/// The span of one call, named after its gRPC path.
fn call_span<B>(request: &http::Request<B>) -> tracing::Span {
    let path = request.uri().path();
    let (service, method) = path
        .trim_start_matches('/')
        .split_once('/')
        .unwrap_or((path, ""));
    tracing::info_span!(
        "grpc call",
        otel.name = path,
        otel.kind = "server",
        rpc.system = "grpc",
        rpc.service = service,
        rpc.method = method,
    )
}
