//! Bombs under laizi rules: what a bomb is made of, and the orders bombs can rank in.

use crate::cards::Rank;

/// How bombs rank under laizi rules, where a bomb is hard (no wildcard stands for another rank),
/// soft (some wildcard does) or pure (every card is a wildcard). Whatever the order, the rocket
/// beats every bomb, and "beats" over bombs is a strict total order on their strength keys
/// (two bombs with the same key tie; there is no pair where each beats the other or neither
/// does while the keys differ). Without wildcards every bomb is hard and all orders agree:
/// size, then rank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BombOrder {
    /// More cards first; at the same size a pure laizi bomb beats every other bomb; then the
    /// higher rank; at the same size and rank a hard bomb beats a soft one (the default). Key
    /// (size, pure, rank, hard).
    #[default]
    SizeThenRank,
    /// More cards first; at the same size soft < hard < pure; then the higher rank: the order
    /// written in pyihe/ALG-QiPai (4 soft < 4 hard < 4 pure < 5 soft < ...). Key (size, kind, rank).
    SizeThenHardness,
    /// Soft < hard < pure whatever the size: every hard bomb beats every soft one; then more
    /// cards, then the higher rank. Key (kind, size, rank).
    HardnessThenSize,
    /// Hardness does not matter: more cards, then the higher rank; a soft and a hard bomb of the
    /// same size and rank tie. Key (size, rank).
    SizeOnly,
}

/// What a bomb is made of under laizi rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BombKind {
    /// Some wildcard stands for another rank (软炸).
    Soft,
    /// No wildcard stands for another rank (硬炸). The natural cards of a wild rank are
    /// wildcards, so a hard bomb holds no wildcard: the hard bombs are the natural ones.
    Hard,
    /// Every card is a wildcard (纯癞子炸).
    Pure,
}

impl BombOrder {
    /// Every order.
    pub const ALL: [BombOrder; 4] = [
        BombOrder::SizeThenRank,
        BombOrder::SizeThenHardness,
        BombOrder::HardnessThenSize,
        BombOrder::SizeOnly,
    ];

    /// The strength key of a bomb of `size` cards of `rank`, made as `kind`: a bigger key beats
    /// a smaller one, equal keys tie.
    pub fn key(self, size: u8, rank: Rank, kind: BombKind) -> (u8, u8, u8, u8) {
        let rank = rank as u8;
        let pure = u8::from(kind == BombKind::Pure);
        let kind = kind as u8;
        match self {
            BombOrder::SizeThenRank => (size, pure, rank, kind),
            BombOrder::SizeThenHardness => (size, kind, rank, 0),
            BombOrder::HardnessThenSize => (kind, size, rank, 0),
            BombOrder::SizeOnly => (size, rank, 0, 0),
        }
    }
}
