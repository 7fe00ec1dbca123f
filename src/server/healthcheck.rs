//! `cardrules healthcheck`: asks a server's standard health service whether it is SERVING, so a
//! container HEALTHCHECK or a Kubernetes exec probe needs no extra binary.
//!
//! It follows the server's own settings from the environment: the port of `CARDRULES_LISTEN`,
//! and TLS when `CARDRULES_TLS_CERT` is set (see [`HealthcheckArgs`]), so a container's
//! HEALTHCHECK keeps working when TLS is turned on.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::Duration;

use tonic::transport::{Certificate, ClientTlsConfig, Identity};

use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

/// Settings of `cardrules healthcheck`.
#[derive(Clone, Debug, clap::Args)]
pub struct HealthcheckArgs {
    /// The server to ask (a URL such as `http://127.0.0.1:50051`). When not given, the address
    /// `serve` listens on (`--listen` / `CARDRULES_LISTEN`), asked on loopback when it is a
    /// wildcard address (0.0.0.0 or `[::]`).
    #[arg(long, env = "CARDRULES_HEALTHCHECK_ADDR")]
    pub addr: Option<String>,
    /// The listen address of the server to ask, read like `serve --listen`; used when `--addr` is
    /// not given, so a container's HEALTHCHECK follows its `CARDRULES_LISTEN`.
    #[arg(long, env = "CARDRULES_LISTEN", default_value = "127.0.0.1:50051")]
    pub listen: SocketAddr,
    /// The service to ask about; empty means the whole server.
    #[arg(long, default_value = "")]
    pub service: String,
    /// Give up after this many milliseconds.
    #[arg(long = "timeout-ms", default_value_t = 3000)]
    pub timeout_ms: u64,
    /// The server's certificate file, read like `serve --tls-cert` (same variable): when set,
    /// the check speaks TLS and, without `--tls-ca`, trusts the certificates in this file (a
    /// self-signed certificate, or a chain file that ends with its CA).
    #[arg(long, env = "CARDRULES_TLS_CERT")]
    pub server_cert: Option<PathBuf>,
    /// PEM file of the CA(s) to verify the server's certificate with; given, the check speaks
    /// TLS.
    #[arg(long, env = "CARDRULES_HEALTHCHECK_TLS_CA")]
    pub tls_ca: Option<PathBuf>,
    /// The name to verify the server's certificate against, when the address asked is not one
    /// of the certificate's names (e.g. `localhost` for a check on 127.0.0.1).
    #[arg(long, env = "CARDRULES_HEALTHCHECK_TLS_DOMAIN")]
    pub tls_domain: Option<String>,
    /// PEM client certificate to present, for a server with mutual TLS (`--tls-client-ca`).
    #[arg(long, env = "CARDRULES_HEALTHCHECK_TLS_CERT", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// PEM private key of `--tls-cert`.
    #[arg(long, env = "CARDRULES_HEALTHCHECK_TLS_KEY", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
}

impl Default for HealthcheckArgs {
    /// The flags' defaults: ask 127.0.0.1:50051 in plaintext, for 3 s.
    fn default() -> Self {
        HealthcheckArgs {
            addr: None,
            listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 50051)),
            service: String::new(),
            timeout_ms: 3000,
            server_cert: None,
            tls_ca: None,
            tls_domain: None,
            tls_cert: None,
            tls_key: None,
        }
    }
}

impl HealthcheckArgs {
    /// The URL asked: `--addr` when given, otherwise [`url_for_listen`] of `--listen` (with
    /// `https` when the check speaks TLS).
    pub fn target(&self) -> String {
        self.addr.clone().unwrap_or_else(|| {
            let url = url_for_listen(self.listen);
            if self.speaks_tls() {
                url.replacen("http://", "https://", 1)
            } else {
                url
            }
        })
    }

    /// Whether the check speaks TLS: when the server's certificate or a CA is given.
    pub fn speaks_tls(&self) -> bool {
        self.server_cert.is_some() || self.tls_ca.is_some()
    }

