//! The Batch stream's messages with the hot calls' items in [`super`]'s forms, so an item is
//! read and answered as its unary call is: no `String` per card in, none out.
//!
//! A `oneof` is one of several fields, written as that field alone: `oneof!` gives the enum
//! and reads a member as prost's derived code does (into the member already set, if it is the
//! same one; else into a new one that replaces it). The two oneofs' members, field numbers
//! included, come from the RPC table (`server/rpcs.rs`), which a test checks against the proto.

use bytes::{Buf, BufMut};
use prost::encoding::{self, DecodeContext, WireType};
use prost::{DecodeError, Message};

use super::super::pb;
use super::super::rpcs::rpcs;

/// A `oneof` of the proto (its generated enum in parentheses): members as
/// `Variant(Type) = tag`, and `From` the generated enum (`from pb`) or into it (`into pb`).
macro_rules! oneof {
    (
        $(#[$doc:meta])*
        $name:ident ($($pb:ident)::+) $direction:ident pb {
            $($variant:ident($ty:ty) = $tag:literal,)*
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, PartialEq, Debug)]
        #[allow(missing_docs)]
        pub enum $name {
            $($variant($ty),)*
        }

        impl $name {
            /// The field numbers of the members.
            const TAGS: &[u32] = &[$($tag),*];

            /// Reads member `tag` (one of [`Self::TAGS`]) into `field`.
            fn merge(
                field: &mut Option<$name>,
                tag: u32,
                wire_type: WireType,
                buf: &mut impl Buf,
                ctx: DecodeContext,
            ) -> Result<(), DecodeError> {
                match (tag, field.as_mut()) {
                    $(($tag, Some($name::$variant(value))) => {
                        encoding::message::merge(wire_type, value, buf, ctx)
                    })*
                    $(($tag, _) => {
                        let mut value = <$ty>::default();
                        encoding::message::merge(wire_type, &mut value, buf, ctx)?;
                        *field = Some($name::$variant(value));
                        Ok(())
                    })*
                    _ => encoding::skip_field(wire_type, tag, buf, ctx),
                }
            }

            fn encode(&self, buf: &mut impl BufMut) {
                match self {
                    $($name::$variant(value) => encoding::message::encode($tag, value, buf),)*
                }
            }

            fn encoded_len(&self) -> usize {
                match self {
                    $($name::$variant(value) => encoding::message::encoded_len($tag, value),)*
                }
            }
        }

        oneof!(@$direction $name ($($pb)::+) { $($variant,)* });
    };

    (@from $name:ident ($($pb:ident)::+) { $($variant:ident,)* }) => {
        impl From<$($pb)::+> for $name {
            fn from(member: $($pb)::+) -> $name {
                use $($pb)::+ as Pb;
                match member {
                    $(Pb::$variant(value) => $name::$variant(value.into()),)*
                }
            }
        }
    };

    (@into $name:ident ($($pb:ident)::+) { $($variant:ident,)* }) => {
        impl From<$name> for $($pb)::+ {
            fn from(member: $name) -> $($pb)::+ {
                use $($pb)::+ as Pb;
                match member {
                    $($name::$variant(value) => Pb::$variant(value.into()),)*
                }
            }
        }
    };
}

/// Batch's two oneofs, from the RPC table: each unary RPC is a member of both.
macro_rules! batch_oneofs {
    (
        $(
            $method:ident, $variant:ident($req:ty = $req_tag:literal => $resp:ty = $resp_tag:literal),
            $handler:path, $runs:tt;
        )*
    ) => {
        oneof! {
            /// `cardrules.v1.BatchItem.request`: the call an item asks.
            ItemRequest(pb::batch_item::Request) from pb {
                $($variant($req) = $req_tag,)*
            }
        }

        oneof! {
            /// `cardrules.v1.BatchResult.response`: an item's answer.
            ItemResponse(pb::batch_result::Response) into pb {
                $($variant($resp) = $resp_tag,)*
            }
        }
    };
}

rpcs!(batch_oneofs);

