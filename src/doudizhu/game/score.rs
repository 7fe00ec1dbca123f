//! Settling a finished game: who won, every multiplier, and the score of each seat.
//!
//! Each farmer settles with the landlord on its own (the landlord's score is the sum, so the
//! scores are zero-sum):
//!
//! ```text
//! multiple(farmer) = bid × bombs × spring × show × double(farmer) × double(landlord)
//! amount(farmer)   = min(base × min(multiple, multiple_cap), score_cap)
//! ```
//!
//! - bid: 叫分, the winning bid (1-3); 叫地主/抢地主, 2^grabs (each grab doubles); 1 for a
//!   landlord forced after an all-pass; a known landlord's given bid multiple;
//! - bombs: the product over every bomb and rocket played of its kind's multiplier (rocket,
//!   hard, soft or pure bomb; 2 each by default, so 2^bombs);
//! - spring: the spring multiplier when the landlord won and no farmer played a card (春天), or
//!   the farmers won and the landlord made only its opening play (反春天); else 1;
//! - show: the show-hand multiplier when the landlord showed its hand (明牌), else 1;
//! - double(seat): the doubling multiplier when the seat doubled (加倍), else 1.
//!
//! The winner's side gains: when the landlord won it gets every farmer's amount and each farmer
//! loses its own; otherwise each farmer gains its amount and the landlord loses their sum.
//! Products saturate: no amount exceeds [`MAX_AMOUNT`].

use thiserror::Error;

use super::play::PlayedBomb;
use crate::doudizhu::BombKind;

/// The largest amount one farmer and the landlord settle (10^15): products saturate there.
pub const MAX_AMOUNT: u64 = 1_000_000_000_000_000;

/// The largest base score.
pub const MAX_BASE: u64 = 1_000_000;

/// The largest multiplier of one event (a bomb kind, spring, showing, doubling).
pub const MAX_FACTOR: u32 = 100;

/// How a finished game is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scoring {
    /// The base score (底分), 1 to [`MAX_BASE`]. Default 1.
    pub base: u64,
    /// Each rocket played multiplies by this. Default 2.
    pub rocket: u32,
    /// Each hard (natural) bomb played multiplies by this. Default 2.
    pub hard_bomb: u32,
    /// Each soft bomb (laizi: a wildcard stands in) multiplies by this. Default 2.
    pub soft_bomb: u32,
    /// Each pure laizi bomb (all wildcards) multiplies by this. Default 2.
    pub pure_bomb: u32,
    /// Spring (春天) or anti-spring (反春天) multiplies by this. Default 2.
    pub spring: u32,
    /// The landlord's showing its hand (明牌) multiplies by this. Default 2.
    pub show_hand: u32,
    /// Each doubling (加倍) multiplies the stakes it concerns by this. Default 2.
    pub doubling: u32,
    /// The most a farmer-landlord multiple counts (倍数封顶); `None`: no cap.
    pub multiple_cap: Option<u64>,
    /// The most one farmer and the landlord settle (积分封顶); `None`: no cap.
    pub score_cap: Option<u64>,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            base: 1,
            rocket: 2,
            hard_bomb: 2,
            soft_bomb: 2,
            pure_bomb: 2,
            spring: 2,
            show_hand: 2,
            doubling: 2,
            multiple_cap: None,
            score_cap: None,
        }
    }
}

/// A scoring setting out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum ScoringError {
    /// The base is 0 or above [`MAX_BASE`].
    #[error("the base score must be 1 to {MAX_BASE}, got {0}")]
    Base(u64),
    /// A multiplier is 0 or above [`MAX_FACTOR`].
    #[error("{field} must be 1 to {MAX_FACTOR}, got {value}")]
    Factor {
        /// Which multiplier (`rocket`, `hard_bomb`...).
        field: &'static str,
        /// The value given.
        value: u32,
    },
    /// A cap of 0.
    #[error("{0} must be at least 1 (unset: no cap)")]
    Cap(&'static str),
}

impl Scoring {
    /// The settings that are out of range.
    pub fn problems(&self) -> Vec<ScoringError> {
        let mut problems = Vec::new();
        if !(1..=MAX_BASE).contains(&self.base) {
            problems.push(ScoringError::Base(self.base));
        }
        for (field, value) in [
            ("rocket", self.rocket),
            ("hard_bomb", self.hard_bomb),
            ("soft_bomb", self.soft_bomb),
            ("pure_bomb", self.pure_bomb),
            ("spring", self.spring),
            ("show_hand", self.show_hand),
            ("doubling", self.doubling),
        ] {
            if !(1..=MAX_FACTOR).contains(&value) {
                problems.push(ScoringError::Factor { field, value });
            }
        }
        for (field, cap) in [
            ("multiple_cap", self.multiple_cap),
            ("score_cap", self.score_cap),
        ] {
            if cap == Some(0) {
                problems.push(ScoringError::Cap(field));
            }
        }
        problems
    }

    /// The multiplier of one bomb or rocket.
    pub fn bomb_factor(&self, bomb: &PlayedBomb) -> u64 {
        u64::from(if bomb.rocket {
            self.rocket
        } else {
            match bomb.kind {
                BombKind::Hard => self.hard_bomb,
                BombKind::Soft => self.soft_bomb,
                BombKind::Pure => self.pure_bomb,
            }
        })
    }
}

