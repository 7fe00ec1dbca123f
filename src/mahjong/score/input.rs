//! The scoring request: a complete hand with its winning tile and the situation of the win, and
//! the checks every rule set shares (tile count for the melds, winning tile in the hand, copies).

use crate::mahjong::{Meld, MeldKind, Rules};
use crate::tiles::Tile;

/// A seat or round wind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Wind {
    /// East; as a seat, the dealer.
    #[default]
    East = 0,
    /// South.
    South,
    /// West.
    West,
    /// North.
    North,
}

impl Wind {
    /// The four winds in seat order.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind's honour tile (1z-4z).
    pub fn tile(self) -> Tile {
        Tile::from_index(27 + self as usize).expect("wind tile")
    }

    /// The wind's name.
    pub fn name(self) -> &'static str {
        ["East", "South", "West", "North"][self as usize]
    }
}

/// The situation of a win, shared by the rule sets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WinContext {
    /// Self-drawn (true) or on a discard.
    pub self_drawn: bool,
    /// The winner's seat wind.
    pub seat_wind: Wind,
    /// The round wind.
    pub round_wind: Wind,
    /// Whose discard (or kong) was won on, if given.
    pub discarder: Option<Wind>,
    /// The last tile of the wall, or the discard after it.
    pub last_tile: bool,
    /// Won on the replacement tile after a kong (self-drawn) or on a discard right after the
    /// discarder's kong.
    pub after_kong: bool,
    /// Won by robbing a kong.
    pub robbing_kong: bool,
    /// Guobiao: the winning tile is the last of its kind.
    pub last_of_kind: bool,
    /// Guobiao: flowers held (0-8).
    pub flowers: u8,
    /// Hongzhong: birds won (0-10).
    pub birds: u8,
    /// Riichi facts.
    pub riichi: RiichiContext,
}

/// Riichi facts about the win (the part of [`WinContext`] only Riichi reads).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RiichiContext {
    /// Riichi declared.
    pub riichi: bool,
    /// Double riichi declared (implies riichi).
    pub double_riichi: bool,
    /// Ippatsu.
    pub ippatsu: bool,
    /// Won before the winner's first discard, no call made (tenhou / chiihou / renhou).
    pub first_turn: bool,
    /// Dora indicators.
    pub dora_indicators: Vec<Tile>,
    /// Ura-dora indicators (counted with riichi only).
    pub ura_dora_indicators: Vec<Tile>,
    /// Honba counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub riichi_sticks: u32,
}

/// A hand to score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinInput {
    /// Concealed tiles including the winning tile.
    pub hand: Vec<Tile>,
    /// Declared melds.
    pub melds: Vec<Meld>,
    /// The winning tile (one of `hand`).
    pub winning: Tile,
    /// Red fives among the hand and the melds (written `0m 0p 0s`).
    pub red_fives: u8,
    /// The situation.
    pub context: WinContext,
}

/// The part of a [`WinInput`] an error is about. The adapter turns it into its own path (the
/// proto's `melds[1]`, `context.riichi.dora_indicators`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreField {
    /// [`WinInput::hand`].
    Hand,
    /// [`WinInput::melds`] at this index.
    Meld(usize),
    /// [`WinInput::winning`].
    WinningTile,
    /// A field of [`WinInput::context`], as its path within [`WinContext`] (`"flowers"`,
    /// `"riichi.dora_indicators"`).
    Context(&'static str),
}

impl ScoreField {
    /// The index within the field, for a meld.
    pub fn index(&self) -> Option<usize> {
        match *self {
            ScoreField::Meld(i) => Some(i),
            _ => None,
        }
    }
}

/// Why a scoring request is malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    /// The concealed tiles plus 3 per meld are not 14.
    #[error(
        "{tiles} concealed tiles with {melds} melds: a winning hand has 14 tiles counting each meld as 3 (14, 11 with one meld, ..., 2 with four), the winning tile included"
    )]
    HandSize {
        /// Concealed tiles.
        tiles: usize,
        /// Declared melds.
        melds: usize,
    },
    /// The winning tile is not among the concealed tiles.
    #[error("{tile} is not in the hand (the hand must include the winning tile)")]
    WinningTileNotInHand {
        /// The winning tile.
        tile: Tile,
    },
    /// More copies of a tile than the game has.
    #[error(
        "{count} copies of {tile} (the game has {max}), counting the hand, melds and indicators"
    )]
    TooManyCopies {
        /// Where the last copy was found.
        field: ScoreField,
        /// The tile.
        tile: Tile,
        /// Copies counted.
        count: u8,
        /// Copies in the game.
        max: u8,
    },
    /// A tile the rule set does not use.
    #[error("{tile}: {reason}")]
    TileNotInGame {
        /// Where.
        field: ScoreField,
        /// The tile.
        tile: Tile,
        /// Why.
        reason: &'static str,
    },
    /// A meld the rules do not allow.
    #[error("{reason}")]
    BadMeld {
        /// The meld.
        field: ScoreField,
        /// What is wrong.
        reason: &'static str,
    },
    /// A context fact that contradicts the hand or another fact.
    #[error("{reason}")]
    Context {
        /// The context field.
        field: ScoreField,
        /// What is wrong.
        reason: &'static str,
    },
}