    /// The client TLS settings, when the check speaks TLS.
    fn tls_config(&self) -> Result<Option<ClientTlsConfig>, String> {
        let Some(trusted) = self.tls_ca.as_ref().or(self.server_cert.as_ref()) else {
            return Ok(None);
        };
        let read = |path: &Path| {
            std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))
        };
        let mut config =
            ClientTlsConfig::new().ca_certificate(Certificate::from_pem(read(trusted)?));
        if let Some(domain) = &self.tls_domain {
            config = config.domain_name(domain.clone());
        }
        if let (Some(cert), Some(key)) = (&self.tls_cert, &self.tls_key) {
            config = config.identity(Identity::from_pem(read(cert)?, read(key)?));
        }
        Ok(Some(config))
    }
}

/// The URL a local client reaches a server listening on `listen` at: a wildcard address (0.0.0.0,
/// `[::]`) listens on every interface, so it is asked on the loopback address of the same family.
pub fn url_for_listen(listen: SocketAddr) -> String {
    let ip = match listen.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    format!("http://{}", SocketAddr::new(ip, listen.port()))
}

/// `Ok` when the server answers SERVING for the service, otherwise why not.
pub async fn check(args: &HealthcheckArgs) -> Result<(), String> {
    let timeout = Duration::from_millis(args.timeout_ms);
    let target = args.target();
    let tls = args.tls_config()?;
    tokio::time::timeout(timeout, ask(&target, tls, &args.service))
        .await
        .unwrap_or_else(|_| Err(format!("no answer from {target} within {timeout:?}")))
}

async fn ask(target: &str, tls: Option<ClientTlsConfig>, service: &str) -> Result<(), String> {
    let mut endpoint = tonic::transport::Endpoint::from_shared(target.to_owned())
        .map_err(|e| format!("bad address {target:?}: {e}"))?;
    if let Some(tls) = tls {
        endpoint = endpoint
            .tls_config(tls)
            .map_err(|e| format!("TLS settings: {e}"))?;
    }
    let channel = endpoint
        .connect()
        .await
        .map_err(|e| format!("cannot connect to {target}: {e}"))?;
    let response = HealthClient::new(channel)
        .check(HealthCheckRequest {
            service: service.to_owned(),
        })
        .await
        .map_err(|status| format!("health check failed: {status}"))?;
    match response.into_inner().status() {
        ServingStatus::Serving => Ok(()),
        other => Err(format!("{target} reports {}", other.as_str_name())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(listen: &str) -> String {
        url_for_listen(listen.parse().unwrap())
    }

    #[test]
    fn wildcard_listen_addresses_are_asked_on_loopback() {
        assert_eq!(url("0.0.0.0:50051"), "http://127.0.0.1:50051");
        assert_eq!(url("0.0.0.0:8080"), "http://127.0.0.1:8080");
        assert_eq!(url("[::]:9000"), "http://[::1]:9000");
    }

    #[test]
    fn specific_listen_addresses_are_asked_as_they_are() {
        assert_eq!(url("127.0.0.1:50051"), "http://127.0.0.1:50051");
        assert_eq!(url("10.1.2.3:7000"), "http://10.1.2.3:7000");
        assert_eq!(url("[::1]:7000"), "http://[::1]:7000");
        assert_eq!(url("[fe80::1]:7000"), "http://[fe80::1]:7000");
    }

    #[test]
    fn addr_wins_over_listen_and_listen_is_the_fallback() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            args: HealthcheckArgs,
        }
        // Flags only: a flag beats its environment variable, but the first case would see a
        // CARDRULES_HEALTHCHECK_ADDR set around the test run (CI sets none).
        let parse = |flags: &[&str]| {
            Cli::try_parse_from(std::iter::once("healthcheck").chain(flags.iter().copied()))
                .unwrap()
                .args
                .target()
        };
        assert_eq!(
            parse(&["--listen", "0.0.0.0:6000"]),
            "http://127.0.0.1:6000"
        );
        assert_eq!(
            parse(&["--listen", "0.0.0.0:6000", "--addr", "http://10.0.0.9:7000"]),
            "http://10.0.0.9:7000"
        );
    }
}
