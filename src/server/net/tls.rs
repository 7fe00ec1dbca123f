//! TLS and mutual TLS on the gRPC port, with the certificate reloaded when its files change.
//!
//! The accept loop (`connections.rs`) does the TLS handshakes itself (rustls, through
//! tokio-rustls), under the connection's handshake timeout, with the acceptor of the configuration
//! in force, so the configuration can be swapped while the server runs: a watcher reads the
//! certificate, key and client CA files every `--tls-reload-secs` and, when their bytes changed,
//! builds a new rustls configuration that every later handshake uses. Connections
//! already open keep the certificate they were made with. A new set of files that does not load
//! (a key that does not match, a half-written file) is logged and the previous configuration
//! kept. Comparing bytes rather than modification times also follows a Kubernetes secret volume,
//! whose files are swapped by a symlink.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::server::WebPkiClientVerifier;
use tokio_rustls::rustls::{self, RootCertStore, ServerConfig};

/// TLS settings of `cardrules serve`. TLS is on when `--tls-cert` is given; mutual TLS when
/// `--tls-client-ca` is given too.
#[derive(Clone, Debug, clap::Args)]
pub struct TlsArgs {
    /// PEM file of the server's certificate chain (leaf first). Given, the gRPC port speaks TLS
    /// only (needs `--tls-key`).
    #[arg(long, env = "CARDRULES_TLS_CERT", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,

    /// PEM file of the private key of `--tls-cert` (PKCS#8, PKCS#1 or SEC1).
    #[arg(long, env = "CARDRULES_TLS_KEY", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,

    /// PEM file of the CA certificate(s) that client certificates must chain to. Given, mutual
    /// TLS: a client without a certificate signed by one of them is refused in the handshake.
    #[arg(long, env = "CARDRULES_TLS_CLIENT_CA", requires = "tls_cert")]
    pub tls_client_ca: Option<PathBuf>,

    /// How often the certificate, key and client CA files are read again, in seconds; when
    /// their contents changed, new connections get the new ones.
    #[arg(long = "tls-reload-secs", env = "CARDRULES_TLS_RELOAD_SECS", default_value = "10", value_parser = parse_reload)]
    pub tls_reload_interval: Duration,
}

impl Default for TlsArgs {
    fn default() -> Self {
        TlsArgs {
            tls_cert: None,
            tls_key: None,
            tls_client_ca: None,
            tls_reload_interval: Duration::from_secs(10),
        }
    }
}

fn parse_reload(text: &str) -> Result<Duration, String> {
    match text.parse::<u64>() {
        Ok(0) | Err(_) => Err(format!(
            "expected a positive number of seconds, got {text:?}"
        )),
        Ok(s) => Ok(Duration::from_secs(s)),
    }
}

impl TlsArgs {
    /// The files to serve with, when TLS is on.
    pub fn files(&self) -> Option<TlsFiles> {
        Some(TlsFiles {
            cert: self.tls_cert.clone()?,
            key: self.tls_key.clone()?,
            client_ca: self.tls_client_ca.clone(),
        })
    }
}

/// The files a TLS configuration is made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TlsFiles {
    /// The certificate chain (PEM).
    pub cert: PathBuf,
    /// Its private key (PEM).
    pub key: PathBuf,
    /// The CAs of client certificates (PEM), for mutual TLS.
    pub client_ca: Option<PathBuf>,
}

/// Why a TLS configuration could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// A file could not be read.
    #[error("reading {}: {error}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A file is not the PEM it should be (or holds no key, for the key file).
    #[error("{}: {error}", path.display())]
    Pem {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        error: rustls::pki_types::pem::Error,
    },
    /// A certificate file holds no certificate.
    #[error("{} holds no PEM certificate", path.display())]
    NoCertificate {
        /// The file.
        path: PathBuf,
    },
    /// A client CA certificate is not usable as a trust anchor.
    #[error("client CA {}: {error}", path.display())]
    ClientCa {
        /// The file.
        path: PathBuf,
        /// Why.
        error: rustls::Error,
    },
    /// The client CAs do not make a client certificate verifier.
    #[error("client CA {}: {error}", path.display())]
    ClientVerifier {
        /// The file.
        path: PathBuf,
        /// Why.
        error: rustls::server::VerifierBuilderError,
    },
    /// rustls refused the certificate and key (e.g. the key does not match the certificate).
    #[error("the certificate and key do not make a TLS configuration: {0}")]
    Config(#[from] rustls::Error),
}

/// The bytes of the files, as last read: a reload happens when they differ.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    cert: Vec<u8>,
    key: Vec<u8>,
    client_ca: Option<Vec<u8>>,
}

