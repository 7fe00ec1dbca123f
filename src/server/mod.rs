//! The thin gRPC layer: proto <-> core conversion, error mapping and the server's wiring.
//!
//! Nothing here decides a rule; every answer comes from the pure core modules.
//!
//! It needs no `unsafe`, and forbids it: the crate's only `unsafe` belongs to the core's SIMD
//! kernels and the binary's allocator (`allocator.rs`).

#![forbid(unsafe_code)]

mod batch;
mod blocking;
pub mod config;
mod deal;
mod doudizhu;
mod enums;
pub mod healthcheck;
mod mahjong;
pub mod net;
pub mod observe;
pub mod pb;
pub mod playground;
mod rpcs;
mod service;
pub mod status;
pub mod wire;

use std::future::Future;

use tokio::net::TcpListener;
use tonic_health::ServingStatus;

pub use config::ServerConfig;
pub use service::CardRules;

use pb::card_rules_service_server::CardRulesServiceServer;

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The reflection service could not be built from the descriptor sets.
    #[error("building the reflection service: {0}")]
    Reflection(#[from] tonic_reflection::server::Error),
    /// The TLS files could not be loaded.
    #[error("TLS: {0}")]
    Tls(#[from] net::tls::TlsError),
    /// The metrics endpoint's address could not be bound.
    #[error("listening for metrics on {addr}: {error}")]
    MetricsListen {
        /// The address of `--metrics-listen`.
        addr: std::net::SocketAddr,
        /// Why binding failed.
        error: std::io::Error,
    },
}

/// The full service name, as health checks and reflection report it.
pub const SERVICE_NAME: &str = "cardrules.v1.CardRulesService";

/// Serves `CardRulesService`, health and reflection on `listener` until `shutdown` resolves.
///
/// On shutdown the health status flips to NOT_SERVING first, then the listener closes and every
/// connection gets HTTP/2 GOAWAY: calls already accepted run to completion (up to
/// `config.shutdown_grace`), calls sent after it are refused without being started.
///
/// With `config.metrics_listen` set, it also serves the Prometheus endpoint there (see
/// [`serve_with_metrics`]).
pub async fn serve(
    config: &ServerConfig,
    listener: TcpListener,
    shutdown: impl Future<Output = ()>,
) -> Result<(), ServeError> {
    let metrics_listener = match config.metrics_listen {
        None => None,
        Some(addr) => Some(
            TcpListener::bind(addr)
                .await
                .map_err(|error| ServeError::MetricsListen { addr, error })?,
        ),
    };
    serve_with_metrics(config, listener, metrics_listener, shutdown).await
}

/// [`serve`], with the metrics endpoint on `metrics_listener` (if any) whatever
/// `config.metrics_listen` says: for callers that bind it themselves, such as tests on a port the
/// OS chose.
///
/// The endpoint answers `GET /metrics` until this returns, so the calls finishing during the
/// shutdown grace are still visible to a scrape.
pub async fn serve_with_metrics(
    config: &ServerConfig,
    listener: TcpListener,
    metrics_listener: Option<TcpListener>,
    shutdown: impl Future<Output = ()>,
) -> Result<(), ServeError> {
    let config = &*config.effective();
    let metrics = metrics_listener.map(|listener| {
        let metrics = std::sync::Arc::new(observe::Metrics::new());
        let endpoint = tokio::spawn(observe::serve_http(metrics.clone(), listener));
        (metrics, AbortOnDrop(endpoint))
    });
    let (health, health_service) = tonic_health::server::health_reporter();
    health
        .set_serving::<CardRulesServiceServer<CardRules>>()
        .await;

    let reflection_v1 = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(pb::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_types::pb::FILE_DESCRIPTOR_SET)
        .build_v1()?;
    let reflection_v1alpha = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(pb::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_types::pb::FILE_DESCRIPTOR_SET)
        .build_v1alpha()?;

    let rules =
        CardRulesServiceServer::new(CardRules).max_decoding_message_size(config.max_request_bytes);

    let routes = tonic::service::Routes::new(health_service)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(rules)
        .prepare();
    let tls = config
        .tls
        .files()
        .map(net::tls::ReloadingTls::load)
        .transpose()?;
    // Reads the TLS files again every `tls_reload_interval`, for as long as this serves.
    let _tls_watch = tls.as_ref().map(|tls| {
        AbortOnDrop(tokio::spawn(
            tls.clone().watch(config.tls.tls_reload_interval),
        ))
    });
    // A span around each call, for OpenTelemetry export.
    #[cfg(feature = "otel")]
    let spans = observe::trace::call_spans(config.trace_calls);
    #[cfg(not(feature = "otel"))]
    let spans = tower::layer::util::Identity::new();
    let service = tower::ServiceBuilder::new()
        .layer(spans)
        .layer(tonic::service::RecoverErrorLayer::new())
        // The playground page (when on) answers its GETs before gRPC-Web sees them.
        .option_layer(playground::layer(
            &config.playground,
            config.tls.files().is_some(),
            listener.local_addr().unwrap_or(config.listen),
        ))
        // gRPC-Web (when on) is translated to gRPC before the log and the deadline see it.
        .option_layer(config.grpc_web.cors_layer())
        .option_layer(config.grpc_web.web_layer())
        .layer(observe::CallLogLayer {
            metrics: metrics.as_ref().map(|(metrics, _)| metrics.clone()),
        })
        .layer(net::layer(config))
        .service(routes);
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let server = net::serve(config, listener, tls, service, async {
        let _ = stop_rx.await;
    });
    tokio::pin!(server);

    tokio::select! {
        () = &mut server => return Ok(()),
        () = shutdown => {}
    }
    tracing::info!("shutting down: health NOT_SERVING, finishing calls in flight");
    health
        .set_service_status("", ServingStatus::NotServing)
        .await;
    health
        .set_not_serving::<CardRulesServiceServer<CardRules>>()
        .await;
    let _ = stop_tx.send(());
    match tokio::time::timeout(config.shutdown_grace, server).await {
        Ok(()) => Ok(()),
        Err(_) => {
            tracing::warn!(
                grace_ms = config.shutdown_grace.as_millis() as u64,
                "calls still in flight when the shutdown grace ran out; stopping anyway"
            );
            Ok(())
        }
    }
}

/// Stops a spawned task when dropped: the metrics endpoint lives exactly as long as `serve`.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}
