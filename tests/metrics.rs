//! The Prometheus endpoint, end to end: real gRPC calls, then a plain HTTP scrape of `/metrics`.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use cardrules::server::pb::card_rules_service_client::CardRulesServiceClient;
use cardrules::server::pb::{DealRequest, Game};
use cardrules::server::{self, ServerConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::Code;
use tonic::transport::Channel;

/// Guards the waits below against hanging forever on a regression; a correct server answers
/// within milliseconds, so this never decides a passing run.
const HANG_GUARD: Duration = Duration::from_secs(300);

const DEAL: &str =
    r#"grpc_method="Deal",grpc_service="cardrules.v1.CardRulesService",grpc_type="unary""#;

struct Server {
    grpc: SocketAddr,
    metrics: SocketAddr,
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), server::ServeError>>,
}

async fn start(config: ServerConfig) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let metrics_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let grpc = listener.local_addr().unwrap();
    let metrics = metrics_listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        server::serve_with_metrics(&config, listener, Some(metrics_listener), async {
            let _ = stopped.await;
        })
        .await
    });
    Server {
        grpc,
        metrics,
        stop,
        task,
    }
}

impl Server {
    async fn channel(&self) -> Channel {
        Channel::from_shared(format!("http://{}", self.grpc))
            .unwrap()
            .connect()
            .await
            .unwrap()
    }

    async fn shutdown(self) {
        let _ = self.stop.send(());
        self.task.await.unwrap().unwrap();
    }
}

/// `GET path` over a raw TCP connection: (status line, content type, body).
async fn get(addr: SocketAddr, path: &str) -> (String, String, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut response = String::new();
    tokio::time::timeout(HANG_GUARD, stream.read_to_string(&mut response))
        .await
        .unwrap()
        .unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let status = head.lines().next().unwrap().to_owned();
    let content_type = head
        .lines()
        .find_map(|l| l.strip_prefix("Content-Type: "))
        .unwrap_or_default()
        .to_owned();
    (status, content_type, body.to_owned())
}

async fn scrape(addr: SocketAddr) -> String {
    let (status, content_type, body) = get(addr, "/metrics").await;
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(content_type.starts_with("text/plain; version=0.0.4"));
    body
}

/// The value of the sample `series` (name and labels exactly as exported), or `None`.
fn value(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

fn count(text: &str, series: &str) -> f64 {
    value(text, series).unwrap_or_else(|| panic!("no sample {series} in\n{text}"))
}

#[tokio::test]
async fn calls_are_counted_by_method_and_code_with_grpc_prometheus_names() {
    let server = start(common::test_config()).await;
    let mut client = CardRulesServiceClient::new(server.channel().await);

    let before = scrape(server.metrics).await;
    assert_eq!(
        count(&before, &format!("grpc_server_started_total{{{DEAL}}}")),
        0.0
    );
    let build_info = format!(
        "cardrules_build_info{{commit=\"{}\",version=\"{}\"}}",
        env!("CARDRULES_GIT_COMMIT"),
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(count(&before, &build_info), 1.0);

    let ok = DealRequest {
        game: Game::Doudizhu as i32,
        seed: Some(42),
        ..Default::default()
    };
    client.deal(ok).await.unwrap();
    client.deal(ok).await.unwrap();
    let bad = DealRequest {
        game: Game::Mahjong as i32,
        landlord_seat: Some(0),
        ..Default::default()
    };
    let status = client.deal(bad).await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);

    // Each call is recorded before its response is sent, so the scrape after the answers sees
    // all three.
    let after = scrape(server.metrics).await;
    let started = format!("grpc_server_started_total{{{DEAL}}}");
    assert_eq!(count(&after, &started), 3.0);
    for (code, n) in [
        ("OK", 2.0),
        ("InvalidArgument", 1.0),
        ("ResourceExhausted", 0.0),
    ] {
        let handled = format!("grpc_server_handled_total{{grpc_code=\"{code}\",{DEAL}}}");
        assert_eq!(count(&after, &handled), n, "{handled}");
    }
    assert_eq!(
        count(
            &after,
            &format!("grpc_server_handling_seconds_count{{{DEAL}}}")
        ),
        3.0
    );
    assert_eq!(
        count(
            &after,
            &format!("grpc_server_handling_seconds_bucket{{{DEAL},le=\"+Inf\"}}")
        ),
        3.0
    );
    assert_eq!(
        count(&after, &format!("grpc_server_msg_received_total{{{DEAL}}}")),
        3.0
    );
    assert_eq!(
        count(&after, &format!("grpc_server_msg_sent_total{{{DEAL}}}")),
        2.0
    );
    assert_eq!(count(&after, "cardrules_calls_in_flight"), 0.0);
    assert_eq!(count(&after, "cardrules_calls_shed_total"), 0.0);

    // The other paths of the endpoint.
    assert_eq!(get(server.metrics, "/").await.0, "HTTP/1.1 404 Not Found");
    server.shutdown().await;
}

/// Sends `request` as it is over a raw TCP connection and reads the answer until the server
/// closes: (head, body).
async fn exchange(addr: SocketAddr, request: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    tokio::time::timeout(HANG_GUARD, stream.read_to_string(&mut response))
        .await
        .unwrap()
        .unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.to_owned(), body.to_owned())
}

