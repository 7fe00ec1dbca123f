//! cardrules: a stateless rules engine for Chinese card and tile games.
//!
//! The rules core ([`cards`], [`tiles`], [`deal`], [`doudizhu`], [`mahjong`]) is plain types and
//! functions with no I/O; [`server`] is the thin gRPC layer that converts proto messages to core
//! types and maps errors.

pub mod cards;
pub mod doudizhu;
pub mod error;
pub mod tiles;
