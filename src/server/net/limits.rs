//! The protocols a connection may speak and their limits: streams per connection, header size,
//! keepalive pings, and (for gRPC-Web's HTTP/1.1) the request head's size and time.

use hyper::server::conn::http2;
use hyper_util::rt::{TokioExecutor, TokioTimer};
use hyper_util::server::conn::auto;

use crate::server::config::ServerConfig;

/// The smallest read buffer hyper's HTTP/1.1 accepts (`max_buf_size` panics below it).
const HTTP1_MIN_BUF: usize = 8192;

/// The protocols a connection may speak.
#[derive(Clone)]
pub(super) enum Protocols {
    /// HTTP/2 only (gRPC).
    Http2(http2::Builder<TokioExecutor>),
    /// HTTP/1.1 or HTTP/2, told apart by the first bytes (gRPC-Web from browsers, and gRPC).
    Http1And2(auto::Builder<TokioExecutor>),
}

/// Sets the HTTP/2 settings of `config` on an HTTP/2 builder (hyper's, or the HTTP/2 half of
/// hyper-util's `auto`: the two have the same methods but no trait in common).
macro_rules! http2_limits {
    ($builder:expr, $config:expr) => {
        $builder
            .timer(TokioTimer::new())
            .max_concurrent_streams($config.max_streams_per_connection)
            .max_header_list_size($config.max_header_list_bytes)
            .keep_alive_interval($config.keepalive_interval)
            .keep_alive_timeout($config.keepalive_timeout)
    };
}

impl Protocols {
    /// The builder for `config`, with its HTTP/2 limits.
    pub(super) fn new(config: &ServerConfig) -> Protocols {
        if config.grpc_web.grpc_web {
            let mut builder = auto::Builder::new(TokioExecutor::new());
            // HTTP/1.1's counterparts of the HTTP/2 limits: the request head must fit in the
            // read buffer (hyper answers 431 past it; its floor is 8 KiB) and arrive within the
            // handshake timeout, so a slow or endless head holds a connection no longer.
            builder
                .http1()
                .timer(TokioTimer::new())
                .max_buf_size((config.max_header_list_bytes as usize).max(HTTP1_MIN_BUF))
                .header_read_timeout(config.handshake_timeout);
            http2_limits!(builder.http2(), config);
            Protocols::Http1And2(builder)
        } else {
            let mut builder = http2::Builder::new(TokioExecutor::new());
            http2_limits!(builder, config);
            Protocols::Http2(builder)
        }
    }
}
