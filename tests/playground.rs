//! The playground page (`--playground`): served only with the flag, from the binary's own copy of
//! `playground/dist/`, on the gRPC port beside the API, which still answers there (native gRPC
//! over HTTP/2 and gRPC-Web over HTTP/1.1). The page itself is driven in a real browser by
//! `playground/test/browser.mjs` (see `.ci/run`).

mod common;

use cardrules::server::pb::{DealRequest, Game};
use common::{TestServer, test_config};
use prost::Message;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn start(playground: bool, grpc_web: bool) -> TestServer {
    let mut config = test_config();
    config.playground.playground = playground;
    config.grpc_web.grpc_web = grpc_web;
    TestServer::start_with(config).await
}

/// One HTTP/1.1 request on a new connection: the response's head (lower-cased) and body.
async fn http1(server: &TestServer, head: &str, body: &[u8]) -> (String, Vec<u8>) {
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    // An HTTP/2-only server may close before reading it all: a failed write is an answer too.
    let _ = stream.write_all(head.as_bytes()).await;
    let _ = stream.write_all(body).await;
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response).await;
    match response.windows(4).position(|w| w == b"\r\n\r\n") {
        Some(split) => (
            String::from_utf8_lossy(&response[..split]).to_ascii_lowercase(),
            response[split + 4..].to_vec(),
        ),
        None => (
            String::from_utf8_lossy(&response).to_ascii_lowercase(),
            Vec::new(),
        ),
    }
}

async fn get(server: &TestServer, path: &str) -> (String, Vec<u8>) {
    let head = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.addr
    );
    http1(server, &head, b"").await
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(':'))
        .map(str::trim)
}

const PAGE: &[u8] = include_bytes!("../playground/dist/index.html");
const SCRIPT: &[u8] = include_bytes!("../playground/dist/playground.js");

#[tokio::test]
async fn with_the_flag_the_page_and_its_files_are_served() {
    // --playground alone: it turns gRPC-Web (and so HTTP/1.1) on by itself.
    let server = start(true, false).await;
    let (head, body) = get(&server, "/").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert_eq!(
        header(&head, "content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(header(&head, "content-security-policy").is_some(), "{head}");
    assert!(body == PAGE, "/ is not playground/dist/index.html");
    let page = String::from_utf8_lossy(&body);
    for linked in ["playground.js", "playground.css"] {
        assert!(page.contains(linked), "the page does not load {linked}");
        let (head, body) = get(&server, &format!("/{linked}")).await;
        assert!(head.starts_with("http/1.1 200"), "{linked}: {head}");
        assert!(!body.is_empty(), "{linked} is empty");
    }
    let (_, body) = get(&server, "/playground.js").await;
    assert!(
        body == SCRIPT,
        "/playground.js is not playground/dist/playground.js"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn without_the_flag_the_page_is_not_served() {
    for grpc_web in [false, true] {
        let server = start(false, grpc_web).await;
        for path in ["/", "/playground.js"] {
            let (head, body) = get(&server, path).await;
            assert!(!head.starts_with("http/1.1 200"), "{path}: {head}");
            assert!(
                !String::from_utf8_lossy(&body).contains("cardrules playground"),
                "{path} served without the flag"
            );
        }
        server.shutdown().await.unwrap();
    }
}

#[tokio::test]
async fn beside_the_page_the_api_answers_grpc_and_grpc_web() {
    let server = start(true, false).await;
    let request = DealRequest {
        game: Game::Doudizhu.into(),
        seed: Some(42),
        ..Default::default()
    };
    // Native gRPC over HTTP/2.
    let mut client = server.client().await;
    let answer = client.deal(request).await.unwrap().into_inner();
    assert_eq!(answer.hands.len(), 3);
    // gRPC-Web over HTTP/1.1, as the page calls it (same origin: no Origin header needed).
    let message = request.encode_to_vec();
    let mut body = vec![0u8];
    body.extend_from_slice(&(message.len() as u32).to_be_bytes());
    body.extend_from_slice(&message);
    let head = format!(
        "POST /cardrules.v1.CardRulesService/Deal HTTP/1.1\r\nHost: {}\r\n\
         Content-Type: application/grpc-web+proto\r\nX-Grpc-Web: 1\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        server.addr,
        body.len()
    );
    let (head, answer) = http1(&server, &head, &body).await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    let text = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    assert!(text.contains("grpc-status:0"), "{text}");
    // A GET for a path that is not the page's goes to gRPC-Web, which refuses it.
    let (head, _) = get(&server, "/cardrules.v1.CardRulesService/Deal").await;
    assert!(!head.starts_with("http/1.1 200"), "{head}");
    server.shutdown().await.unwrap();
}
