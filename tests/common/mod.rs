//! Starts the real server in-process on an ephemeral port for integration tests; and the
//! property tests' case count.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use cardrules::server::pb::card_rules_service_client::CardRulesServiceClient;
use cardrules::server::{self, ServerConfig};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::transport::Channel;

/// Cases per property test: `CARDRULES_PROPTEST_CASES`, else `default`.
pub fn proptest_cases(default: u32) -> u32 {
    std::env::var("CARDRULES_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The default settings with a deadline no debug-build call comes near on a busy machine: the
/// integration tests check answers, not speed. A whole-deck ListPlays, or the first mahjong call
/// (it builds the tables), can take seconds in a debug build on a busy machine, against the
/// default 2 s. The deadline itself is tested with paused time in `src/server/net/mod.rs`.
pub fn test_config() -> ServerConfig {
    ServerConfig {
        request_timeout: Duration::from_secs(600),
        ..ServerConfig::default()
    }
}

/// A server running on 127.0.0.1 with a port the OS chose.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), server::ServeError>>>,
}

impl TestServer {
    /// Starts a server with [`test_config`].
    pub async fn start() -> TestServer {
        TestServer::start_with(test_config()).await
    }

    /// Starts a server with `config` (its `listen` is ignored).
    pub async fn start_with(config: ServerConfig) -> TestServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            server::serve(&config, listener, async {
                let _ = stopped.await;
            })
            .await
        });
        TestServer {
            addr,
            stop: Some(stop),
            task: Some(task),
        }
    }

    /// The server's URL for a tonic channel.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A connected channel.
    pub async fn channel(&self) -> Channel {
        Channel::from_shared(self.url())
            .unwrap()
            .connect()
            .await
            .unwrap()
    }

    /// A `CardRulesService` client.
    pub async fn client(&self) -> CardRulesServiceClient<Channel> {
        CardRulesServiceClient::new(self.channel().await)
    }

    /// Sends the shutdown signal and waits for `serve` to return.
    pub async fn shutdown(mut self) -> Result<(), server::ServeError> {
        let _ = self.stop.take().unwrap().send(());
        self.task.take().unwrap().await.unwrap()
    }
}

/// The `google.rpc.BadRequest` field violations of a status, as (field, description) pairs.
pub fn field_violations(status: &tonic::Status) -> Vec<(String, String)> {
    use tonic_types::StatusExt;
    status
        .get_details_bad_request()
        .expect("INVALID_ARGUMENT carries google.rpc.BadRequest details")
        .field_violations
        .into_iter()
        .map(|v| (v.field, v.description))
        .collect()
}

/// A Deal whose request message never comes: the server admits the call and holds it (and its
/// concurrency slot) waiting for the message until the client goes away. The parked call of the
/// load and metrics tests.
pub async fn stalled_deal(
    channel: Channel,
) -> Result<tonic::Response<cardrules::server::pb::DealResponse>, tonic::Status> {
    use cardrules::server::pb::{DealRequest, DealResponse};
    let mut grpc = tonic::client::Grpc::new(channel);
    grpc.ready().await.unwrap();
    grpc.client_streaming(
        tonic::Request::new(tokio_stream::pending::<DealRequest>()),
        http::uri::PathAndQuery::from_static("/cardrules.v1.CardRulesService/Deal"),
        tonic_prost::ProstCodec::<DealRequest, DealResponse>::default(),
    )
    .await
}

/// The ranks in the order of PlayListFormat's layout: rank r is bits 4r to 4r+3.
const PACKED_RANKS: [&str; 15] = [
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ",
];

/// A word of `packed_plays` read as the proto documents it: the count of each rank, and the
/// listed reading's ComboType number.
pub fn unpack(word: u64) -> ([u8; 15], i32) {
    let counts = std::array::from_fn(|r| (word >> (4 * r) & 0xF) as u8);
    (counts, (word >> 60) as i32)
}

/// What a play of the normal answer packs to: its cards counted by rank, and its reading's type
/// (0 for NextActions' pass, which has none).
pub fn counted(play: &cardrules::server::pb::ListedPlay) -> ([u8; 15], i32) {
    let mut counts = [0u8; 15];
    for card in &play.cards {
        // "10H" is a 10, "BJ" the black joker, "7" a rank-only 7.
        let rank = card.trim_end_matches(['S', 'H', 'C', 'D']);
        let r = PACKED_RANKS.iter().position(|&name| name == rank).unwrap();
        counts[r] += 1;
    }
    (counts, play.reading.as_ref().map_or(0, |r| r.r#type))
}