/// What a finished game's settlement depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedGame<'a> {
    /// Seats at the table.
    pub players: usize,
    /// The landlord.
    pub landlord: usize,
    /// The seat that played its last card.
    pub winner: usize,
    /// 叫分: the winning bid; call and grab: 1 (the grabs count apart); a known landlord: its bid
    /// multiple.
    pub bid: u32,
    /// Call and grab: grabs made.
    pub grabs: u8,
    /// Whether the landlord showed its hand.
    pub shown: bool,
    /// Per seat: whether it doubled.
    pub doubled: &'a [bool],
    /// Every bomb and rocket played.
    pub bombs: &'a [PlayedBomb],
    /// Plays made (passes not counted) per seat.
    pub plays_made: &'a [u32],
}

/// One farmer's settlement with the landlord.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PairSettlement {
    /// The farmer's seat.
    pub farmer: usize,
    /// The multiple before the cap: bid × bombs × spring × show × both doublings (saturating).
    pub multiple: u64,
    /// The amount settled: base × the capped multiple, capped by the score cap.
    pub amount: u64,
    /// Whether a cap (or [`MAX_AMOUNT`]) made the amount less than base × multiple.
    pub capped: bool,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// The seat that played its last card.
    pub winner: usize,
    /// The landlord.
    pub landlord: usize,
    /// Whether the landlord won (else the farmers did).
    pub landlord_won: bool,
    /// Every bomb and rocket played, in play order.
    pub bombs: Vec<PlayedBomb>,
    /// 春天: the landlord won and no farmer played a card.
    pub spring: bool,
    /// 反春天: the farmers won and the landlord made only its opening play.
    pub anti_spring: bool,
    /// The bid multiple: the bid (叫分) or 2^grabs (叫地主/抢地主); 1 for a forced landlord; a
    /// known landlord's bid multiple.
    pub bid_multiple: u64,
    /// The product of the bombs' and rockets' multipliers.
    pub bomb_multiple: u64,
    /// The spring multiplier when spring or anti-spring, else 1.
    pub spring_multiple: u64,
    /// The show-hand multiplier when the landlord showed, else 1.
    pub show_multiple: u64,
    /// Per seat: its doubling multiplier when it doubled, else 1.
    pub double_multiples: Vec<u64>,
    /// Each farmer's settlement with the landlord, farmers in seat order.
    pub pairs: Vec<PairSettlement>,
    /// The score of each seat (positive: gained); they sum to 0.
    pub scores: Vec<i64>,
}

/// Settles a finished game under `scoring`.
pub fn settle(scoring: &Scoring, outcome: &FinishedGame<'_>) -> Settlement {
    let landlord = outcome.landlord;
    let landlord_won = outcome.winner == landlord;
    let farmers_played: u32 = (0..outcome.players)
        .filter(|&s| s != landlord)
        .map(|s| outcome.plays_made[s])
        .sum();
    let spring = landlord_won && farmers_played == 0;
    let anti_spring = !landlord_won && outcome.plays_made[landlord] == 1;
    let bid_multiple = if outcome.grabs > 0 {
        1u64 << outcome.grabs.min(62)
    } else {
        u64::from(outcome.bid)
    };
    let bomb_multiple = outcome.bombs.iter().fold(1u64, |product, bomb| {
        product.saturating_mul(scoring.bomb_factor(bomb))
    });
    let spring_multiple = if spring || anti_spring {
        u64::from(scoring.spring)
    } else {
        1
    };
    let show_multiple = if outcome.shown {
        u64::from(scoring.show_hand)
    } else {
        1
    };
    let double_multiples: Vec<u64> = outcome
        .doubled
        .iter()
        .map(|&d| if d { u64::from(scoring.doubling) } else { 1 })
        .collect();
    let common = [bid_multiple, bomb_multiple, spring_multiple, show_multiple]
        .into_iter()
        .fold(1u64, u64::saturating_mul);
    let mut scores = vec![0i64; outcome.players];
    let mut pairs = Vec::with_capacity(outcome.players - 1);
    for farmer in (0..outcome.players).filter(|&s| s != landlord) {
        let multiple = common
            .saturating_mul(double_multiples[farmer])
            .saturating_mul(double_multiples[landlord]);
        let counted = scoring
            .multiple_cap
            .map_or(multiple, |cap| multiple.min(cap));
        let full = scoring.base.saturating_mul(counted).min(MAX_AMOUNT);
        let amount = scoring.score_cap.map_or(full, |cap| full.min(cap));
        let capped = amount < scoring.base.saturating_mul(multiple);
        pairs.push(PairSettlement {
            farmer,
            multiple,
            amount,
            capped,
        });
        // At most 10^15 each, three farmers: far within i64.
        let signed = amount as i64;
        if landlord_won {
            scores[landlord] += signed;
            scores[farmer] -= signed;
        } else {
            scores[landlord] -= signed;
            scores[farmer] += signed;
        }
    }
    Settlement {
        winner: outcome.winner,
        landlord,
        landlord_won,
        bombs: outcome.bombs.to_vec(),
        spring,
        anti_spring,
        bid_multiple,
        bomb_multiple,
        spring_multiple,
        show_multiple,
        double_multiples,
        pairs,
        scores,
    }
}
