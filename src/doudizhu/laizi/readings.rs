//! The reading order of a play's fits: the order ValidatePlay and CompareCombos choose one in.

use super::fit::fits_of;
use super::wide::inverted;
use crate::cards::RankCounts;
use crate::doudizhu::combo::Combo;
use crate::doudizhu::table::Table;

/// Every reading of `play` under `table` in reading order: its plain readings without wild ranks,
/// else its fits sorted by [`Combo::reading_key`] and then the ranks the wildcards stand for (as
/// ascending rank lists). This is the order ValidatePlay and CompareCombos choose readings in,
/// so a play's first reading is, as for plain plays, its lowest kind (a bomb only when the cards
/// are nothing else).
pub fn play_readings(table: &Table, play: &RankCounts) -> Vec<Combo> {
    if table.wild().is_empty() {
        crate::doudizhu::classify(table, play).to_vec()
    } else {
        fits_in_reading_order(table, play)
    }
}

/// [`fit_wildcards`] in reading order (see [`play_readings`]).
pub(crate) fn fits_in_reading_order(table: &Table, play: &RankCounts) -> Vec<Combo> {
    let mut fits = fits_of(table, play);
    fits.sort_by_cached_key(|fit| (fit.reading_key(), inverted(&fit.wild_as)));
    fits
}
