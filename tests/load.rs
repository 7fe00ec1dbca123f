//! Overload and faulty clients, over loopback: the excess is shed at once, accepted calls are not
//! lost, and a client that connects and sends nothing, sends part of a frame or stops reading
//! holds nothing beyond the configured timeouts.
//!
//! These tests check mechanisms, not speed: each waits for a state (a call parked, a connection
//! closed) with only a hang guard as a bound, never for a duration.

mod common;

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use cardrules::server::ServerConfig;
use cardrules::server::pb::card_rules_service_client::CardRulesServiceClient;
use cardrules::server::pb::{DealRequest, DealResponse, Game};
use common::TestServer;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tonic::Code;
use tonic::transport::{Channel, Endpoint};

/// Guards the waits below against hanging forever on a regression; a correct server reaches each
/// awaited state within milliseconds (or the configured timeout), so this never decides a run.
const HANG_GUARD: Duration = Duration::from_secs(300);

fn deal() -> DealRequest {
    DealRequest {
        game: Game::Doudizhu as i32,
        seed: Some(7),
        ..Default::default()
    }
}

/// A parked call that tries again while it is shed (a probe of [`until_shed`] may hold a slot
/// when it arrives): it returns only when the client gives up on it.
async fn parked_deal(channel: Channel) -> Result<tonic::Response<DealResponse>, tonic::Status> {
    loop {
        match common::stalled_deal(channel.clone()).await {
            Err(status) if status.code() == Code::ResourceExhausted => {
                tokio::task::yield_now().await
            }
            other => return other,
        }
    }
}

/// Calls Deal until the server sheds it: then every slot is held by the parked calls.
async fn until_shed(client: &mut CardRulesServiceClient<Channel>) {
    tokio::time::timeout(HANG_GUARD, async {
        loop {
            match client.deal(deal()).await {
                Err(status) if status.code() == Code::ResourceExhausted => return,
                _ => tokio::task::yield_now().await,
            }
        }
    })
    .await
    .expect("the parked calls never took every slot");
}

