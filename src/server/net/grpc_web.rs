//! gRPC-Web on the gRPC port (`--grpc-web`), for browsers, with the CORS answers they need.
//!
//! tonic-web translates gRPC-Web requests (HTTP/1.1 or HTTP/2, binary or base64 text) into gRPC
//! for the same services and translates the answers back; plain gRPC calls pass through
//! untouched. tonic-web no longer answers CORS itself, so a `tower-http` CORS layer sits in
//! front of it: it answers preflights (`OPTIONS`) from the allowed origins and adds the
//! `Access-Control-*` headers to their calls, and gives a disallowed origin none (so the
//! browser refuses the call).

use std::time::Duration;

use http::{HeaderName, HeaderValue, Method};
use tower_http::cors::{AllowOrigin, CorsLayer};

/// gRPC-Web settings of `cardrules serve`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct GrpcWebArgs {
    /// Also accept gRPC-Web (and HTTP/1.1) on the gRPC port, for browser clients.
    #[arg(long, env = "CARDRULES_GRPC_WEB")]
    pub grpc_web: bool,

    /// Origins whose pages may call the service cross-origin with gRPC-Web
    /// (`https://game.example.com`, comma-separated or repeated), or `*` for any. None: no
    /// cross-origin calls (same-origin pages and non-browser clients need none).
    #[arg(long = "grpc-web-allowed-origins", env = "CARDRULES_GRPC_WEB_ALLOWED_ORIGINS", value_delimiter = ',', value_parser = parse_origin)]
    pub grpc_web_allowed_origins: Vec<AllowedOrigin>,
}

/// One entry of `--grpc-web-allowed-origins`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllowedOrigin {
    /// `*`: every origin.
    Any,
    /// One origin, as the browser sends it in `Origin` (`scheme://host[:port]`).
    Exact(HeaderValue),
}

fn parse_origin(text: &str) -> Result<AllowedOrigin, String> {
    let text = text.trim();
    if text == "*" {
        return Ok(AllowedOrigin::Any);
    }
    let (scheme, host) = text
        .split_once("://")
        .ok_or_else(|| format!("expected an origin such as https://example.com, got {text:?}"))?;
    if scheme.is_empty() || host.is_empty() || host.contains('/') {
        return Err(format!(
            "expected an origin (scheme://host[:port], no path), got {text:?}"
        ));
    }
    HeaderValue::from_str(text)
        .map(AllowedOrigin::Exact)
        .map_err(|_| format!("not a valid origin header value: {text:?}"))
}

/// The request headers gRPC-Web clients send (grpc-web, Connect's gRPC-Web transport).
const ALLOWED_HEADERS: [&str; 5] = [
    "content-type",
    "x-grpc-web",
    "x-user-agent",
    "grpc-timeout",
    "authorization",
];

/// The response headers a browser page must be able to read: the call's status.
const EXPOSED_HEADERS: [&str; 3] = ["grpc-status", "grpc-message", "grpc-status-details-bin"];

/// How long a browser may cache a preflight answer.
const PREFLIGHT_MAX_AGE: Duration = Duration::from_secs(24 * 60 * 60);

impl GrpcWebArgs {
    /// The CORS layer in front of gRPC-Web, when gRPC-Web is on.
    pub fn cors_layer(&self) -> Option<CorsLayer> {
        if !self.grpc_web {
            return None;
        }
        let origins = if self.grpc_web_allowed_origins.contains(&AllowedOrigin::Any) {
            AllowOrigin::any()
        } else {
            AllowOrigin::list(self.grpc_web_allowed_origins.iter().filter_map(
                |origin| match origin {
                    AllowedOrigin::Exact(value) => Some(value.clone()),
                    AllowedOrigin::Any => None,
                },
            ))
        };
        Some(
            CorsLayer::new()
                .allow_origin(origins)
                .allow_methods([Method::POST])
                .allow_headers(ALLOWED_HEADERS.map(HeaderName::from_static))
                .expose_headers(EXPOSED_HEADERS.map(HeaderName::from_static))
                .max_age(PREFLIGHT_MAX_AGE),
        )
    }

    /// The gRPC-Web translation layer, when gRPC-Web is on.
    pub fn web_layer(&self) -> Option<tonic_web::GrpcWebLayer> {
        self.grpc_web.then(tonic_web::GrpcWebLayer::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_read_and_checked() {
        assert_eq!(parse_origin("*"), Ok(AllowedOrigin::Any));
        assert_eq!(
            parse_origin(" https://game.example.com:8443 "),
            Ok(AllowedOrigin::Exact(HeaderValue::from_static(
                "https://game.example.com:8443"
            )))
        );
        for bad in ["game.example.com", "https://", "https://a/b", "://a"] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
    }
}
