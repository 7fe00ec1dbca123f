//! The rules playground (`--playground`): one page, served on the gRPC port beside the API, that
//! calls the service with gRPC-Web from the browser (same origin, so no CORS is needed).
//!
//! The page's files are built once from `playground/` with npm tools and committed under
//! `playground/dist/`; they are compiled into the binary here, so serving them needs no Node and
//! no files at run time. A layer in front of gRPC-Web answers `GET` (and `HEAD`) for the page's
//! few paths and passes every other request, gRPC and gRPC-Web alike, to the service untouched.
//! (So the page's own requests are not calls: they are neither logged nor counted as calls, and
//! take no call slot; the connection limits apply to them as to any connection.)
//!
//! `--playground` turns gRPC-Web on: the page cannot work without it, and asking for both flags
//! would only give a new user a page whose every call fails.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use tonic::body::Body;
use tower::{Layer, Service};

/// Playground settings of `cardrules serve`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct PlaygroundArgs {
    /// Serve the rules playground page at `/` on the gRPC port (it calls the API with gRPC-Web
    /// from the browser, so this turns `--grpc-web` on).
    #[arg(long, env = "CARDRULES_PLAYGROUND")]
    pub playground: bool,
}

/// One file of the page.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    body: &'static [u8],
}

/// The page's files, as `playground/build.mjs` writes them.
const ASSETS: [Asset; 3] = [
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        body: include_bytes!("../../playground/dist/index.html"),
    },
    Asset {
        path: "/playground.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../../playground/dist/playground.js"),
    },
    Asset {
        path: "/playground.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("../../playground/dist/playground.css"),
    },
];

/// What the page may load and call: only its own files and its own origin (the API).
const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The layer that serves the page, when `--playground` is on. `tls` and `addr` (the listener's)
/// only go into the log line that says where the page is.
pub fn layer(
    args: &PlaygroundArgs,
    tls: bool,
    addr: std::net::SocketAddr,
) -> Option<PlaygroundLayer> {
    if !args.playground {
        return None;
    }
    let scheme = if tls { "https" } else { "http" };
    tracing::info!(url = %format!("{scheme}://{addr}/"), "serving the rules playground (gRPC-Web is on for it)");
    Some(PlaygroundLayer)
}

/// Answers `GET` and `HEAD` for the page's paths; see the module documentation.
#[derive(Clone, Copy, Debug)]
pub struct PlaygroundLayer;

impl<S> Layer<S> for PlaygroundLayer {
    type Service = Playground<S>;

    fn layer(&self, inner: S) -> Playground<S> {
        Playground { inner }
    }
}

/// The service [`PlaygroundLayer`] makes.
#[derive(Clone, Debug)]
pub struct Playground<S> {
    inner: S,
}

/// The page's answer to `request`, or `None` when the request is not for the page.
fn answer<B>(request: &Request<B>) -> Option<Response<Body>> {
    let head = request.method() == Method::HEAD;
    if request.method() != Method::GET && !head {
        return None;
    }
    let path = match request.uri().path() {
        "/index.html" => "/",
        path => path,
    };
    let asset = ASSETS.iter().find(|asset| asset.path == path)?;
    let body = if head {
        Body::empty()
    } else {
        Body::new(StaticBody(Some(bytes::Bytes::from_static(asset.body))))
    };
    let mut response = Response::new(body);
    *response.status_mut() = StatusCode::OK;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(asset.content_type),
    );
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(asset.body.len()));
    // The files change with the binary: a browser asks again rather than keep a stale copy.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    Some(response)
}

/// A whole body sent as one data frame.
struct StaticBody(Option<bytes::Bytes>);

impl http_body::Body for StaticBody {
    type Data = bytes::Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        Poll::Ready(self.0.take().map(|bytes| Ok(http_body::Frame::data(bytes))))
    }

    fn is_end_stream(&self) -> bool {
        self.0.is_none()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        http_body::SizeHint::with_exact(self.0.as_ref().map_or(0, |bytes| bytes.len() as u64))
    }
}

impl<S, B> Service<Request<B>> for Playground<S>
where
    S: Service<Request<B>, Response = Response<Body>>,
{
    type Response = Response<Body>;
    type Error = S::Error;
    type Future = PlaygroundFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        match answer(&request) {
            Some(page) => PlaygroundFuture {
                page: Some(page),
                call: None,
            },
            None => PlaygroundFuture {
                page: None,
                call: Some(self.inner.call(request)),
            },
        }
    }
}

pin_project_lite::pin_project! {
    /// The answer of [`Playground`]: a page file at once, or the service's answer.
    pub struct PlaygroundFuture<F> {
        page: Option<Response<Body>>,
        #[pin]
        call: Option<F>,
    }
}

impl<F, E> Future for PlaygroundFuture<F>
where
    F: Future<Output = Result<Response<Body>, E>>,
{
    type Output = Result<Response<Body>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        if let Some(page) = this.page.take() {
            return Poll::Ready(Ok(page));
        }
        this.call
            .as_pin_mut()
            .expect("a playground answer is polled after it completed")
            .poll(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(method: Method, path: &str) -> Request<()> {
        Request::builder()
            .method(method)
            .uri(path)
            .body(())
            .unwrap()
    }

    #[test]
    fn the_page_paths_are_answered_and_others_are_not() {
        for (path, kind) in [
            ("/", "text/html"),
            ("/index.html", "text/html"),
            ("/playground.js", "text/javascript"),
            ("/playground.css", "text/css"),
        ] {
            let response = answer(&get(Method::GET, path)).expect(path);
            let content_type = response.headers()[header::CONTENT_TYPE].to_str().unwrap();
            assert!(content_type.starts_with(kind), "{path}: {content_type}");
            assert!(
                response
                    .headers()
                    .contains_key(header::CONTENT_SECURITY_POLICY)
            );
        }
        assert!(answer(&get(Method::HEAD, "/")).is_some());
        for (method, path) in [
            (Method::POST, "/"),
            (Method::GET, "/favicon.ico"),
            (Method::POST, "/cardrules.v1.CardRulesService/Deal"),
            (Method::GET, "/cardrules.v1.CardRulesService/Deal"),
        ] {
            assert!(
                answer(&get(method.clone(), path)).is_none(),
                "{method} {path}"
            );
        }
    }

    #[test]
    fn the_flag_turns_grpc_web_on() {
        let mut config = crate::server::ServerConfig::default();
        assert!(!config.effective().grpc_web.grpc_web);
        config.playground.playground = true;
        assert!(config.effective().grpc_web.grpc_web);
    }
}
