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

/// A Deal whose request message never comes: the server has admitted the call and holds its slot
/// until the client goes away. The parked call of these tests.
async fn stalled_deal(channel: Channel) -> Result<tonic::Response<DealResponse>, tonic::Status> {
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready().await.unwrap();
    grpc.client_streaming(
        tonic::Request::new(tokio_stream::pending::<DealRequest>()),
        http::uri::PathAndQuery::from_static("/cardrules.v1.CardRulesService/Deal"),
        tonic_prost::ProstCodec::<DealRequest, DealResponse>::default(),
    )
    .await
}

/// A parked call that tries again while it is shed (a probe of [`until_shed`] may hold a slot
/// when it arrives): it returns only when the client gives up on it.
async fn parked_deal(channel: Channel) -> Result<tonic::Response<DealResponse>, tonic::Status> {
    loop {
        match stalled_deal(channel.clone()).await {
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
