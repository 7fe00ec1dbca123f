//! The accept loop and the HTTP/2 connections: the limits on connections, streams per connection,
//! header size and handshake time, the keepalive pings, and the graceful drain on shutdown.
//!
//! It takes the place of tonic's `Server` so that admission (see [`super::admission`]) happens
//! where hyper accepts each stream, and so that a connection that never completes its handshake
//! is closed.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use bytes::Bytes;
use hyper::server::conn::http2;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tower::{BoxError, Service};

use super::ServerConfig;
use super::admission::{Admit, CallSlots};

/// The length of the HTTP/2 client connection preface (`PRI * HTTP/2.0...`).
const PREFACE_LEN: usize = 24;

/// Serves `service` on every connection `listener` accepts until `stop` resolves, then stops
/// accepting, asks every connection to finish (HTTP/2 GOAWAY: streams already accepted complete,
/// new ones are refused) and returns when all have closed.
pub async fn serve<S, B>(
    config: &ServerConfig,
    listener: TcpListener,
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
    let mut builder = http2::Builder::new(TokioExecutor::new());
    builder
        .timer(TokioTimer::new())
        .max_concurrent_streams(config.max_streams_per_connection)
        .max_header_list_size(config.max_header_list_bytes)
        .keep_alive_interval(config.keepalive_interval)
        .keep_alive_timeout(config.keepalive_timeout);
    let service = Admit {
        inner: service,
        slots: CallSlots::new(config.max_concurrent_calls as usize),
    };
    let max_connections = config.max_connections;
    let connections = Arc::new(Semaphore::new(max_connections as usize));
    let (draining, drain) = watch::channel(false);
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => accepted,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
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
        let connection = serve_connection(
            stream,
            builder.clone(),
            service.clone(),
            drain.clone(),
            config.handshake_timeout,
        );
        tokio::spawn(async move {
            connection.await;
            drop(permit);
        });
    }
    // Stop accepting: the listening socket closes now, so new clients are refused at once.
    drop(listener);
    let _ = draining.send(true);
    let _ = connections.acquire_many(max_connections).await;
}

/// One connection, until it closes or, once `drain` turns true, until its accepted streams are done.
async fn serve_connection<S, B>(
    stream: TcpStream,
    builder: http2::Builder<TokioExecutor>,
    service: Admit<S>,
    mut drain: watch::Receiver<bool>,
    handshake_timeout: std::time::Duration,
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
    let greeted = Arc::new(AtomicBool::new(false));
    let io = PrefaceWatch {
        stream,
        read: 0,
        greeted: greeted.clone(),
    };
    let connection = builder.serve_connection(TokioIo::new(io), service);
    tokio::pin!(connection);
    let handshake = tokio::time::sleep(handshake_timeout);
    tokio::pin!(handshake);
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
                tracing::debug!("connection closed: no HTTP/2 preface within handshake_timeout");
                return;
            }
            changed = drain.changed() => {
                if changed.is_err() || *drain.borrow() {
                    break;
                }
            }
        }
    }
    connection.as_mut().graceful_shutdown();
    if let Err(error) = connection.await {
        tracing::debug!(%error, "connection ended with an error while draining");
    }
}

/// A connection's socket that notes when the client's preface has arrived in full.
struct PrefaceWatch {
    stream: TcpStream,
    read: usize,
    greeted: Arc<AtomicBool>,
}

impl AsyncRead for PrefaceWatch {
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

impl AsyncWrite for PrefaceWatch {
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

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
