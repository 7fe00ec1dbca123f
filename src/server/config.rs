//! Server settings: each one a command-line flag and an environment variable, with the defaults
//! compiled in so `cardrules` runs with no configuration at all.

use std::borrow::Cow;
use std::net::SocketAddr;
use std::time::Duration;

/// Settings of `cardrules serve`.
#[derive(Clone, Debug, clap::Args)]
pub struct ServerConfig {
    /// Address to listen on.
    #[arg(long, env = "CARDRULES_LISTEN", default_value = "127.0.0.1:50051")]
    pub listen: SocketAddr,

    /// Longest time one call may take, in milliseconds, before it fails with DEADLINE_EXCEEDED.
    #[arg(long = "request-timeout-ms", env = "CARDRULES_REQUEST_TIMEOUT_MS", default_value = "2000", value_parser = parse_millis)]
    pub request_timeout: Duration,

    /// Calls served at once across all connections; calls beyond it fail at once with
    /// RESOURCE_EXHAUSTED (load shedding, no queue).
    #[arg(long, env = "CARDRULES_MAX_CONCURRENT_CALLS", default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_concurrent_calls: u32,

    /// Largest request message accepted, in bytes (larger: OUT_OF_RANGE).
    #[arg(long, env = "CARDRULES_MAX_REQUEST_BYTES", default_value_t = 65536)]
    pub max_request_bytes: usize,

    /// Interval of the HTTP/2 keepalive pings the server sends on every connection, busy or idle,
    /// in seconds. A peer that does not answer one within `keepalive_timeout` (it stopped reading,
    /// or is stuck in the middle of a frame, or is gone) is disconnected and its calls dropped.
    #[arg(long = "keepalive-interval-secs", env = "CARDRULES_KEEPALIVE_INTERVAL_SECS", default_value = "30", value_parser = parse_secs)]
    pub keepalive_interval: Duration,

    /// How long to wait for a keepalive ping's answer before closing the connection, in seconds.
    #[arg(long = "keepalive-timeout-secs", env = "CARDRULES_KEEPALIVE_TIMEOUT_SECS", default_value = "10", value_parser = parse_secs)]
    pub keepalive_timeout: Duration,

    /// On SIGTERM or Ctrl-C, how long calls in flight may take to finish, in milliseconds.
    #[arg(long = "shutdown-grace-ms", env = "CARDRULES_SHUTDOWN_GRACE_MS", default_value = "10000", value_parser = parse_millis)]
    pub shutdown_grace: Duration,

    /// Connections served at once. A connection beyond it is closed as soon as it is accepted (the
    /// client sees UNAVAILABLE and may retry elsewhere).
    #[arg(long, env = "CARDRULES_MAX_CONNECTIONS", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,

    /// Concurrent HTTP/2 streams (calls) per connection, advertised in SETTINGS; a client that
    /// opens more gets them refused (REFUSED_STREAM, retryable).
    #[arg(long, env = "CARDRULES_MAX_STREAMS_PER_CONNECTION", default_value_t = 128, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_streams_per_connection: u32,

    /// Largest header list (request headers and metadata) accepted, in bytes, as HTTP/2 counts it;
    /// a larger one is refused before any handler runs. Under `--grpc-web`, an HTTP/1.1 request
    /// head larger than this (or than 8 KiB, whichever is more) is answered 431 and the
    /// connection closed.
    #[arg(long, env = "CARDRULES_MAX_HEADER_LIST_BYTES", default_value_t = 16384, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_header_list_bytes: u32,

    /// How long a new connection may take to finish its TLS handshake (with TLS on) and send the
    /// HTTP/2 connection preface (with gRPC-Web on, the first 24 bytes of an HTTP/1.1 request do
    /// too), in milliseconds, from the TCP accept; a connection that sends nothing, or part of
    /// it, is closed then. (After the preface the keepalive pings watch the connection.) Each
    /// HTTP/1.1 request head (`--grpc-web`) must also arrive whole within this time.
    #[arg(long = "handshake-timeout-ms", env = "CARDRULES_HANDSHAKE_TIMEOUT_MS", default_value = "10000", value_parser = parse_millis)]
    pub handshake_timeout: Duration,

    /// Longest life of one client connection, in seconds: past it the server sends a GOAWAY (calls
    /// in flight finish, new calls go to a new connection). Clients balancing on their own over a
    /// DNS name (a Kubernetes headless Service) re-resolve when a connection closes, so this is
    /// how they find replicas added since they connected. Unset, connections live on.
    #[arg(long = "max-connection-age-secs", env = "CARDRULES_MAX_CONNECTION_AGE_SECS", value_parser = parse_secs)]
    pub max_connection_age: Option<Duration>,

    /// Address of the Prometheus endpoint (`GET /metrics`, plain HTTP), e.g. 127.0.0.1:9090.
    /// Unset, there is no endpoint and calls are not counted.
    #[arg(long, env = "CARDRULES_METRICS_LISTEN")]
    pub metrics_listen: Option<SocketAddr>,

    /// TLS and mutual TLS (off unless `--tls-cert` is given).
    #[command(flatten)]
    pub tls: super::net::tls::TlsArgs,

    /// gRPC-Web and its CORS answers (off unless `--grpc-web`).
    #[command(flatten)]
    pub grpc_web: super::net::grpc_web::GrpcWebArgs,

    /// The rules playground page (off unless `--playground`; it turns gRPC-Web on).
    #[command(flatten)]
    pub playground: super::playground::PlaygroundArgs,

    /// Wrap each call in a span (`observe::trace`), for OpenTelemetry export: the binary sets it when
    /// `--otlp-endpoint` is given. Not a flag of its own.
    #[cfg(feature = "otel")]
    #[arg(skip)]
    pub trace_calls: bool,
}

impl ServerConfig {
    /// The configuration as the server runs it: `--playground` turns gRPC-Web on, since the page
    /// makes every call with it.
    pub fn effective(&self) -> Cow<'_, ServerConfig> {
        if self.playground.playground && !self.grpc_web.grpc_web {
            let mut config = self.clone();
            config.grpc_web.grpc_web = true;
            Cow::Owned(config)
        } else {
            Cow::Borrowed(self)
        }
    }
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            listen: "127.0.0.1:50051".parse().expect("valid default address"),
            request_timeout: Duration::from_millis(2000),
            max_concurrent_calls: 256,
            max_request_bytes: 65536,
            keepalive_interval: Duration::from_secs(30),
            keepalive_timeout: Duration::from_secs(10),
            shutdown_grace: Duration::from_millis(10000),
            max_connection_age: None,
            metrics_listen: None,
            max_connections: 1024,
            max_streams_per_connection: 128,
            max_header_list_bytes: 16384,
            handshake_timeout: Duration::from_millis(10000),
            tls: Default::default(),
            grpc_web: Default::default(),
            playground: Default::default(),
            #[cfg(feature = "otel")]
            trace_calls: false,
        }
    }
}

fn parse_millis(text: &str) -> Result<Duration, String> {
    match text.parse::<u64>() {
        Ok(0) | Err(_) => Err(format!(
            "expected a positive number of milliseconds, got {text:?}"
        )),
        Ok(ms) => Ok(Duration::from_millis(ms)),
    }
}

fn parse_secs(text: &str) -> Result<Duration, String> {
    match text.parse::<u64>() {
        Ok(0) | Err(_) => Err(format!(
            "expected a positive number of seconds, got {text:?}"
        )),
        Ok(s) => Ok(Duration::from_secs(s)),
    }
}
