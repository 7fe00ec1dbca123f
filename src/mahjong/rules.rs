//! Rule sets: a preset plus optional overrides, resolved into one flat [`Rules`] value.

use super::error::{Field, MahjongError};
use crate::tiles::{Tile, TileSuit};

/// A named rule set that every field of [`Rules`] defaults from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Preset {
    /// Japanese riichi (Tenhou / Majsoul): seven distinct pairs, thirteen orphans, pure karaten is
    /// not ready.
    #[default]
    Riichi,
    /// Chinese official (国标): a quad counts as two pairs, thirteen orphans and the knitted forms.
    Guobiao,
    /// Sichuan bloody battle (血战): 108 tiles (no honours), no chi, seven pairs with quads, a void
    /// suit given per request.
    Sichuan,
    /// Red-dragon wildcard mahjong (红中麻将): suits plus 7z wildcards, no chi, seven pairs.
    Hongzhong,
}

/// When a wait that can never be won on still makes the hand ready (听牌).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum KaratenPolicy {
    /// Tenhou / Majsoul: a wait whose four copies are all in the concealed hand does not count;
    /// waits dead through the player's own melds or through visible tiles still do.
    #[default]
    HandNotReady,
    /// M-League: waits whose four copies are all among the player's own concealed tiles and melds
    /// do not count either.
    OwnTilesNotReady,
    /// Every shape wait counts, even one whose four copies are all in the concealed hand (Mortal's
    /// exhaustive-draw tenpai).
    Ready,
}

/// Optional changes to a preset; `None` keeps the preset's value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleOverrides {
    /// Seven pairs allowed.
    pub seven_pairs: Option<bool>,
    /// Four copies of a kind count as two of the seven pairs.
    pub seven_pairs_quads: Option<bool>,
    /// Thirteen orphans allowed.
    pub thirteen_orphans: Option<bool>,
    /// The Guobiao knitted forms (全不靠, 七星不靠, 组合龙) allowed.
    pub knitted: Option<bool>,
    /// The wildcard tile kinds (empty: none).
    pub wildcards: Option<Vec<Tile>>,
    /// Natural honour tiles are part of the game.
    pub honors: Option<bool>,
    /// Three-player game: 2m-8m are absent.
    pub three_player: Option<bool>,
    /// Sichuan void suit (定缺); `Some(None)` clears it.
    pub void_suit: Option<Option<TileSuit>>,
    /// Chi (claimed sequences) allowed.
    pub chi: Option<bool>,
    /// Karaten policy.
    pub karaten: Option<KaratenPolicy>,
    /// A wildcard may stand for a fifth (or further) copy of a kind; see
    /// [`Rules::wildcard_fifth_copy`].
    pub wildcard_fifth_copy: Option<bool>,
    /// Physical copies of each wildcard kind (4, or up to 8 where extra red dragons are added).
    pub wildcard_copies: Option<u8>,
}

/// A resolved rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The preset the rules came from.
    pub preset: Preset,
    /// Seven pairs allowed.
    pub seven_pairs: bool,
    /// Four copies count as two pairs in seven pairs.
    pub seven_pairs_quads: bool,
    /// Thirteen orphans allowed.
    pub thirteen_orphans: bool,
    /// Knitted forms allowed.
    pub knitted: bool,
    /// Wildcard kinds as a bit per tile index.
    pub wildcards: u64,
    /// Natural honours are part of the game.
    pub honors: bool,
    /// Three-player game (no 2m-8m).
    pub three_player: bool,
    /// The void suit, if any.
    pub void_suit: Option<TileSuit>,
    /// Chi allowed.
    pub chi: bool,
    /// Karaten policy.
    pub karaten: KaratenPolicy,
    /// Wildcards may be fifth copies. When false, a wildcard stands for a kind only while the
    /// kind has at most four copies counting the concealed naturals, a natural winning tile,
    /// the player's declared melds (a kan fills the kind) and the wildcards standing for it;
    /// visible tiles do not count. When true there is no cap at all (a sixth copy is allowed
    /// too); natural tiles are never refused either way.
    pub wildcard_fifth_copy: bool,
    /// Copies of each wildcard kind.
    pub wildcard_copies: u8,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::preset(Preset::Riichi)
    }
}

