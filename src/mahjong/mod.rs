//! The mahjong rules core: waits (听牌) and hand analysis (牌理) for Riichi, Guobiao, Sichuan and
//! Hongzhong rules. Pure functions over parsed tiles; no I/O and no strings on the hot path.
//!
//! - [`waits()`]: for a 3n+1 hand, ready or not, shanten, each winning tile with its live copies
//!   and forms, dead waits with the reason; an allocation-free [`WaitsResult`] (tile masks and
//!   per-tile arrays). [`waits_explained`] adds one decomposition per winning tile, showing what
//!   each wildcard stands for.
//! - [`shape_waits()`]: the same question answered as a tile mask and a shape shanten only, with
//!   no live counts or policy (what `xiangting::calculate_necessary_tiles` answers at tenpai).
//! - [`analyze()`]: for a 3n+2 hand, complete or not (with a decomposition), and every distinct
//!   discard's shanten and improving tiles, best first.
//!
//! Speed comes from per-suit lookup tables built once on first use (or at start-up with
//! [`warm_up`]): the exact replacement number (shanten + 1) is two lookups in a table of
//! combined per-suit cost classes, and when it is 1 the standard form's waits are four lookups
//! combined by residue mod 3. Validation happens first and returns a typed [`MahjongError`]
//! naming the input at fault.
//!
//! It follows the crate's conventions (see the [crate root](crate#conventions)).

mod analyze;
mod capped;
mod costs;
mod decompose;
mod engine;
mod error;
mod forms;
mod hand;
mod kinds;
mod meld;
mod rules;
pub mod score;
mod standard;
mod tables;
mod waits;

/// How many random cases the randomized comparisons in this module's tests run:
/// `CARDRULES_PROPTEST_CASES` when set (the deep runs), else `default`.
#[cfg(test)]
fn test_cases(default: usize) -> usize {
    std::env::var("CARDRULES_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

pub use analyze::{AnalyzeResult, DiscardOption, Improvement, analyze};
pub use decompose::{
    CompactDecomposition, Decomposition, Group, GroupKind, GroupTiles, Groups, WildcardTiles,
};
pub use error::{Field, MahjongError};
pub use forms::{Form, FormSet};
pub use meld::{Meld, MeldError, MeldKind};
pub use rules::{KaratenPolicy, Preset, RuleOverrides, Rules};
pub use waits::{
    ExcludedWait, Exclusion, ExplainedWaits, NotReady, ShapeWaits, Wait, WaitsResult, shape_waits,
    waits, waits_explained,
};

// For timing the table build in benchmarks only; not part of the API.
#[doc(hidden)]
pub use tables::build_uncached;

/// Builds the tables (the suit tables, the decompositions of small suits, and the groupings of
/// complete suits the scorers read) now rather than on the first request that needs them: a
/// server calls this at start-up.
pub fn warm_up() {
    tables::tables();
    decompose::warm_up();
    score::warm_up();
}
