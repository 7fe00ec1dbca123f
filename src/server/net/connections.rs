//! The accept loop and the connections: the limits on connections and handshake time, and the
//! graceful drain on shutdown.
//!
//! It takes the place of tonic's `Server` so that admission (see [`super::admission`]) happens
//! where hyper accepts each stream, and so that a connection that never completes its handshake
//! is closed. With TLS configured, it does each connection's TLS handshake (see [`super::tls`])
//! before HTTP/2 starts, within the same handshake timeout. The protocols a connection may speak,
//! and their limits, are in [`super::limits`].

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use bytes::Bytes;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::time::Instant;
use tower::{BoxError, Service};

use super::admission::Admit;
use super::limits::Protocols;
use super::tls::ReloadingTls;
use crate::server::config::ServerConfig;

/// The length of the HTTP/2 client connection preface (`PRI * HTTP/2.0...`).
const PREFACE_LEN: usize = 24;

/// Serves `service` on every connection `listener` accepts (after a TLS handshake with `tls`'s
/// configuration in force, when given) until `stop` resolves, then stops accepting, asks every
/// connection to finish (HTTP/2 GOAWAY: streams already accepted complete, new ones are refused)
/// and returns when all have closed.
pub async fn serve<S, B>(
    config: &ServerConfig,
    listener: TcpListener,
    tls: Option<Arc<ReloadingTls>>,
    service: S,
    stop: impl Future<Output = ()>,
) where
    S: Service<http::Request<tonic::body::Body>, Response = http::Response<B>>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    S::Error: Into<BoxError>,
    B: http_body::Body<Data = Bytes> + Send + Unpin + 'static,
    B::Error: Into<BoxError>,
{
    let protocols = Protocols::new(config);
    let service = Admit::new(service, config);
    let max_connections = config.max_connections;
    let connections = Arc::new(Semaphore::new(max_connections as usize));
    let (draining, drain) = watch::channel(false);
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors, say: back off briefly rather than spin.
                tracing::warn!(%error, "accepting a connection failed");
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                continue;
            }
        };
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            tracing::warn!(
                max_connections,
                "connection closed at once: max_connections reached"
            );
            continue;
        };
        let _ = stream.set_nodelay(true);
        // One deadline for the TLS handshake and the HTTP preface together.
        let handshake_deadline = Instant::now() + config.handshake_timeout;
        let deadlines = Deadlines {
            handshake: handshake_deadline,
            age: config.max_connection_age.map(|age| Instant::now() + age),
        };
        let acceptor = tls.as_ref().map(|tls| tls.acceptor());
        let protocols = protocols.clone();
        let service = service.clone();
        let drain = drain.clone();
        tokio::spawn(async move {
            match acceptor {
                None => serve_connection(stream, protocols, service, drain, deadlines).await,
                Some(acceptor) => {
                    match tokio::time::timeout_at(handshake_deadline, acceptor.accept(stream)).await
                    {
                        Ok(Ok(stream)) => {
                            serve_connection(stream, protocols, service, drain, deadlines).await
                        }
                        Ok(Err(error)) => tracing::info!(%peer, %error, "TLS handshake failed"),
                        Err(_) => tracing::info!(%peer, "TLS handshake not finished in time"),
                    }
                }
            }
            drop(permit);
        });
    }
    // Stop accepting: the listening socket closes now, so new clients are refused at once.
    drop(listener);
    let _ = draining.send(true);
    let _ = connections.acquire_many(max_connections).await;
}

/// When a connection is closed, or asked to close.
#[derive(Clone, Copy, Debug)]
struct Deadlines {
    /// Closed then unless the client's preface has arrived.
    handshake: Instant,
    /// `max_connection_age` after the accept: a GOAWAY then (the calls open on it finish).
    age: Option<Instant>,
}

