//! gRPC-Web on the gRPC port (`--grpc-web`) and its CORS answers
//! (`--grpc-web-allowed-origins`), spoken over plain HTTP/1.1 as a browser would: a preflight
//! from an allowed origin gets the `Access-Control-*` headers, one from another origin gets none,
//! and a gRPC-Web call is answered with its status in the trailer frame. (The Node gRPC-Web
//! client of `.ci/smoke.d/grpc_web.sh` makes real calls with a browser client library.)

mod common;

use cardrules::server::net::grpc_web::{AllowedOrigin, GrpcWebArgs};
use cardrules::server::pb::{DealRequest, Game};
use common::{TestServer, test_config};
use http::HeaderValue;
use prost::Message;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const ALLOWED: &str = "https://game.example.com";
const DEAL: &str = "/cardrules.v1.CardRulesService/Deal";

async fn start(grpc_web: bool) -> TestServer {
    let mut config = test_config();
    config.grpc_web = GrpcWebArgs {
        grpc_web,
        grpc_web_allowed_origins: vec![AllowedOrigin::Exact(HeaderValue::from_static(ALLOWED))],
    };
    TestServer::start_with(config).await
}

/// One HTTP/1.1 exchange on a new connection: the response's head (status line and headers,
/// lower-cased) and its body bytes as sent (chunked or not).
async fn exchange(server: &TestServer, head: &str, body: &[u8]) -> (String, Vec<u8>) {
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let split = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an HTTP response head");
    let head = String::from_utf8_lossy(&response[..split]).to_ascii_lowercase();
    (head, response[split + 4..].to_vec())
}

fn preflight(server: &TestServer, origin: &str) -> String {
    format!(
        "OPTIONS {DEAL} HTTP/1.1\r\nHost: {}\r\nOrigin: {origin}\r\n\
         Access-Control-Request-Method: POST\r\n\
         Access-Control-Request-Headers: content-type,x-grpc-web,x-user-agent\r\n\
         Connection: close\r\n\r\n",
        server.addr
    )
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(':'))
        .map(str::trim)
}

