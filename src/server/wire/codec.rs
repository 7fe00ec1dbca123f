//! The protobuf codec of `cardrules.v1`: prost's, decoding each message from one contiguous slice.
//!
//! `tonic_prost::ProstCodec` decodes through tonic's `DecodeBuf`, a `Buf` over the connection's
//! buffer, so every field read goes through that wrapper's bounds checks and calls. A gRPC
//! message is whole in that buffer before it is decoded, so its bytes are one slice, and prost
//! reads a `&[u8]` with plain slice indexing. Encoding and errors are prost's. `build.rs` names
//! this codec for the generated client and server.

use std::marker::PhantomData;

use bytes::Buf;
use prost::Message;
use tonic::Status;
use tonic::codec::{BufferSettings, Codec, DecodeBuf, Decoder};

/// A [`Codec`] of prost messages (`T` sent, `U` received), named by the generated service code.
#[derive(Debug, Clone, Copy)]
pub struct SliceCodec<T, U>(PhantomData<fn(T) -> U>);

impl<T, U> Default for SliceCodec<T, U> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<T, U> Codec for SliceCodec<T, U>
where
    T: Message + Send + 'static,
    U: Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = tonic_prost::ProstEncoder<T>;
    type Decoder = SliceDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        tonic_prost::ProstEncoder::default()
    }

    fn decoder(&mut self) -> Self::Decoder {
        SliceDecoder(PhantomData)
    }
}

/// Decodes one `U` from a message's bytes, as one slice when they are contiguous.
#[derive(Debug, Clone, Copy)]
pub struct SliceDecoder<U>(PhantomData<fn() -> U>);

impl<U: Message + Default> Decoder for SliceDecoder<U> {
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        let len = buf.remaining();
        let decoded = if buf.chunk().len() == len {
            let decoded = U::decode(buf.chunk());
            // Tonic reads the next message's header right after this one: consume it all.
            buf.advance(len);
            decoded
        } else {
            U::decode(&mut *buf)
        };
        // As tonic-prost: an undecodable message is INTERNAL, per gRPC's status-code table.
        decoded
            .map(Some)
            .map_err(|error| Status::internal(error.to_string()))
    }

    fn buffer_settings(&self) -> BufferSettings {
        BufferSettings::default()
    }
}
