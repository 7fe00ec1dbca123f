//! Answers kept as the bytes of their encoding: written in one pass by the server's own writers
//! ([`super::waits`], [`super::analyze`]), handed to tonic as they are (their length is the
//! encoded length, encoding them is one copy).
//!
//! The bytes are those prost writes for the generated message `P` of the same answer (the
//! writers' tests compare the two). Reading one from the wire (a Batch client's decoding goes
//! through here) reads as `P` reads and keeps the result encoded.

use std::marker::PhantomData;

use bytes::{Buf, BufMut};
use prost::encoding::{DecodeContext, WireType};
use prost::{DecodeError, Message};

/// The generated message `P` as the bytes of its encoding.
pub struct Encoded<P> {
    bytes: Vec<u8>,
    message: PhantomData<fn() -> P>,
}

impl<P> Encoded<P> {
    /// Bytes a writer made (an encoding of a `P`).
    pub(super) fn from_bytes(bytes: Vec<u8>) -> Encoded<P> {
        Encoded {
            bytes,
            message: PhantomData,
        }
    }

    /// The encoded message.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl<P: Message + Default> Encoded<P> {
    /// The message as the generated type (decoded from the bytes).
    pub fn to_pb(&self) -> P {
        P::decode(self.bytes.as_slice()).expect("a writer writes a decodable message")
    }
}

impl<P> Clone for Encoded<P> {
    fn clone(&self) -> Encoded<P> {
        Encoded::from_bytes(self.bytes.clone())
    }
}

impl<P> Default for Encoded<P> {
    fn default() -> Encoded<P> {
        Encoded::from_bytes(Vec::new())
    }
}

impl<P> PartialEq for Encoded<P> {
    fn eq(&self, other: &Encoded<P>) -> bool {
        self.bytes == other.bytes
    }
}

impl<P> Eq for Encoded<P> {}

impl<P: Message + Default + std::fmt::Debug> std::fmt::Debug for Encoded<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.to_pb(), f)
    }
}

impl<P: Message + Default> Message for Encoded<P> {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        buf.put_slice(&self.bytes);
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        // Not the server's way (it only writes answers): read as the generated type reads.
        let mut message = self.to_pb();
        message.merge_field(tag, wire_type, buf, ctx)?;
        self.bytes = message.encode_to_vec();
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        self.bytes.len()
    }

    fn clear(&mut self) {
        self.bytes.clear();
    }
}