const RED_DRAGON: usize = 33;

impl Rules {
    /// A preset's rules.
    pub fn preset(preset: Preset) -> Rules {
        let base = Rules {
            preset,
            seven_pairs: true,
            seven_pairs_quads: false,
            thirteen_orphans: true,
            knitted: false,
            wildcards: 0,
            honors: true,
            three_player: false,
            void_suit: None,
            chi: true,
            karaten: KaratenPolicy::HandNotReady,
            wildcard_fifth_copy: false,
            wildcard_copies: 4,
        };
        match preset {
            Preset::Riichi => base,
            Preset::Guobiao => Rules {
                seven_pairs_quads: true,
                knitted: true,
                ..base
            },
            Preset::Sichuan => Rules {
                seven_pairs_quads: true,
                thirteen_orphans: false,
                honors: false,
                chi: false,
                ..base
            },
            Preset::Hongzhong => Rules {
                seven_pairs_quads: true,
                thirteen_orphans: false,
                honors: false,
                chi: false,
                wildcards: 1 << RED_DRAGON,
                ..base
            },
        }
    }

    /// A preset with overrides applied, validated.
    pub fn with_overrides(preset: Preset, o: &RuleOverrides) -> Result<Rules, MahjongError> {
        let mut r = Rules::preset(preset);
        if let Some(v) = o.seven_pairs {
            r.seven_pairs = v;
        }
        if let Some(v) = o.seven_pairs_quads {
            r.seven_pairs_quads = v;
        }
        if let Some(v) = o.thirteen_orphans {
            r.thirteen_orphans = v;
        }
        if let Some(v) = o.knitted {
            r.knitted = v;
        }
        if let Some(w) = &o.wildcards {
            r.wildcards = w.iter().fold(0, |m, t| m | 1 << t.index());
        }
        if let Some(v) = o.honors {
            r.honors = v;
        }
        if let Some(v) = o.three_player {
            r.three_player = v;
        }
        if let Some(v) = o.void_suit {
            r.void_suit = v;
        }
        if let Some(v) = o.chi {
            r.chi = v;
        }
        if let Some(v) = o.karaten {
            r.karaten = v;
        }
        if let Some(v) = o.wildcard_fifth_copy {
            r.wildcard_fifth_copy = v;
        }
        if let Some(v) = o.wildcard_copies {
            r.wildcard_copies = v;
        }
        r.validate()?;
        Ok(r)
    }

