//! cardrules: a stateless rules engine for Chinese card and tile games.
//!
//! The rules core ([`cards`], [`tiles`], [`deal`] and the game engines) is plain types and
//! functions with no I/O; `server` is the thin gRPC layer that converts proto messages to core
//! types and maps errors. It is behind the default `server` feature, so a library user can take
//! the core alone (`default-features = false`) without tonic, tokio or protobuf.

pub mod cards;
pub mod deal;
pub mod doudizhu;
pub mod error;
pub mod mahjong;
#[cfg(feature = "server")]
pub mod server;
pub mod tiles;
