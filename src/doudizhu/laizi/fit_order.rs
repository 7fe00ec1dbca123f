//! The fit order FitWildcards answers in.

use super::wide::inverted;
use crate::doudizhu::combo::{Combo, ComboKind};
use crate::doudizhu::table::Table;

/// The fit order, strongest first: the rocket; then bombs, strongest first by the table's
/// [`BombOrder`](crate::doudizhu::BombOrder); then the other fits by kind (single, pair, trio, ... in
/// [`ComboKind`] order), chain length, copies, main rank **strongest first**, kickers (as
/// ascending rank lists, lexicographically), and last the ranks the wildcards stand for (as
/// ascending rank lists, lexicographically).
pub fn fit_key(table: &Table, fit: &Combo) -> impl Ord + use<> {
    let order = table.rules().bomb_order;
    let (tier, bomb) = match fit.kind {
        ComboKind::Rocket => (0u8, 0),
        ComboKind::Bomb => {
            let (a, b, c, d) = order.key(fit.size, fit.rank, fit.hardness());
            (1, u32::MAX - u32::from_be_bytes([a, b, c, d]))
        }
        _ => (2, 0),
    };
    // The reading key packed into integers (the same order, compared in a few instructions).
    let head = u32::from_be_bytes([
        fit.kind as u8,
        fit.length,
        fit.size,
        u8::MAX - fit.rank as u8,
    ]);
    (
        tier,
        bomb,
        head,
        inverted(&fit.kickers),
        inverted(&fit.wild_as),
    )
}