/// Calls Deal until it succeeds: the server has recovered.
async fn until_served(client: &mut CardRulesServiceClient<Channel>) {
    tokio::time::timeout(HANG_GUARD, async {
        loop {
            if client.deal(deal()).await.is_ok() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the server never served a call again");
}

#[tokio::test]
async fn calls_beyond_the_limit_are_shed_at_once_not_queued_and_the_server_recovers() {
    let server = TestServer::start_with(ServerConfig {
        max_concurrent_calls: 2,
        ..common::test_config()
    })
    .await;
    let parked: Vec<_> = (0..2)
        .map(|_| {
            let server_url = server.url();
            tokio::spawn(async move {
                let channel = Endpoint::from_shared(server_url)
                    .unwrap()
                    .connect()
                    .await
                    .unwrap();
                parked_deal(channel).await
            })
        })
        .collect();
    let mut client = server.client().await;
    until_shed(&mut client).await;

    // A flood many times the limit, over several connections at once. Every call must come back
    // RESOURCE_EXHAUSTED while the parked calls still hold both slots: a call that queued instead
    // would wait for them, and they never end on their own, so this would hang.
    let mut flood = Vec::new();
    for _ in 0..8 {
        let client = server.client().await;
        for _ in 0..64 {
            let mut client = client.clone();
            flood.push(tokio::spawn(async move { client.deal(deal()).await }));
        }
    }
    for call in flood {
        let status = tokio::time::timeout(HANG_GUARD, call)
            .await
            .expect("a call queued instead of being shed")
            .unwrap()
            .expect_err("no slot was free");
        assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
        assert!(
            status.message().contains("max_concurrent_calls"),
            "{status:?}"
        );
    }

    // The parked clients go away; their slots come back and calls are served again.
    for call in parked {
        call.abort();
        let _ = call.await;
    }
    until_served(&mut client).await;
    let answers: Vec<_> = (0..2)
        .map(|_| {
            let mut client = client.clone();
            tokio::spawn(async move { client.deal(deal()).await })
        })
        .collect();
    for answer in answers {
        answer.await.unwrap().unwrap();
    }
    server.shutdown().await.unwrap();
}

/// Reads from `stream` until the server closes it (EOF or reset); everything read is discarded.
async fn until_closed(stream: &mut TcpStream) {
    let mut buf = [0u8; 4096];
    tokio::time::timeout(HANG_GUARD, async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await
    .expect("the server never closed the connection");
}

#[tokio::test]
async fn connections_that_send_nothing_or_part_of_the_preface_are_closed() {
    let server = TestServer::start_with(ServerConfig {
        handshake_timeout: Duration::from_millis(200),
        max_connections: 2,
        ..common::test_config()
    })
    .await;
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    let mut partial = TcpStream::connect(server.addr).await.unwrap();
    partial.write_all(b"PRI * HTTP/2.0\r\n").await.unwrap();

    // Both slots are taken by the two idle connections: a third connection is closed at once.
    let mut third = TcpStream::connect(server.addr).await.unwrap();
    until_closed(&mut third).await;

    // The handshake timeout closes both; then a real client is served.
    until_closed(&mut silent).await;
    until_closed(&mut partial).await;
    let mut client = server.client().await;
    client.deal(deal()).await.unwrap();

    // A connection that did send its preface is not touched by the handshake timeout: a stream
    // open across it goes on. (The wait only makes sure the timer has fired; a slow machine
    // makes the test weaker, never wrong.)
    let (send, requests) = tokio::sync::mpsc::channel(2);
    let mut answers = client
        .batch(tokio_stream::wrappers::ReceiverStream::new(requests))
        .await
        .unwrap()
        .into_inner();
    let message = || cardrules::server::pb::BatchRequest {
        items: vec![cardrules::server::pb::BatchItem {
            id: 1,
            request: Some(cardrules::server::pb::batch_item::Request::Deal(deal())),
        }],
    };
    send.send(message()).await.unwrap();
    answers.message().await.unwrap().unwrap();
    tokio::time::sleep(Duration::from_millis(1000)).await;
    send.send(message()).await.unwrap();
    answers.message().await.unwrap().unwrap();
    drop(send);
    assert!(answers.message().await.unwrap().is_none());
    server.shutdown().await.unwrap();
}

/// A client socket whose reads can be stopped: once `frozen`, it never reads again (its HTTP/2
/// stack then answers no ping and reads no response), like a stuck process.
struct Freezable {
    stream: TcpStream,
    frozen: Arc<AtomicBool>,
}

impl AsyncRead for Freezable {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        if self.frozen.load(Ordering::Relaxed) {
            return Poll::Pending;
        }
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Freezable {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[tokio::test]
async fn a_client_that_stops_reading_is_dropped_by_the_keepalive_and_frees_its_slot() {
    let server = TestServer::start_with(ServerConfig {
        max_concurrent_calls: 1,
        keepalive_interval: Duration::from_secs(1),
        keepalive_timeout: Duration::from_secs(1),
        ..common::test_config()
    })
    .await;
    let frozen = Arc::new(AtomicBool::new(false));
    let addr = server.addr;
    let freeze = frozen.clone();
    let stuck = Endpoint::from_shared(server.url())
        .unwrap()
        .connect_with_connector(tower::service_fn(move |_| {
            let frozen = freeze.clone();
            async move {
                let stream = TcpStream::connect(addr).await?;
                Ok::<_, std::io::Error>(hyper_util::rt::TokioIo::new(Freezable { stream, frozen }))
            }
        }))
        .await
        .unwrap();
    // The stuck client's call holds the only slot; then it stops reading.
    let parked = tokio::spawn(parked_deal(stuck));
    let mut client = server.client().await;
    until_shed(&mut client).await;
    frozen.store(true, Ordering::Relaxed);

    // Its pings go unanswered, so the server drops the connection and the slot is free again.
    until_served(&mut client).await;
    parked.abort();
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn headers_over_the_limit_are_refused_and_the_next_call_is_served() {
    let server = TestServer::start_with(ServerConfig {
        max_header_list_bytes: 4096,
        ..common::test_config()
    })
    .await;
    let mut client = server.client().await;
    let mut request = tonic::Request::new(deal());
    request
        .metadata_mut()
        .insert("x-padding", "x".repeat(8192).parse().unwrap());
    assert!(client.deal(request).await.is_err());
    let mut client = server.client().await;
    client.deal(deal()).await.unwrap();
    server.shutdown().await.unwrap();
}

/// The server process, killed if the test ends without it having exited.
struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free loopback port (bound, then released for the server to take).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A channel to `url`, once the server there answers.
async fn connect_when_up(url: &str) -> Channel {
    tokio::time::timeout(HANG_GUARD, async {
        loop {
            if let Ok(channel) = Endpoint::from_shared(url.to_owned())
                .unwrap()
                .connect()
                .await
            {
                return channel;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("the server never came up")
}

fn validate_play() -> cardrules::server::pb::ValidatePlayRequest {
    cardrules::server::pb::ValidatePlayRequest {
        hand: ["3S", "4H", "9H", "9D", "KC"].map(str::to_owned).to_vec(),
        play: ["9H", "9D"].map(str::to_owned).to_vec(),
        previous: ["8", "8"].map(str::to_owned).to_vec(),
        ..Default::default()
    }
}

/// The unary load of one connection: calls until the first failure, which it returns with the
/// number of calls answered before it.
async fn unary_load(url: String) -> (u64, tonic::Status) {
    let mut client = CardRulesServiceClient::new(connect_when_up(&url).await);
    let mut answered = 0;
    loop {
        let result = if answered % 2 == 0 {
            client.deal(deal()).await.map(drop)
        } else {
            client.validate_play(validate_play()).await.map(drop)
        };
        match result {
            Ok(()) => answered += 1,
            Err(status) => return (answered, status),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_under_load_flips_health_first_finishes_every_accepted_call_and_exits_0() {
    use cardrules::server::pb::{BatchItem, BatchRequest, batch_item};
    use tonic_health::pb::health_check_response::ServingStatus;
    use tonic_health::pb::health_client::HealthClient;

    let addr = format!("127.0.0.1:{}", free_port());
    let url = format!("http://{addr}");
    // The log goes to a file: a pipe nobody reads during the run would fill and stall the server.
    let log_path =
        std::env::temp_dir().join(format!("cardrules-sigterm-{}.log", std::process::id()));
    let log_file = std::fs::File::create(&log_path).unwrap();
    let mut child = Child(
        std::process::Command::new(env!("CARGO_BIN_EXE_cardrules"))
            .args(["serve", "--listen", &addr, "--log-format", "json"])
            // Far above any call of this test on a slow machine: only the drain may end calls.
            .args(["--request-timeout-ms", "300000"])
            .args(["--shutdown-grace-ms", "300000"])
            .stdout(log_file)
            .spawn()
            .unwrap(),
    );
    let pid = child.0.id();
    let channel = connect_when_up(&url).await;

    let mut watch = HealthClient::new(channel.clone())
        .watch(tonic_health::pb::HealthCheckRequest::default())
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        watch.message().await.unwrap().unwrap().status(),
        ServingStatus::Serving
    );

    // Batch streams open across the signal: each has answered one message before it.
    let item = |id| BatchRequest {
        items: vec![BatchItem {
            id,
            request: Some(batch_item::Request::Deal(deal())),
        }],
    };
    let mut streams = Vec::new();
    for _ in 0..4 {
        let (send, requests) = tokio::sync::mpsc::channel(4);
        let mut answers = CardRulesServiceClient::new(channel.clone())
            .batch(tokio_stream::wrappers::ReceiverStream::new(requests))
            .await
            .unwrap()
            .into_inner();
        send.send(item(1)).await.unwrap();
        assert_eq!(answers.message().await.unwrap().unwrap().results[0].id, 1);
        streams.push((send, answers));
    }

    // Unary load on eight connections of their own, until each sees its first failure.
    let load: Vec<_> = (0..8)
        .map(|_| tokio::spawn(unary_load(url.clone())))
        .collect();
    // Let every connection get calls through before the signal.
    let mut client = CardRulesServiceClient::new(channel.clone());
    for _ in 0..50 {
        client.deal(deal()).await.unwrap();
    }
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());

    // Health flips first: the open Watch stream still gets the change.
    let update = tokio::time::timeout(HANG_GUARD, watch.message())
        .await
        .expect("a status change before the stream closes")
        .unwrap()
        .expect("the Watch stream is still open while the server drains");
    assert_eq!(update.status(), ServingStatus::NotServing);
    drop(watch);

    // The open streams were accepted before the signal: they are served to their end.
    for (send, mut answers) in streams {
        send.send(item(2)).await.unwrap();
        assert_eq!(answers.message().await.unwrap().unwrap().results[0].id, 2);
        drop(send);
        assert!(answers.message().await.unwrap().is_none());
    }
    drop((client, channel));

    let mut client_answered = 0;
    for call in load {
        let (answered, status) = tokio::time::timeout(HANG_GUARD, call)
            .await
            .expect("the load ends when the server stops")
            .unwrap();
        client_answered += answered;
        // The call that failed was never accepted: refused by the drain (GOAWAY) or the closed
        // listener (UNAVAILABLE), or still in the client's queue when the connection closed
        // (hyper's "canceled": never sent). A stream the client opened while the server's GOAWAY
        // was on its way is refused by that GOAWAY (NO_ERROR, from the server), which tonic
        // reports as INTERNAL. The server's log below shows none was cut off.
        let refused_by_goaway = status.code() == Code::Internal
            && format!("{status:?}").contains("GoAway(b\"\", NO_ERROR, Remote)");
        assert!(
            matches!(status.code(), Code::Unavailable | Code::Cancelled) || refused_by_goaway,
            "{status:?}"
        );
    }

    let status = tokio::time::timeout(HANG_GUARD, async {
        loop {
            if let Some(status) = child.0.try_wait().unwrap() {
                return status;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the server exits once drained");
    let log = std::fs::read_to_string(&log_path).unwrap();
    let _ = std::fs::remove_file(&log_path);
    assert!(status.success(), "{status:?}\n{log}");
    assert!(!log.contains("call dropped before its answer"), "{log}");
    // Every call the server answered OK, the clients received: the 50 probes, the 8 Batch
    // messages, and the load's.
    let server_answered = log
        .lines()
        .filter(|line| line.contains(r#""message":"call""#) && line.contains(r#""code":"Ok""#))
        .filter(|line| line.contains("/Deal") || line.contains("/ValidatePlay"))
        .count() as u64;
    assert_eq!(server_answered, client_answered + 50, "{log}");
}