impl ScoreError {
    /// The field at fault.
    pub fn field(&self) -> ScoreField {
        match self {
            ScoreError::HandSize { .. } => ScoreField::Hand,
            ScoreError::WinningTileNotInHand { .. } => ScoreField::WinningTile,
            ScoreError::TooManyCopies { field, .. }
            | ScoreError::TileNotInGame { field, .. }
            | ScoreError::BadMeld { field, .. }
            | ScoreError::Context { field, .. } => *field,
        }
    }
}

/// Counts the red fives (`0m`, `0p`, `0s`) in tile texts that [`crate::tiles::parse_tiles`]
/// reads, where every `0` is a red five (the parsed tiles are plain fives); at most 255.
pub fn red_fives<'a>(texts: impl IntoIterator<Item = &'a str>) -> u8 {
    texts
        .into_iter()
        .map(|text| text.bytes().filter(|&b| b == b'0').count())
        .sum::<usize>()
        .min(u8::MAX as usize) as u8
}

/// Checks what every rule set needs and returns the concealed tiles' counts (winning tile
/// included, wildcards counted as their own kind). The context facts checked here contradict
/// the hand under every rule set: a self-drawn `after_kong` without a kan among the melds (the
/// replacement tile follows the winner's own kong; on a discard, Sichuan's 杠上炮, the kong is
/// the discarder's), and `robbing_kong` when the winner holds another copy of the winning tile
/// (the robbed tile is the fourth copy) or the tile is a wildcard (never melded).
pub fn prepare(rules: &Rules, input: &WinInput) -> Result<[u8; 34], ScoreError> {
    prepare_counts(rules, input).map(|c| c.concealed)
}

/// The counts [`prepare_counts`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandCounts {
    /// The concealed tiles, the winning tile included (what [`prepare`] returns).
    pub concealed: [u8; 34],
    /// Every tile of the hand: the concealed ones and the declared melds' (a kan's four).
    pub all: [u8; 34],
}

/// [`prepare`], also returning the counts of the whole hand, melds included, which it counts
/// anyway (a scorer that needs them need not count the melds again).
pub fn prepare_counts(rules: &Rules, input: &WinInput) -> Result<HandCounts, ScoreError> {
    let (counts, winning_held) = match count_valid(rules, input) {
        Some(counted) => counted,
        None => count_checked(rules, input)?,
    };
    let c = &input.context;
    let bad = |path, reason| {
        Err(ScoreError::Context {
            field: ScoreField::Context(path),
            reason,
        })
    };
    if c.discarder.is_some() && c.discarder == Some(c.seat_wind) {
        return bad("discarder", "the winner cannot win on their own discard");
    }
    if c.robbing_kong && c.self_drawn {
        return bad(
            "robbing_kong",
            "robbing a kong is a win on another player's tile (method: discard)",
        );
    }
    if c.robbing_kong && c.after_kong {
        return bad(
            "after_kong",
            "a win cannot both rob a kong and follow the winner's kong",
        );
    }
    if c.after_kong && c.self_drawn && !input.melds.iter().any(|m| m.kind == MeldKind::Kan) {
        return bad(
            "after_kong",
            "a win on the replacement tile after a kong needs a kan among the melds",
        );
    }
    if c.robbing_kong && rules.is_wildcard(input.winning) {
        return bad(
            "robbing_kong",
            "a wildcard is never melded, so it cannot be robbed from a kong",
        );
    }
    if c.robbing_kong && winning_held != 1 {
        return bad(
            "robbing_kong",
            "the robbed tile is the fourth copy: the winner cannot hold another",
        );
    }
    if c.flowers > 8 {
        return bad("flowers", "at most 8 flowers");
    }
    if c.birds > 10 {
        return bad("birds", "at most 10 birds");
    }
    Ok(counts)
}

