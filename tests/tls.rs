//! TLS and mutual TLS on the gRPC port (`--tls-cert`, `--tls-key`, `--tls-client-ca`), the
//! certificate reload, and the healthcheck command speaking TLS. Certificates are made here with
//! rcgen: a CA, a server certificate for `localhost` / 127.0.0.1, and client certificates.

mod common;

use std::path::PathBuf;
use std::time::Duration;

use cardrules::server::healthcheck::{self, HealthcheckArgs};
use cardrules::server::net::tls::TlsArgs;
use cardrules::server::pb::card_rules_service_client::CardRulesServiceClient;
use cardrules::server::pb::{DealRequest, Game};
use common::{TestServer, test_config};
use rcgen::{
    BasicConstraints, CertificateParams, CertifiedIssuer, DnType, ExtendedKeyUsagePurpose, IsCa,
    KeyPair,
};
use tonic::transport::{Certificate, ClientTlsConfig, Endpoint, Identity};

/// A CA that signs server and client certificates.
struct Ca {
    issuer: CertifiedIssuer<'static, KeyPair>,
}

/// A certificate and its key, in PEM.
struct Pair {
    cert: String,
    key: String,
}

impl Ca {
    fn new(name: &str) -> Ca {
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.distinguished_name.push(DnType::CommonName, name);
        Ca {
            issuer: CertifiedIssuer::self_signed(params, KeyPair::generate().unwrap()).unwrap(),
        }
    }

    fn pem(&self) -> String {
        self.issuer.pem()
    }

    fn sign(&self, names: &[&str], usage: ExtendedKeyUsagePurpose) -> Pair {
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let mut params = CertificateParams::new(names).unwrap();
        params.extended_key_usages = vec![usage];
        let key = KeyPair::generate().unwrap();
        let cert = params.signed_by(&key, &self.issuer).unwrap();
        Pair {
            cert: cert.pem(),
            key: key.serialize_pem(),
        }
    }

    fn server(&self) -> Pair {
        self.sign(
            &["localhost", "127.0.0.1"],
            ExtendedKeyUsagePurpose::ServerAuth,
        )
    }

    fn client(&self) -> Pair {
        self.sign(&["game-server"], ExtendedKeyUsagePurpose::ClientAuth)
    }
}

