//! The Dou Dizhu rules engine: pure functions over rank counts, no I/O and no strings.
//!
//! - [`classify`] finds **every** reading of a play under a [`Rules`] profile
//!   (`33334444` is two four-with-two-pairs readings under PERMISSIVE, none under STANDARD).
//! - [`beats`] compares two readings; a play beats a previous play when **any** of its readings
//!   beats the previous play's chosen reading (the one its player declared, or else its first
//!   reading in reading order, see [`Combo::reading_key`]).
//! - [`for_each_play`] / [`list_plays`] enumerate every distinct play a hand can make, leading
//!   or beating a previous play, in listing order (see [`Combo::list_key`]).
//! - [`validate_play`] and [`compare_plays`] are the ValidatePlay and CompareCombos logic.

mod classify;
mod combo;
mod compare;
mod enumerate;
mod rules;
mod validate;

pub use classify::{MAX_READINGS, Readings, classify};
pub use combo::{Combo, ComboKind};
pub use compare::{Comparison, Outcome, beats, compare_plays};
pub use enumerate::{Play, for_each_play, list_plays};
pub use rules::{Game, Preset, Rules, RulesError, TooManyCopies};
pub use validate::{
    IllegalReason, ReadingSelector, Verdict, choose_reading, not_in_hand, validate_play,
};
