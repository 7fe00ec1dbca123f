//! The server's wiring, end to end over gRPC: health, reflection, shutdown, limits.

mod common;

use std::time::Duration;

use cardrules::server::pb::{DealRequest, Game};
use cardrules::server::{SERVICE_NAME, ServerConfig, healthcheck};
use common::TestServer;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;
use tonic_health::pb::{HealthCheckRequest, HealthCheckResponse};

async fn health(server: &TestServer, service: &str) -> ServingStatus {
    HealthClient::new(server.channel().await)
        .check(HealthCheckRequest {
            service: service.to_string(),
        })
        .await
        .unwrap()
        .into_inner()
        .status()
}

#[tokio::test]
async fn health_reports_serving_for_the_server_and_the_service() {
    let server = TestServer::start().await;
    assert_eq!(health(&server, "").await, ServingStatus::Serving);
    assert_eq!(health(&server, SERVICE_NAME).await, ServingStatus::Serving);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn healthcheck_command_logic_succeeds_then_fails_after_shutdown() {
    let server = TestServer::start().await;
    let args = healthcheck::HealthcheckArgs {
        addr: Some(server.url()),
        listen: "127.0.0.1:1".parse().unwrap(),
        service: String::new(),
        // Only guards against a hang: the check answers at once, and after shutdown the
        // connection is refused at once.
        timeout_ms: 300_000,
    };
    healthcheck::check(&args).await.unwrap();
    server.shutdown().await.unwrap();
    assert!(healthcheck::check(&args).await.is_err());
}

#[tokio::test]
async fn healthcheck_command_without_addr_asks_the_listen_address_on_loopback() {
    let server = TestServer::start().await;
    // What a container sets: serve on every interface (CARDRULES_LISTEN=0.0.0.0:PORT); the
    // healthcheck, given no --addr, reads the same setting and asks 127.0.0.1:PORT.
    let args = healthcheck::HealthcheckArgs {
        addr: None,
        listen: format!("0.0.0.0:{}", server.addr.port()).parse().unwrap(),
        service: String::new(),
        // Only guards against a hang: the check answers at once.
        timeout_ms: 300_000,
    };
    assert_eq!(args.target(), server.url());
    healthcheck::check(&args).await.unwrap();
    server.shutdown().await.unwrap();
}

/// A Watch stream on the server's own health status.
async fn watch_health(server: &TestServer) -> tonic::Streaming<HealthCheckResponse> {
    HealthClient::new(server.channel().await)
        .watch(HealthCheckRequest {
            service: String::new(),
        })
        .await
        .unwrap()
        .into_inner()
}

/// Guards the awaits below against hanging forever on a regression; a correct server answers
/// within milliseconds, so this never decides a passing run.
const HANG_GUARD: Duration = Duration::from_secs(300);

#[tokio::test]
async fn shutdown_flips_health_to_not_serving_and_returns() {
    // A grace no machine runs out of: the update must reach the open Watch stream before serve
    // gives up on it.
    let server = TestServer::start_with(ServerConfig {
        shutdown_grace: HANG_GUARD,
        ..common::test_config()
    })
    .await;
    let mut watch = watch_health(&server).await;
    let first: HealthCheckResponse = watch.message().await.unwrap().unwrap();
    assert_eq!(first.status(), ServingStatus::Serving);

    let stopping = tokio::spawn(server.shutdown());
    let update = tokio::time::timeout(HANG_GUARD, watch.message())
        .await
        .expect("a status change before the stream closes")
        .unwrap()
        .expect("the stream is still open during the grace period");
    assert_eq!(update.status(), ServingStatus::NotServing);
    // With the last call in flight gone, serve returns without waiting out the grace.
    drop(watch);
    tokio::time::timeout(HANG_GUARD, stopping)
        .await
        .expect("serve returns once no call is in flight")
        .unwrap()
        .unwrap();
}

#[tokio::test]
async fn shutdown_gives_up_on_calls_still_in_flight_after_the_grace() {
    // The open Watch stream never ends, so serve returns only because the grace runs out.
    let server = TestServer::start_with(ServerConfig {
        shutdown_grace: Duration::from_millis(100),
        ..common::test_config()
    })
    .await;
    let mut watch = watch_health(&server).await;
    watch.message().await.unwrap().unwrap();
    tokio::time::timeout(HANG_GUARD, server.shutdown())
        .await
        .expect("serve returns when the grace runs out")
        .unwrap();
    drop(watch);
}

#[tokio::test]
async fn reflection_lists_the_service_over_v1_and_v1alpha() {
    use tokio_stream::StreamExt;
    let server = TestServer::start().await;

    let mut v1 = tonic_reflection::pb::v1::server_reflection_client::ServerReflectionClient::new(
        server.channel().await,
    );
    let request = tonic_reflection::pb::v1::ServerReflectionRequest {
        host: String::new(),
        message_request: Some(
            tonic_reflection::pb::v1::server_reflection_request::MessageRequest::ListServices(
                String::new(),
            ),
        ),
    };
    let mut answers = v1
        .server_reflection_info(tokio_stream::once(request))
        .await
        .unwrap()
        .into_inner();
    let answer = answers.next().await.unwrap().unwrap();
    let listed = format!("{:?}", answer.message_response);
    assert!(listed.contains(SERVICE_NAME), "{listed}");
    assert!(listed.contains("grpc.health.v1.Health"), "{listed}");

    let mut v1alpha =
        tonic_reflection::pb::v1alpha::server_reflection_client::ServerReflectionClient::new(
            server.channel().await,
        );
    let request = tonic_reflection::pb::v1alpha::ServerReflectionRequest {
        host: String::new(),
        message_request: Some(
            tonic_reflection::pb::v1alpha::server_reflection_request::MessageRequest::FileContainingSymbol(
                "google.rpc.BadRequest".to_string(),
            ),
        ),
    };
    let mut answers = v1alpha
        .server_reflection_info(tokio_stream::once(request))
        .await
        .unwrap()
        .into_inner();
    let answer = answers.next().await.unwrap().unwrap();
    assert!(
        matches!(
            answer.message_response,
            Some(tonic_reflection::pb::v1alpha::server_reflection_response::MessageResponse::FileDescriptorResponse(_))
        ),
        "error details are described, so grpcurl can print them: {:?}",
        answer.message_response
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn requests_over_the_size_limit_are_refused() {
    let server = TestServer::start_with(ServerConfig {
        max_request_bytes: 8,
        ..common::test_config()
    })
    .await;
    let mut client = server.client().await;
    let small = DealRequest {
        game: Game::Doudizhu as i32,
        ..Default::default()
    };
    client.deal(small).await.unwrap();
    let large = DealRequest {
        game: Game::Doudizhu as i32,
        seed: Some(u64::MAX),
        ..Default::default()
    };
    let status = client.deal(large).await.unwrap_err();
    assert_eq!(status.code(), tonic::Code::OutOfRange, "{status:?}");
    server.shutdown().await.unwrap();
}

/// The types of the HTTP/2 frames read from `stream` until the server closes it. Like a real
/// client it acknowledges the server's SETTINGS and answers its PINGs (a graceful close waits for
/// a PING's answer before its last GOAWAY).
async fn frame_types_until_closed(stream: &mut tokio::net::TcpStream) -> Vec<u8> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    const SETTINGS: u8 = 0x4;
    const PING: u8 = 0x6;
    const ACK: u8 = 0x1;
    let mut types = Vec::new();
    loop {
        let mut header = [0u8; 9];
        if stream.read_exact(&mut header).await.is_err() {
            return types;
        }
        let length = u32::from_be_bytes([0, header[0], header[1], header[2]]) as usize;
        let mut payload = vec![0u8; length];
        if stream.read_exact(&mut payload).await.is_err() {
            return types;
        }
        let (kind, flags) = (header[3], header[4]);
        types.push(kind);
        let reply = match kind {
            SETTINGS if flags & ACK == 0 => Some([0, 0, 0, SETTINGS, ACK, 0, 0, 0, 0].to_vec()),
            PING if flags & ACK == 0 => {
                Some([&[0, 0, 8, PING, ACK, 0, 0, 0, 0][..], &payload].concat())
            }
            _ => None,
        };
        if let Some(reply) = reply {
            // The server may close first; the read above then ends the loop.
            let _ = stream.write_all(&reply).await;
        }
    }
}

#[tokio::test]
async fn a_connection_past_the_max_age_gets_a_goaway_and_is_closed() {
    use tokio::io::AsyncWriteExt;
    const GOAWAY: u8 = 0x7;
    let server = TestServer::start_with(ServerConfig {
        max_connection_age: Some(Duration::from_secs(1)),
        ..common::test_config()
    })
    .await;
    // A bare HTTP/2 client: the connection preface and an empty SETTINGS frame, then it only
    // acknowledges. It answers the keepalive PINGs, so nothing but the maximum age closes the
    // connection: without one the guard below would fail the test.
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\x04\0\0\0\0\0")
        .await
        .unwrap();
    let frames = tokio::time::timeout(HANG_GUARD, frame_types_until_closed(&mut stream))
        .await
        .expect("the server closes the connection once it is older than the maximum age");
    assert!(
        frames.contains(&GOAWAY),
        "a GOAWAY before closing: {frames:?}"
    );
    // The server still serves new connections.
    let answer = server
        .client()
        .await
        .deal(DealRequest {
            game: Game::Doudizhu as i32,
            seed: Some(1),
            ..Default::default()
        })
        .await;
    assert!(answer.is_ok(), "{answer:?}");
    server.shutdown().await.unwrap();
}
