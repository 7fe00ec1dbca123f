//! OpenTelemetry trace export (cargo feature `otel`, flag `--otlp-endpoint`): one span per call,
//! sent over OTLP/gRPC to a collector.
//!
//! With the flag set, the server wraps each call in a span named after its gRPC path (`otel.name`
//! `/cardrules.v1.CardRulesService/Deal`, attributes `rpc.system`, `rpc.service`, `rpc.method`);
//! the call's log event (method, code, latency) becomes an event of that span. Spans go through
//! `tracing-opentelemetry` to an OTLP exporter with batching. Without the flag (the default)
//! there are no spans and no exporter, and without the feature none of this is built.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::WithExportConfig;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::{SdkTracerProvider, SpanExporter, Tracer};
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

/// Wraps each call in [`call_span`]: the layer in front of the call stack when tracing is on
/// ([`ServerConfig::trace_calls`](crate::server::ServerConfig::trace_calls)).
#[derive(Clone, Copy, Debug, Default)]
pub struct CallSpanLayer;

impl<S> tower::Layer<S> for CallSpanLayer {
    type Service = CallSpan<S>;

    fn layer(&self, inner: S) -> CallSpan<S> {
        CallSpan { inner }
    }
}

/// The service of [`CallSpanLayer`]: runs `inner` for each call inside the call's span (the span
/// is entered while the call is started and while its response future is polled).
#[derive(Clone, Debug)]
pub struct CallSpan<S> {
    inner: S,
}

impl<S, B> tower::Service<http::Request<B>> for CallSpan<S>
where
    S: tower::Service<http::Request<B>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = tracing::instrument::Instrumented<S::Future>;

    fn poll_ready(
        &mut self,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        use tracing::Instrument as _;
        let span = call_span(&request);
        let call = span.in_scope(|| self.inner.call(request));
        call.instrument(span)
    }
}

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
