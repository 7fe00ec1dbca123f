//! The generated protobuf types and gRPC stubs of `cardrules.v1` (`build.rs` writes them from
//! `proto/`): the messages and the client, and the server on those messages except the hot calls'
//! card-list messages, which it takes from [`super::wire`].

#![allow(missing_docs, clippy::all, clippy::pedantic)]

tonic::include_proto!("cardrules.v1");
include!(concat!(env!("OUT_DIR"), "/server/cardrules.v1.rs"));

/// The encoded `FileDescriptorSet` of `proto/cardrules/v1`, served by reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/cardrules_descriptor.bin"));
