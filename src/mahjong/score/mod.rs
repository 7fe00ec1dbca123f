//! Scoring a winning mahjong hand under each rule set's scoring tables.

pub mod guobiao;
