//! The Dou Dizhu rules engine: pure functions over checked card lists and rank counts, no I/O.
//!
//! - A [`Variant`] is which Dou Dizhu is played: three players and one deck, or four and two.
//! - A [`Table`] is the checked rules every entry point takes: a [`Preset`] with
//!   [`RuleOverrides`] for a [`Variant`], or any [`Rules`] that pass [`Table::new`].
//! - A [`CardList`] is a checked hand or play: read from the conventions' notation, within the
//!   game's deck(s); it decides whether a hand holds a play ([`CardList::missing`]) and names
//!   the physical cards of listed plays ([`CardList::namer`]).
//! - [`classify`] finds **every** reading of a play (`33334444` is two four-with-two-pairs
//!   readings under PERMISSIVE, none under STANDARD); [`choose_reading`] picks the one that
//!   counts (the one its player declared, or else its first reading in reading order, see
//!   [`Combo::reading_key`]).
//! - [`beats`] compares two readings; a play beats a previous play when **any** of its readings
//!   beats the previous play's chosen reading.
//! - [`for_each_play`] / [`list_plays()`] enumerate every distinct play a hand can make, leading
//!   or beating a previous play, in listing order (see [`Combo::list_key`]);
//!   [`check_listable`] is the one hand ListPlays refuses (a two-deck laizi hand over the
//!   largest hand). [`list_plays_packed`] gives the same plays packed one per word
//!   ([`pack_play`]: rank counts and the reading's kind), for callers that search or train.
//! - [`validate_play`] and [`compare_plays`] are the ValidatePlay and CompareCombos logic.
//! - Laizi: a [`Table`] may have wild ranks ([`Table::with_wild_ranks`]);
//!   [`fit_wildcards`] finds every distinct way a play's wildcards make it a combo (FitWildcards).
//!
//! ```
//! use cardrules::doudizhu::{CardList, Variant, Preset, RuleOverrides, Situation, Table, validate_play};
//!
//! // STANDARD rules for four players, with straights from three cards.
//! let overrides = RuleOverrides { min_straight_length: Some(3), ..Default::default() };
//! let table = Table::with_overrides(Preset::Standard, Variant::FourPlayer, &overrides).unwrap();
//! let play = CardList::parse(&["3S", "4S", "5S"], Variant::FourPlayer).unwrap();
//! let verdict = validate_play(&table, &Situation::lead(&play));
//! assert_eq!(verdict.chosen.unwrap().to_string(), "straight 3-5");
//! ```

mod bombs;
mod classify;
mod combo;
mod compare;
pub mod game;
mod hand;
mod laizi;
mod list_plays;
mod packed;
mod ranks;
mod reading;
mod rules;
mod table;
mod validate;
mod variant;
mod wild_ranks;

pub use bombs::{BombKind, BombOrder};
pub use classify::classify;
pub use combo::{Combo, ComboKind, Play};
pub use compare::{Comparison, ComparisonOutcome, beats, compare_plays};
pub use hand::{CardList, CardListError, CardNamer, Missing};
pub use laizi::{assign_wildcards, fit_key, fit_wildcards, play_readings, wild_listing_work};
pub use list_plays::{HandTooLarge, check_listable, for_each_play, list_plays, list_plays_packed};
pub use packed::{pack_listed, pack_play, unpack_play};
pub use reading::{MAX_READINGS, ReadingSelector, Readings, choose_reading};
pub use rules::{InvalidRules, Preset, RuleOverrides, Rules, RulesError};
pub use table::Table;
pub use validate::{IllegalReason, Situation, Verdict, validate_play};
pub use variant::{TooManyCopies, Variant};
pub use wild_ranks::WildRanks;
