//! Answers cut into HTTP/2 DATA frames small enough for h2 to copy into its write buffer.
//!
//! h2 (hyper's HTTP/2) copies a DATA frame's payload into the connection's write buffer when it
//! is shorter than its chain threshold (1,024 bytes when the transport reports no vectored
//! writes, as [`super::connections`]' transport does; 256 otherwise). A longer payload is queued
//! beside the buffer, and no further frame of any stream is taken until a write has sent it: each
//! such answer costs the connection a write of its own, and its trailers wait for the next one.
//! Measured on loopback under load: 1.9 `writev` calls per call for answers over the threshold
//! against 0.94 for the health check. Cut into pieces under the threshold, an answer goes out
//! with the other streams' frames in the connection's next write. The pieces share the answer's
//! buffer (`Bytes::split_to`): nothing is copied here.
//!
//! Each piece costs hyper and h2 some 1,400-2,700 instructions, so only answers of up to
//! [`CUT_UP_TO`] bytes are cut: a larger answer fills a write of its own anyway, and cut into
//! pieces of 1 KB a megabyte would cost more than it says.

use std::pin::Pin;
use std::task::{Context, Poll, ready};

use bytes::Bytes;
use http_body::{Body, Frame, SizeHint};

/// The longest DATA frame payload passed on: one byte under h2's chain threshold without
/// vectored writes.
pub(crate) const MAX_FRAME_PAYLOAD: usize = 1023;

/// The longest answer (one DATA frame from the service) cut into pieces; longer ones pass whole,
/// and h2 frames them by the connection's frame size.
pub(crate) const CUT_UP_TO: usize = 8 * 1024;

/// A response body whose data frames of up to [`CUT_UP_TO`] bytes are cut into pieces of at most
/// [`MAX_FRAME_PAYLOAD`] bytes.
pub struct SmallFrames<B> {
    body: B,
    /// What is left of the last data frame read from `body`.
    rest: Bytes,
}

impl<B> SmallFrames<B> {
    /// Wraps `body`.
    pub fn new(body: B) -> SmallFrames<B> {
        SmallFrames {
            body,
            rest: Bytes::new(),
        }
    }
}

/// The next piece of `data`, leaving the rest in it.
fn piece(data: &mut Bytes) -> Bytes {
    if data.len() > MAX_FRAME_PAYLOAD {
        data.split_to(MAX_FRAME_PAYLOAD)
    } else {
        std::mem::take(data)
    }
}

impl<B: Body<Data = Bytes> + Unpin> Body for SmallFrames<B> {
    type Data = Bytes;
    type Error = B::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, B::Error>>> {
        if !self.rest.is_empty() {
            return Poll::Ready(Some(Ok(Frame::data(piece(&mut self.rest)))));
        }
        let frame = ready!(Pin::new(&mut self.body).poll_frame(cx));
        Poll::Ready(frame.map(|frame| {
            frame.map(|frame| match frame.into_data() {
                Ok(data) if data.len() > CUT_UP_TO => Frame::data(data),
                Ok(mut data) => {
                    let first = piece(&mut data);
                    self.rest = data;
                    Frame::data(first)
                }
                Err(frame) => frame,
            })
        }))
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_empty() && self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        let hint = self.body.size_hint();
        let rest = self.rest.len() as u64;
        let mut sum = SizeHint::new();
        sum.set_lower(hint.lower() + rest);
        if let Some(upper) = hint.upper() {
            sum.set_upper(upper + rest);
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::{BodyExt, Full};

    /// An answer comes out whole and in order, in pieces of at most the limit, and a body
    /// already under it is passed on as one frame; so is one longer than [`CUT_UP_TO`].
    #[tokio::test]
    async fn cuts_data_frames_under_the_limit_and_keeps_the_bytes() {
        for len in [
            0,
            1,
            MAX_FRAME_PAYLOAD,
            MAX_FRAME_PAYLOAD + 1,
            5000,
            CUT_UP_TO,
            CUT_UP_TO + 1,
            1 << 20,
        ] {
            let answer: Bytes = (0..len).map(|i| i as u8).collect();
            let mut body = SmallFrames::new(Full::new(answer.clone()));
            let mut joined = Vec::new();
            let mut frames = 0;
            while let Some(frame) = body.frame().await {
                let data = frame.unwrap().into_data().unwrap();
                let limit = if len > CUT_UP_TO {
                    len
                } else {
                    MAX_FRAME_PAYLOAD
                };
                assert!(data.len() <= limit, "{} bytes of {len}", data.len());
                joined.extend_from_slice(&data);
                frames += 1;
            }
            assert_eq!(joined, answer, "{len} bytes");
            let pieces = if len > CUT_UP_TO {
                1
            } else {
                len.div_ceil(MAX_FRAME_PAYLOAD).max(usize::from(len > 0))
            };
            assert_eq!(frames, pieces, "{len} bytes");
            assert!(body.is_end_stream());
        }
    }
}