/// Where a decoding error happened, as prost's errors say it: `BatchItem.request: ...`.
fn at(message: &'static str, field: &'static str) -> impl FnOnce(DecodeError) -> DecodeError {
    move |mut error| {
        error.push(message, field);
        error
    }
}

/// Writes field 1 of a `BatchItem` or `BatchResult`, the item's id (unless 0, as proto3 does).
fn encode_id(id: u64, buf: &mut impl BufMut) {
    if id != 0 {
        encoding::uint64::encode(1, &id, buf);
    }
}

/// The length of [`encode_id`]'s output.
fn id_len(id: u64) -> usize {
    if id != 0 {
        encoding::uint64::encoded_len(1, &id)
    } else {
        0
    }
}

/// `cardrules.v1.BatchItem`.
#[derive(Clone, Default, PartialEq, Debug)]
pub struct BatchItem {
    /// The caller's id for the item, echoed in its result.
    pub id: u64,
    /// The call.
    pub request: Option<ItemRequest>,
}

impl Message for BatchItem {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        encode_id(self.id, buf);
        if let Some(request) = &self.request {
            request.encode(buf);
        }
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        match tag {
            1 => encoding::uint64::merge(wire_type, &mut self.id, buf, ctx)
                .map_err(at("BatchItem", "id")),
            _ if ItemRequest::TAGS.contains(&tag) => {
                ItemRequest::merge(&mut self.request, tag, wire_type, buf, ctx)
                    .map_err(at("BatchItem", "request"))
            }
            _ => encoding::skip_field(wire_type, tag, buf, ctx),
        }
    }

    fn encoded_len(&self) -> usize {
        id_len(self.id) + self.request.as_ref().map_or(0, ItemRequest::encoded_len)
    }

    fn clear(&mut self) {
        *self = BatchItem::default();
    }
}

impl From<pb::BatchItem> for BatchItem {
    fn from(item: pb::BatchItem) -> BatchItem {
        BatchItem {
            id: item.id,
            request: item.request.map(Into::into),
        }
    }
}

/// `cardrules.v1.BatchResult`.
#[derive(Clone, Default, PartialEq, Debug)]
pub struct BatchResult {
    /// The item's id.
    pub id: u64,
    /// OK, or why the item was refused.
    pub status: Option<pb::BatchStatus>,
    /// The answer, when the status is OK.
    pub response: Option<ItemResponse>,
}

impl Message for BatchResult {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        encode_id(self.id, buf);
        if let Some(status) = &self.status {
            encoding::message::encode(2, status, buf);
        }
        if let Some(response) = &self.response {
            response.encode(buf);
        }
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), DecodeError> {
        match tag {
            1 => encoding::uint64::merge(wire_type, &mut self.id, buf, ctx)
                .map_err(at("BatchResult", "id")),
            2 => encoding::message::merge(wire_type, self.status.get_or_insert_default(), buf, ctx)
                .map_err(at("BatchResult", "status")),
            _ if ItemResponse::TAGS.contains(&tag) => {
                ItemResponse::merge(&mut self.response, tag, wire_type, buf, ctx)
                    .map_err(at("BatchResult", "response"))
            }
            _ => encoding::skip_field(wire_type, tag, buf, ctx),
        }
    }

    fn encoded_len(&self) -> usize {
        id_len(self.id)
            + self
                .status
                .as_ref()
                .map_or(0, |status| encoding::message::encoded_len(2, status))
            + self.response.as_ref().map_or(0, ItemResponse::encoded_len)
    }

    fn clear(&mut self) {
        *self = BatchResult::default();
    }
}

impl From<BatchResult> for pb::BatchResult {
    fn from(result: BatchResult) -> pb::BatchResult {
        pb::BatchResult {
            id: result.id,
            status: result.status,
            response: result.response.map(Into::into),
        }
    }
}

message! {
    /// `cardrules.v1.BatchRequest`.
    BatchRequest from pb {
        /// The items, answered in order.
        items: Vec<BatchItem> = 1 as messages,
    }
}

message! {
    /// `cardrules.v1.BatchResponse`.
    BatchResponse into pb {
        /// One result per item, in the items' order.
        results: Vec<BatchResult> = 1 as messages,
    }
}