fn read(path: &Path) -> Result<Vec<u8>, TlsError> {
    std::fs::read(path).map_err(|error| TlsError::Read {
        path: path.to_owned(),
        error,
    })
}

impl TlsFiles {
    fn snapshot(&self) -> Result<Snapshot, TlsError> {
        Ok(Snapshot {
            cert: read(&self.cert)?,
            key: read(&self.key)?,
            client_ca: self.client_ca.as_deref().map(read).transpose()?,
        })
    }

    fn certificates(path: &Path, pem: &[u8]) -> Result<Vec<CertificateDer<'static>>, TlsError> {
        let certs = CertificateDer::pem_slice_iter(pem)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|error| TlsError::Pem {
                path: path.to_owned(),
                error,
            })?;
        if certs.is_empty() {
            return Err(TlsError::NoCertificate {
                path: path.to_owned(),
            });
        }
        Ok(certs)
    }

    /// The rustls configuration the bytes make: HTTP/2 offered first in ALPN (HTTP/1.1 too,
    /// for gRPC-Web from browsers), client certificates required when a client CA is set.
    fn server_config(&self, files: &Snapshot) -> Result<Arc<ServerConfig>, TlsError> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let certs = Self::certificates(&self.cert, &files.cert)?;
        let key = PrivateKeyDer::from_pem_slice(&files.key).map_err(|error| TlsError::Pem {
            path: self.key.clone(),
            error,
        })?;
        let builder = ServerConfig::builder_with_provider(provider.clone())
            .with_safe_default_protocol_versions()?;
        let builder = match (&self.client_ca, &files.client_ca) {
            (Some(path), Some(pem)) => {
                let mut roots = RootCertStore::empty();
                for cert in Self::certificates(path, pem)? {
                    roots.add(cert).map_err(|error| TlsError::ClientCa {
                        path: path.clone(),
                        error,
                    })?;
                }
                let verifier = WebPkiClientVerifier::builder_with_provider(roots.into(), provider)
                    .build()
                    .map_err(|error| TlsError::ClientVerifier {
                        path: path.clone(),
                        error,
                    })?;
                builder.with_client_cert_verifier(verifier)
            }
            _ => builder.with_no_client_auth(),
        };
        let mut config = builder.with_single_cert(certs, key)?;
        config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        Ok(Arc::new(config))
    }
}

/// The TLS configuration in force, and the file contents it was made from.
#[derive(Debug)]
pub(crate) struct ReloadingTls {
    files: TlsFiles,
    loaded: Mutex<Snapshot>,
    config: RwLock<Arc<ServerConfig>>,
}

impl ReloadingTls {
    /// Loads the files; an error here stops the server from starting.
    pub(crate) fn load(files: TlsFiles) -> Result<Arc<ReloadingTls>, TlsError> {
        let snapshot = files.snapshot()?;
        let config = files.server_config(&snapshot)?;
        Ok(Arc::new(ReloadingTls {
            files,
            loaded: Mutex::new(snapshot),
            config: RwLock::new(config),
        }))
    }

    /// An acceptor with the configuration in force now, for the handshake of a new connection.
    pub(crate) fn acceptor(&self) -> TlsAcceptor {
        TlsAcceptor::from(
            self.config
                .read()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .clone(),
        )
    }

    /// Reads the files again and, when they changed, makes the new configuration the current
    /// one. `Ok(true)` when it did; an error leaves the current one in force (and is retried at
    /// the next poll, as the bytes still differ).
    fn reload_if_changed(&self) -> Result<bool, TlsError> {
        let snapshot = self.files.snapshot()?;
        let mut loaded = self
            .loaded
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if *loaded == snapshot {
            return Ok(false);
        }
        let config = self.files.server_config(&snapshot)?;
        *self
            .config
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = config;
        *loaded = snapshot;
        Ok(true)
    }

    /// Polls the files every `every` until the task is aborted.
    pub(crate) async fn watch(self: Arc<Self>, every: Duration) {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ticks.tick().await;
        loop {
            ticks.tick().await;
            let tls = self.clone();
            match tokio::task::spawn_blocking(move || tls.reload_if_changed()).await {
                Ok(Ok(true)) => {
                    tracing::info!(cert = %self.files.cert.display(), "TLS certificate reloaded")
                }
                Ok(Ok(false)) => {}
                Ok(Err(error)) => tracing::warn!(
                    %error,
                    "the TLS files changed but do not load; still serving the previous ones"
                ),
                Err(error) => tracing::warn!(%error, "reading the TLS files failed"),
            }
        }
    }
}