/// One connection, until it closes or, once `drain` turns true or its age is reached, until its
/// accepted streams are done. It is closed at the handshake deadline if the client's preface has
/// not arrived by then.
async fn serve_connection<I, S, B>(
    stream: I,
    protocols: Protocols,
    service: Admit<S>,
    drain: watch::Receiver<bool>,
    deadlines: Deadlines,
) where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    S: Service<http::Request<tonic::body::Body>, Response = http::Response<B>>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    S::Error: Into<BoxError>,
    B: http_body::Body<Data = Bytes> + Send + Unpin + 'static,
    B::Error: Into<BoxError>,
{
    let greeted = Arc::new(AtomicBool::new(false));
    let io = TokioIo::new(PrefaceWatch {
        stream,
        read: 0,
        greeted: greeted.clone(),
    });
    match protocols {
        Protocols::Http2(builder) => {
            let connection = builder.serve_connection(io, service);
            drive(
                connection,
                |connection| connection.graceful_shutdown(),
                &greeted,
                drain,
                deadlines,
            )
            .await;
        }
        Protocols::Http1And2(builder) => {
            let connection = builder.serve_connection(io, service);
            drive(
                connection,
                |connection| connection.graceful_shutdown(),
                &greeted,
                drain,
                deadlines,
            )
            .await;
        }
    }
}

/// Runs `connection` to its end: closes it at the handshake deadline unless `greeted` by then, and
/// shuts it down gracefully (`graceful_shutdown`: GOAWAY, the accepted streams finish) once
/// `drain` turns true or at its age deadline.
async fn drive<C, E>(
    connection: C,
    graceful_shutdown: impl FnOnce(Pin<&mut C>),
    greeted: &AtomicBool,
    mut drain: watch::Receiver<bool>,
    deadlines: Deadlines,
) where
    C: Future<Output = Result<(), E>>,
    E: std::fmt::Display,
{
    tokio::pin!(connection);
    let handshake = tokio::time::sleep_until(deadlines.handshake);
    tokio::pin!(handshake);
    let aged = async {
        match deadlines.age {
            Some(at) => tokio::time::sleep_until(at).await,
            None => std::future::pending().await,
        }
    };
    tokio::pin!(aged);
    // Whether the handshake timer is done with: it fired after the preface had arrived. (A
    // `select!` condition is read when the `select!` starts, not when the branch fires: the
    // preface usually arrives during the first one.)
    let mut handshake_over = false;
    loop {
        tokio::select! {
            result = connection.as_mut() => {
                if let Err(error) = result {
                    tracing::debug!(%error, "connection ended with an error");
                }
                return;
            }
            () = &mut handshake, if !handshake_over => {
                if greeted.load(Ordering::Relaxed) {
                    handshake_over = true;
                    continue;
                }
                tracing::debug!("connection closed: no HTTP preface within handshake_timeout");
                return;
            }
            () = &mut aged => {
                tracing::debug!("connection closing: max_connection_age reached");
                break;
            }
            changed = drain.changed() => {
                if changed.is_err() || *drain.borrow() {
                    break;
                }
            }
        }
    }
    graceful_shutdown(connection.as_mut());
    if let Err(error) = connection.await {
        tracing::debug!(%error, "connection ended with an error while draining");
    }
}

/// A connection's stream (TCP, or TLS over it) that notes when the client's preface has arrived
/// in full (the first 24 bytes: the HTTP/2 preface, or as much of an HTTP/1.1 request).
struct PrefaceWatch<I> {
    stream: I,
    read: usize,
    greeted: Arc<AtomicBool>,
}

impl<I: AsyncRead + Unpin> AsyncRead for PrefaceWatch<I> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let result = Pin::new(&mut self.stream).poll_read(cx, buf);
        if self.read < PREFACE_LEN {
            self.read += buf.filled().len() - before;
            if self.read >= PREFACE_LEN {
                self.greeted.store(true, Ordering::Relaxed);
            }
        }
        result
    }
}

impl<I: AsyncWrite + Unpin> AsyncWrite for PrefaceWatch<I> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    /// No: h2 then copies DATA frames under 1,024 bytes into its write buffer (256 with
    /// vectored writes), and [`super::frames`] cuts every answer under that, so a connection's
    /// frames always go out in one contiguous write.
    fn is_write_vectored(&self) -> bool {
        false
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