#[tokio::test]
async fn the_endpoint_answers_get_and_head_of_metrics_only_then_closes() {
    let server = start(common::test_config()).await;
    let addr = server.metrics;

    // HEAD: the head of GET's answer, with its length, and no body.
    let (get_head, get_body) = exchange(addr, "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n").await;
    let (head, body) = exchange(addr, "HEAD /metrics HTTP/1.1\r\nHost: x\r\n\r\n").await;
    assert_eq!(body, "");
    assert_eq!(head, get_head);
    assert_eq!(
        head,
        format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\n\
             Content-Length: {}\r\nConnection: close",
            get_body.len()
        )
    );
    // A query string is ignored.
    let (head, _) = exchange(addr, "GET /metrics?name[]=up HTTP/1.1\r\nHost: x\r\n\r\n").await;
    assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");

    let not_found = "only /metrics is served here\n";
    assert_eq!(
        exchange(addr, "GET /other HTTP/1.1\r\nHost: x\r\n\r\n").await,
        (
            format!(
                "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\n\
                 Content-Length: {}\r\nConnection: close",
                not_found.len()
            ),
            not_found.to_owned()
        )
    );
    let not_allowed = "only GET /metrics is served here\n";
    for request in [
        "POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
        "DELETE /other HTTP/1.1\r\nHost: x\r\n\r\n",
    ] {
        assert_eq!(
            exchange(addr, request).await,
            (
                format!(
                    "HTTP/1.1 405 Method Not Allowed\r\nContent-Type: text/plain; \
                     charset=utf-8\r\nContent-Length: {}\r\nConnection: close",
                    not_allowed.len()
                ),
                not_allowed.to_owned()
            ),
            "{request:?}"
        );
    }
    server.shutdown().await;
}

/// Polls the endpoint until `series` has `want`: the way to know the server has reached a
/// state without guessing how long it takes.
async fn wait_for(addr: SocketAddr, series: &str, want: f64) -> String {
    tokio::time::timeout(HANG_GUARD, async {
        loop {
            let text = scrape(addr).await;
            if value(&text, series) == Some(want) {
                return text;
            }
            tokio::task::yield_now().await;
        }
    })
    .await
    .unwrap_or_else(|_| panic!("{series} never reached {want}"))
}