/// The hand's counts and the copies of the winning tile among the hand and the melds, when the
/// tiles pass every check of [`count_checked`] and no wildcard kind is among them (so every
/// kind has 4 copies); `None` otherwise, and [`count_checked`] then finds the first problem in
/// field order. One counting pass, then a few mask and count tests, instead of a rules lookup
/// per tile.
#[inline]
fn count_valid(rules: &Rules, input: &WinInput) -> Option<(HandCounts, u8)> {
    let r = &input.context.riichi;
    let melds = input.melds.len();
    if melds > 4
        || input.hand.len() + 3 * melds != 14
        || r.dora_indicators.len() > 5
        || r.ura_dora_indicators.len() > 5
    {
        return None;
    }
    let mut hand = [0u8; 34];
    let mut present = 0u64;
    for &t in &input.hand {
        hand[t.index()] += 1;
        present |= 1 << t.index();
    }
    let mut all = hand;
    let mut chi = false;
    for m in &input.melds {
        chi |= m.kind == MeldKind::Chi;
        m.add_to(&mut all);
        present |= m.kinds();
    }
    let counts = HandCounts {
        concealed: hand,
        all,
    };
    let winning_held = all[input.winning.index()];
    for &t in r.dora_indicators.iter().chain(&r.ura_dora_indicators) {
        all[t.index()] += 1;
        present |= 1 << t.index();
    }
    // Kinds in the game that are not wildcards: `absent_reason` is `None` and `copies` is 4.
    let natural = rules.tile_mask() & !rules.wildcards;
    let valid = present & !natural == 0
        && hand[input.winning.index()] > 0
        && (rules.chi || !chi)
        && all.iter().all(|&n| n <= 4);
    valid.then_some((counts, winning_held))
}

/// The tile checks of [`prepare`], each tile in field order: hand size, tiles not in the game,
/// copies, the winning tile in the hand, melds the rules allow, indicators. Returns the hand's
/// counts and the copies of the winning tile among the hand and the melds.
#[cold]
#[inline(never)]
fn count_checked(rules: &Rules, input: &WinInput) -> Result<(HandCounts, u8), ScoreError> {
    let n = input.hand.len();
    if input.melds.len() > 4 || n + 3 * input.melds.len() != 14 {
        return Err(ScoreError::HandSize {
            tiles: n,
            melds: input.melds.len(),
        });
    }
    let absent = |field, t: Tile| {
        rules
            .absent_reason(t)
            .map(|reason| ScoreError::TileNotInGame {
                field,
                tile: t,
                reason,
            })
    };
    let mut all = [0u8; 34];
    let count = |field, t: Tile, all: &mut [u8; 34]| {
        all[t.index()] += 1;
        let max = rules.copies(t);
        if all[t.index()] > max {
            return Err(ScoreError::TooManyCopies {
                field,
                tile: t,
                count: all[t.index()],
                max,
            });
        }
        Ok(())
    };
    let mut hand = [0u8; 34];
    for &t in &input.hand {
        if let Some(e) = absent(ScoreField::Hand, t) {
            return Err(e);
        }
        hand[t.index()] += 1;
        count(ScoreField::Hand, t, &mut all)?;
    }
    if let Some(e) = absent(ScoreField::WinningTile, input.winning) {
        return Err(e);
    }
    if hand[input.winning.index()] == 0 {
        return Err(ScoreError::WinningTileNotInHand {
            tile: input.winning,
        });
    }
    for (i, m) in input.melds.iter().enumerate() {
        let field = ScoreField::Meld(i);
        if m.kind == MeldKind::Chi && !rules.chi {
            return Err(ScoreError::BadMeld {
                field,
                reason: "chi is not allowed in this rule set",
            });
        }
        for t in m.tiles() {
            if let Some(e) = absent(field, t) {
                return Err(e);
            }
            if rules.is_wildcard(t) {
                return Err(ScoreError::BadMeld {
                    field,
                    reason: "a wildcard tile cannot be part of a declared meld",
                });
            }
            count(field, t, &mut all)?;
        }
    }
    // Copies of the winning tile among the hand and the melds, before the indicators.
    let winning_held = all[input.winning.index()];
    let counts = HandCounts {
        concealed: hand,
        all,
    };
    let r = &input.context.riichi;
    for (path, tiles) in [
        ("riichi.dora_indicators", &r.dora_indicators),
        ("riichi.ura_dora_indicators", &r.ura_dora_indicators),
    ] {
        let field = ScoreField::Context(path);
        if tiles.len() > 5 {
            return Err(ScoreError::Context {
                field,
                reason: "at most 5 indicators (one and one per kan)",
            });
        }
        for &t in tiles {
            if let Some(e) = absent(field, t) {
                return Err(e);
            }
            count(field, t, &mut all)?;
        }
    }
    Ok((counts, winning_held))
}

#[cfg(test)]
mod tests {
    use super::red_fives;

    #[test]
    fn red_fives_are_the_zeros_of_the_notation() {
        assert_eq!(red_fives(["0m55p0s", "", "0p5p5p"]), 3);
        assert_eq!(red_fives(["123m"]), 0);
        assert_eq!(red_fives(std::iter::repeat_n("00m", 200)), 255);
    }
}