/// A directory of its own for one test's files.
fn dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardrules-tls-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to `dir/name` (through a rename, as a deploy tool or Kubernetes would, so the
/// server never reads half a file).
fn write(dir: &std::path::Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    let partial = dir.join(format!(".{name}.partial"));
    std::fs::write(&partial, text).unwrap();
    std::fs::rename(&partial, &path).unwrap();
    path
}

/// Starts a TLS server with the server pair written in `dir`, and mutual TLS when `client_ca`.
async fn start(dir: &std::path::Path, server: &Pair, client_ca: Option<&Ca>) -> TestServer {
    let mut config = test_config();
    config.tls = TlsArgs {
        tls_cert: Some(write(dir, "server.crt", &server.cert)),
        tls_key: Some(write(dir, "server.key", &server.key)),
        tls_client_ca: client_ca.map(|ca| write(dir, "client-ca.crt", &ca.pem())),
        tls_reload_interval: Duration::from_millis(50),
    };
    TestServer::start_with(config).await
}

/// Whether a Deal call over a new TLS connection that trusts `ca` (presenting `identity`, if
/// any) succeeds.
async fn deal_over_tls(server: &TestServer, ca: &Ca, identity: Option<&Pair>) -> bool {
    let mut tls = ClientTlsConfig::new()
        .ca_certificate(Certificate::from_pem(ca.pem()))
        .domain_name("localhost");
    if let Some(pair) = identity {
        tls = tls.identity(Identity::from_pem(&pair.cert, &pair.key));
    }
    let endpoint = Endpoint::from_shared(format!("https://{}", server.addr))
        .unwrap()
        .tls_config(tls)
        .unwrap();
    let channel = match endpoint.connect().await {
        Ok(channel) => channel,
        Err(e) => {
            eprintln!("connect: {e}");
            return false;
        }
    };
    let r = CardRulesServiceClient::new(channel)
        .deal(DealRequest {
            game: Game::Doudizhu.into(),
            seed: Some(7),
            ..Default::default()
        })
        .await;
    if let Err(e) = &r {
        eprintln!("call: {e}");
    }
    r.is_ok()
}

/// Whether a plaintext Deal call succeeds.
async fn deal_in_plaintext(server: &TestServer) -> bool {
    let Ok(channel) = Endpoint::from_shared(server.url()).unwrap().connect().await else {
        return false;
    };
    CardRulesServiceClient::new(channel)
        .deal(DealRequest {
            game: Game::Doudizhu.into(),
            ..Default::default()
        })
        .await
        .is_ok()
}

#[tokio::test]
async fn tls_serves_clients_that_trust_the_ca_and_refuses_plaintext() {
    let ca = Ca::new("cardrules test CA");
    let server = start(&dir("plain-tls"), &ca.server(), None).await;
    assert!(deal_over_tls(&server, &ca, None).await);
    assert!(!deal_in_plaintext(&server).await, "plaintext served");
    // A client that trusts another CA refuses the server.
    assert!(!deal_over_tls(&server, &Ca::new("another CA"), None).await);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn mutual_tls_refuses_clients_without_a_valid_certificate() {
    let ca = Ca::new("cardrules test CA");
    let stranger = Ca::new("a stranger's CA");
    let server = start(&dir("mtls"), &ca.server(), Some(&ca)).await;

    assert!(
        deal_over_tls(&server, &ca, Some(&ca.client())).await,
        "a client with a certificate from the client CA is served"
    );
    assert!(
        !deal_over_tls(&server, &ca, None).await,
        "a client without a certificate is refused"
    );
    assert!(
        !deal_over_tls(&server, &ca, Some(&stranger.client())).await,
        "a client whose certificate another CA signed is refused"
    );
    assert!(!deal_in_plaintext(&server).await, "plaintext served");
    // Refusals leave the server serving.
    assert!(deal_over_tls(&server, &ca, Some(&ca.client())).await);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_new_certificate_is_picked_up_without_a_restart() {
    let dir = dir("reload");
    let old_ca = Ca::new("old CA");
    let new_ca = Ca::new("new CA");
    let server = start(&dir, &old_ca.server(), None).await;
    assert!(deal_over_tls(&server, &old_ca, None).await);
    assert!(!deal_over_tls(&server, &new_ca, None).await);

    // A half-done rotation (a new certificate with the old key) does not load: the server
    // keeps serving the old pair.
    let new = new_ca.server();
    write(&dir, "server.crt", &new.cert);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(deal_over_tls(&server, &old_ca, None).await);

    write(&dir, "server.key", &new.key);
    // The watcher reads the files every 50 ms; the bound only stops a broken reload from hanging
    // the test.
    let mut picked_up = false;
    for _ in 0..400 {
        if deal_over_tls(&server, &new_ca, None).await {
            picked_up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(picked_up, "the new certificate was never served");
    assert!(!deal_over_tls(&server, &old_ca, None).await);
    server.shutdown().await.unwrap();
}

fn healthcheck_args(server: &TestServer) -> HealthcheckArgs {
    HealthcheckArgs {
        listen: server.addr,
        timeout_ms: 10_000,
        ..Default::default()
    }
}

#[tokio::test]
async fn healthcheck_speaks_tls_when_the_server_does() {
    let dir = dir("healthcheck");
    let ca = Ca::new("cardrules test CA");
    let server = start(&dir, &ca.server(), Some(&ca)).await;
    let client = ca.client();

    // Following the server's settings: `CARDRULES_TLS_CERT` is the server's certificate; the CA
    // and client pair are the check's own.
    let mut args = healthcheck_args(&server);
    args.server_cert = Some(dir.join("server.crt"));
    assert!(args.target().starts_with("https://127.0.0.1:"));
    args.tls_ca = Some(write(&dir, "ca.crt", &ca.pem()));
    args.tls_cert = Some(write(&dir, "client.crt", &client.cert));
    args.tls_key = Some(write(&dir, "client.key", &client.key));
    healthcheck::check(&args).await.unwrap();

    // Without a client certificate, mutual TLS refuses the check.
    let refused = HealthcheckArgs {
        tls_cert: None,
        tls_key: None,
        ..args.clone()
    };
    assert!(healthcheck::check(&refused).await.is_err());
    // In plaintext, so does TLS.
    assert!(
        healthcheck::check(&healthcheck_args(&server))
            .await
            .is_err()
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn healthcheck_trusts_a_self_signed_server_certificate_from_the_servers_own_file() {
    let dir = dir("healthcheck-self-signed");
    let key = KeyPair::generate().unwrap();
    let cert = CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()])
        .unwrap()
        .self_signed(&key)
        .unwrap();
    let pair = Pair {
        cert: cert.pem(),
        key: key.serialize_pem(),
    };
    let server = start(&dir, &pair, None).await;
    let mut args = healthcheck_args(&server);
    args.server_cert = Some(dir.join("server.crt"));
    healthcheck::check(&args).await.unwrap();
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_client_that_never_starts_its_tls_handshake_is_closed_at_the_handshake_timeout() {
    use tokio::io::AsyncReadExt as _;

    let ca = Ca::new("cardrules test CA");
    let dir = dir("tls-handshake-timeout");
    let server_pair = ca.server();
    let mut config = test_config();
    config.handshake_timeout = Duration::from_millis(200);
    config.max_connections = 1;
    config.tls = TlsArgs {
        tls_cert: Some(write(&dir, "server.crt", &server_pair.cert)),
        tls_key: Some(write(&dir, "server.key", &server_pair.key)),
        tls_client_ca: None,
        tls_reload_interval: Duration::from_secs(60),
    };
    let server = TestServer::start_with(config).await;
    // The silent connection holds the only connection slot until the handshake timeout closes it
    // (EOF or reset); the hang guard only stops a broken server from hanging the test.
    let mut silent = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let mut buf = [0u8; 64];
    let closed = tokio::time::timeout(Duration::from_secs(300), async {
        loop {
            match silent.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the silent connection was never closed");
    // Its slot is free again: a TLS client is served.
    assert!(deal_over_tls(&server, &ca, None).await);
    server.shutdown().await.unwrap();
}