#[tokio::test]
async fn shed_and_cancelled_calls_are_counted() {
    let server = start(ServerConfig {
        max_concurrent_calls: 1,
        ..common::test_config()
    })
    .await;
    let channel = server.channel().await;

    // The stalled call takes the only slot. The gauge counts it once the protection layers have
    // admitted it (the slot is taken before the call is counted), so then the next call is shed.
    let stalled = tokio::spawn(common::stalled_deal(channel.clone()));
    wait_for(server.metrics, "cardrules_calls_in_flight", 1.0).await;
    let status = CardRulesServiceClient::new(channel.clone())
        .deal(DealRequest {
            game: Game::Doudizhu as i32,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::ResourceExhausted);

    let text = scrape(server.metrics).await;
    assert_eq!(count(&text, "cardrules_calls_shed_total"), 1.0);
    assert_eq!(
        count(
            &text,
            &format!("grpc_server_handled_total{{grpc_code=\"ResourceExhausted\",{DEAL}}}")
        ),
        1.0
    );
    assert_eq!(
        count(&text, &format!("grpc_server_started_total{{{DEAL}}}")),
        2.0
    );
    // A shed call's request is never read.
    assert_eq!(
        count(&text, &format!("grpc_server_msg_received_total{{{DEAL}}}")),
        0.0
    );

    // The client gives up on the stalled call. Reading the request, the server sees the stream
    // reset and answers with an error (tonic says INTERNAL); either way the call is handled and
    // no longer in flight, and every started call has exactly one handled code.
    stalled.abort();
    let _ = stalled.await;
    let text = wait_for(server.metrics, "cardrules_calls_in_flight", 0.0).await;
    let handled: f64 = text
        .lines()
        .filter(|line| line.starts_with("grpc_server_handled_total{") && line.contains(DEAL))
        .map(|line| line.rsplit(' ').next().unwrap().parse::<f64>().unwrap())
        .sum();
    assert_eq!(handled, 2.0);
    assert_eq!(
        count(
            &text,
            &format!("grpc_server_handled_total{{grpc_code=\"OK\",{DEAL}}}")
        ),
        0.0
    );
    server.shutdown().await;
}

const BATCH: &str =
    r#"grpc_method="Batch",grpc_service="cardrules.v1.CardRulesService",grpc_type="bidi_stream""#;

#[tokio::test]
async fn a_stream_counts_each_message_and_is_handled_once_with_its_final_status() {
    use cardrules::server::pb::{BatchItem, BatchRequest, batch_item};
    let server = start(common::test_config()).await;
    let mut client = CardRulesServiceClient::new(server.channel().await);
    let message = |items: usize| BatchRequest {
        items: (0..items as u64)
            .map(|id| BatchItem {
                id,
                request: Some(batch_item::Request::Deal(DealRequest {
                    game: Game::Doudizhu as i32,
                    seed: Some(id),
                    ..Default::default()
                })),
            })
            .collect(),
    };
    // Three messages answered, then the client ends the stream: OK.
    let mut answers = client
        .batch(tokio_stream::iter([message(1), message(5), message(256)]))
        .await
        .unwrap()
        .into_inner();
    while answers.message().await.unwrap().is_some() {}
    // One answered, then one over the item limit: the stream ends with INVALID_ARGUMENT.
    let mut answers = client
        .batch(tokio_stream::iter([message(2), message(257)]))
        .await
        .unwrap()
        .into_inner();
    answers.message().await.unwrap().unwrap();
    let status = answers.message().await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);

    let text = wait_for(
        server.metrics,
        &format!("grpc_server_handled_total{{grpc_code=\"InvalidArgument\",{BATCH}}}"),
        1.0,
    )
    .await;
    for (series, want) in [
        (format!("grpc_server_started_total{{{BATCH}}}"), 2.0),
        (
            format!("grpc_server_handled_total{{grpc_code=\"OK\",{BATCH}}}"),
            1.0,
        ),
        (format!("grpc_server_msg_received_total{{{BATCH}}}"), 5.0),
        (format!("grpc_server_msg_sent_total{{{BATCH}}}"), 4.0),
        (
            format!("grpc_server_handling_seconds_count{{{BATCH}}}"),
            2.0,
        ),
        ("cardrules_calls_in_flight".to_owned(), 0.0),
    ] {
        assert_eq!(count(&text, &series), want, "{series}");
    }
    server.shutdown().await;
}