#[tokio::test]
async fn a_preflight_from_an_allowed_origin_gets_the_cors_headers() {
    let server = start(true).await;
    let (head, _) = exchange(&server, &preflight(&server, ALLOWED), b"").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(
        header(&head, "access-control-allow-origin"),
        Some(ALLOWED),
        "{head}"
    );
    let methods = header(&head, "access-control-allow-methods").unwrap_or_default();
    assert!(methods.contains("post"), "{head}");
    let allowed = header(&head, "access-control-allow-headers").unwrap_or_default();
    for needed in ["content-type", "x-grpc-web", "x-user-agent"] {
        assert!(allowed.contains(needed), "{needed} not allowed: {head}");
    }
    assert!(header(&head, "access-control-max-age").is_some(), "{head}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_preflight_from_another_origin_gets_no_cors_headers() {
    let server = start(true).await;
    let (head, _) = exchange(&server, &preflight(&server, "https://evil.example"), b"").await;
    assert!(
        !head.contains("access-control-allow-origin"),
        "another origin allowed: {head}"
    );
    // (tower-http still lists the allowed methods and headers: without an allowed origin the
    // browser refuses the call all the same.)
    server.shutdown().await.unwrap();
}

/// A gRPC-Web Deal call as a browser page on `ALLOWED` makes it.
fn grpc_web_deal(server: &TestServer) -> (String, Vec<u8>) {
    let message = DealRequest {
        game: Game::Doudizhu.into(),
        seed: Some(42),
        ..Default::default()
    }
    .encode_to_vec();
    let mut body = vec![0u8];
    body.extend_from_slice(&(message.len() as u32).to_be_bytes());
    body.extend_from_slice(&message);
    let head = format!(
        "POST {DEAL} HTTP/1.1\r\nHost: {}\r\nOrigin: {ALLOWED}\r\n\
         Content-Type: application/grpc-web+proto\r\nX-Grpc-Web: 1\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        server.addr,
        body.len()
    );
    (head, body)
}

#[tokio::test]
async fn a_grpc_web_call_is_answered_with_cors_headers_and_its_status_in_the_trailer_frame() {
    let server = start(true).await;
    let (head, body) = grpc_web_deal(&server);
    let (head, answer) = exchange(&server, &head, &body).await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(
        header(&head, "content-type")
            .unwrap_or_default()
            .starts_with("application/grpc-web"),
        "{head}"
    );
    assert_eq!(header(&head, "access-control-allow-origin"), Some(ALLOWED));
    let exposed = header(&head, "access-control-expose-headers").unwrap_or_default();
    assert!(exposed.contains("grpc-status"), "{head}");
    // The trailer frame (flag 0x80) carries grpc-status 0 after the message.
    let text = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    assert!(text.contains("grpc-status:0"), "{text}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn without_the_flag_grpc_web_is_not_served() {
    let server = start(false).await;
    let (head, body) = grpc_web_deal(&server);
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    // An HTTP/2-only server closes an HTTP/1.1 connection (or answers it with an error).
    let _ = stream.write_all(head.as_bytes()).await;
    let _ = stream.write_all(&body).await;
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response).await;
    let text = String::from_utf8_lossy(&response).to_ascii_lowercase();
    assert!(!text.contains("grpc-status:0"), "{text}");
    assert!(!text.contains("access-control-allow-origin"), "{text}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn with_the_flag_native_grpc_over_http2_is_still_served_on_the_same_port() {
    let server = start(true).await;
    let mut client = server.client().await;
    let answer = client
        .deal(DealRequest {
            game: Game::Doudizhu.into(),
            seed: Some(42),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(answer.hands.len(), 3);
    // And gRPC-Web over HTTP/1.1 on a connection of its own, next to it.
    let (head, body) = grpc_web_deal(&server);
    let (head, _) = exchange(&server, &head, &body).await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_http1_request_head_over_the_header_limit_is_refused_and_the_next_is_served() {
    let server = start(true).await;
    let limit = test_config().max_header_list_bytes as usize;
    // Twice the limit (and beyond hyper's 8 KiB floor) in one header of a preflight.
    let padding = "a".repeat((2 * limit).max(20_000));
    let big = preflight(&server, ALLOWED).replace(
        "Connection: close\r\n",
        &format!("X-Padding: {padding}\r\nConnection: close\r\n"),
    );
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    // The server may close before it has read everything: a failed write is fine.
    let _ = stream.write_all(big.as_bytes()).await;
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response).await;
    let head = String::from_utf8_lossy(&response).to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 431"), "{head}");
    // The same preflight without the padding is answered on a new connection.
    let (head, _) = exchange(&server, &preflight(&server, ALLOWED), b"").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_http1_request_head_that_never_ends_is_closed_after_the_handshake_timeout() {
    let mut config = test_config();
    config.grpc_web = GrpcWebArgs {
        grpc_web: true,
        grpc_web_allowed_origins: vec![AllowedOrigin::Exact(HeaderValue::from_static(ALLOWED))],
    };
    config.handshake_timeout = std::time::Duration::from_millis(300);
    let server = TestServer::start_with(config).await;
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    // A whole request line and one header, then nothing: the head never ends.
    stream
        .write_all(format!("OPTIONS {DEAL} HTTP/1.1\r\nHost: x\r\n").as_bytes())
        .await
        .unwrap();
    // The server closes the connection (with or without a 408): reading reaches the end. Without
    // the setting, hyper's own default would close it after 30 s: 15 s tells the two apart
    // while leaving 50 times the configured 0.3 s for a busy machine.
    let mut response = Vec::new();
    let closed = tokio::time::timeout(
        std::time::Duration::from_secs(15),
        stream.read_to_end(&mut response),
    )
    .await;
    assert!(closed.is_ok(), "the connection was still open after 15 s");
    server.shutdown().await.unwrap();
}
