//! OpenTelemetry traces (feature `otel`): with call tracing on, each call becomes a span named
//! after its gRPC path, with the RPC attributes, exported through the same provider and layer the
//! binary installs for `--otlp-endpoint` (here with an in-memory exporter instead of OTLP).

mod common;

use std::sync::{Arc, Mutex};

use cardrules::server::observe::trace as telemetry;
use cardrules::server::pb::{DealRequest, Game};
use common::{TestServer, test_config};
use opentelemetry::Value;
use opentelemetry_sdk::error::OTelSdkResult;
use opentelemetry_sdk::trace::{SpanData, SpanExporter};
use tracing_subscriber::layer::SubscriberExt;

/// Keeps what it is sent.
#[derive(Clone, Debug, Default)]
struct Collected(Arc<Mutex<Vec<SpanData>>>);

impl SpanExporter for Collected {
    async fn export(&self, batch: Vec<SpanData>) -> OTelSdkResult {
        self.0.lock().unwrap().extend(batch);
        Ok(())
    }
}

fn attribute(span: &SpanData, key: &str) -> Option<Value> {
    span.attributes
        .iter()
        .find(|kv| kv.key.as_str() == key)
        .map(|kv| kv.value.clone())
}

// A current-thread runtime: the server's tasks run on this thread, under the subscriber set here.
#[tokio::test]
async fn with_tracing_on_each_call_is_exported_as_a_span() {
    let collected = Collected::default();
    let provider = telemetry::provider_with(collected.clone(), "cardrules-test");
    let subscriber = tracing_subscriber::registry().with(telemetry::layer(&provider));
    let _guard = tracing::subscriber::set_default(subscriber);

    let mut config = test_config();
    config.trace_calls = true;
    let server = TestServer::start_with(config).await;
    let mut client = server.client().await;
    client
        .deal(DealRequest {
            game: Game::Doudizhu.into(),
            seed: Some(1),
            ..Default::default()
        })
        .await
        .unwrap();
    client.deal(DealRequest::default()).await.unwrap_err();
    server.shutdown().await.unwrap();
    provider.force_flush().unwrap();

    let spans = collected.0.lock().unwrap().clone();
    let deals: Vec<&SpanData> = spans
        .iter()
        .filter(|span| span.name == "/cardrules.v1.CardRulesService/Deal")
        .collect();
    assert_eq!(deals.len(), 2, "{spans:#?}");
    for span in deals {
        assert_eq!(span.span_kind, opentelemetry::trace::SpanKind::Server);
        assert_eq!(attribute(span, "rpc.system"), Some("grpc".into()));
        assert_eq!(
            attribute(span, "rpc.service"),
            Some("cardrules.v1.CardRulesService".into())
        );
        assert_eq!(attribute(span, "rpc.method"), Some("Deal".into()));
        // The call's log line is an event of its span, and the span layer adds none of its own.
        let events: Vec<&str> = span
            .events
            .iter()
            .map(|event| event.name.as_ref())
            .collect();
        assert_eq!(
            events.iter().filter(|name| **name == "call").count(),
            1,
            "{events:?}"
        );
        for layer_event in [
            "started processing request",
            "finished processing request",
            "response failed",
            "end of stream",
        ] {
            assert!(!events.contains(&layer_event), "{events:?}");
        }
    }
}

#[tokio::test]
async fn with_tracing_off_no_span_is_made() {
    let collected = Collected::default();
    let provider = telemetry::provider_with(collected.clone(), "cardrules-test");
    let subscriber = tracing_subscriber::registry().with(telemetry::layer(&provider));
    let _guard = tracing::subscriber::set_default(subscriber);

    let server = TestServer::start().await;
    let mut client = server.client().await;
    client.deal(DealRequest::default()).await.unwrap_err();
    server.shutdown().await.unwrap();
    provider.force_flush().unwrap();
    let spans = collected.0.lock().unwrap().clone();
    assert!(
        spans
            .iter()
            .all(|span| !span.name.starts_with("/cardrules")),
        "{spans:#?}"
    );
}