    /// Rejects combinations that describe no playable game.
    pub fn validate(&self) -> Result<(), MahjongError> {
        let bad = |field: &'static str, reason: &str| {
            Err(MahjongError::Rules {
                field: Field::Rules(field),
                reason: reason.to_string(),
            })
        };
        if self.void_suit == Some(TileSuit::Honor) {
            return bad("void_suit", "the void suit must be m, p or s");
        }
        if self.three_player && self.void_suit == Some(TileSuit::Man) {
            return bad(
                "void_suit",
                "three-player games keep only 1m and 9m of the characters; void p or s",
            );
        }
        if !(4..=8).contains(&self.wildcard_copies) {
            return bad(
                "wildcard_copies",
                "copies of a wildcard kind must be 4 to 8",
            );
        }
        if self.wildcard_copies > 4 && self.wildcards.count_ones() != 1 {
            return bad(
                "wildcard_copies",
                "extra wildcard copies need exactly one wildcard kind",
            );
        }
        for t in Tile::all() {
            if self.wildcards >> t.index() & 1 == 1 {
                if self.three_player && t.suit() == TileSuit::Man && !matches!(t.number(), 1 | 9) {
                    return bad("wildcards", "2m-8m are not in a three-player game");
                }
                if Some(t.suit()) == self.void_suit {
                    return bad("wildcards", "a wildcard kind cannot be in the void suit");
                }
            }
        }
        if self.wildcards.count_ones() > 8 {
            return bad("wildcards", "at most 8 wildcard kinds");
        }
        if self.thirteen_orphans && !self.honors {
            return bad(
                "thirteen_orphans",
                "thirteen orphans needs the honour tiles (honors = true)",
            );
        }
        if self.knitted && !self.honors {
            return bad(
                "knitted",
                "the knitted forms need the honour tiles (honors = true)",
            );
        }
        if self.knitted && self.void_suit.is_some() {
            return bad(
                "knitted",
                "the knitted forms need all three suits (no void suit)",
            );
        }
        if self.knitted && self.three_player {
            return bad("knitted", "the knitted forms need 2m-8m (not three-player)");
        }
        Ok(())
    }

    /// True when `tile` is a wildcard kind.
    #[inline]
    pub fn is_wildcard(&self, tile: Tile) -> bool {
        self.wildcards >> tile.index() & 1 == 1
    }

    /// Why `tile` is not part of this game, if it is not.
    pub fn absent_reason(&self, tile: Tile) -> Option<&'static str> {
        if self.is_wildcard(tile) {
            return None;
        }
        if tile.is_honor() && !self.honors {
            return Some("honour tiles are not used in this rule set");
        }
        if self.three_player && tile.suit() == TileSuit::Man && !matches!(tile.number(), 1 | 9) {
            return Some("2m-8m are not used in three-player games");
        }
        None
    }

    /// Physical copies of `tile` in the game.
    #[inline]
    pub fn copies(&self, tile: Tile) -> u8 {
        if self.is_wildcard(tile) {
            self.wildcard_copies
        } else {
            4
        }
    }

    /// Bit mask (by tile index) of the tile kinds in the game, wildcards included.
    #[inline]
    pub fn tile_mask(&self) -> u64 {
        let mut m: u64 = (1 << 34) - 1;
        if !self.honors {
            m &= !(0x7f << 27);
        }
        if self.three_player {
            m &= !(0x7f << 1);
        }
        m | self.wildcards
    }

    /// Natural kinds a hand form may use: in the game, not wildcards, not the void suit.
    #[inline]
    pub fn usable_mask(&self) -> u64 {
        let mut m = self.tile_mask() & !self.wildcards;
        if let Some(s) = self.void_suit {
            m &= !(0x1ff << (s as u32 * 9));
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_differ_where_documented() {
        assert!(!Rules::preset(Preset::Riichi).seven_pairs_quads);
        assert!(Rules::preset(Preset::Guobiao).knitted);
        assert!(!Rules::preset(Preset::Sichuan).honors);
        assert_eq!(Rules::preset(Preset::Hongzhong).wildcards, 1 << 33);
        for p in [
            Preset::Riichi,
            Preset::Guobiao,
            Preset::Sichuan,
            Preset::Hongzhong,
        ] {
            Rules::preset(p).validate().unwrap();
        }
    }

    #[test]
    fn overrides_are_validated() {
        let o = RuleOverrides {
            void_suit: Some(Some(TileSuit::Honor)),
            ..Default::default()
        };
        assert!(Rules::with_overrides(Preset::Sichuan, &o).is_err());
        let o = RuleOverrides {
            thirteen_orphans: Some(true),
            ..Default::default()
        };
        assert!(Rules::with_overrides(Preset::Sichuan, &o).is_err());
        let o = RuleOverrides {
            seven_pairs: Some(false),
            ..Default::default()
        };
        assert!(
            !Rules::with_overrides(Preset::Riichi, &o)
                .unwrap()
                .seven_pairs
        );
    }
}
