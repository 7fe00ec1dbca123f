//! The win's circumstances: the situational fans (自摸, 和绝张, 妙手回春, 海底捞月, 杠上开花,
//! 抢杠和) and whether the hand waited on one tile only (独听, for 边张 / 嵌张 / 单钓将).

use std::sync::OnceLock;

use super::fans::{Fan, FanCounts};
use super::sets::{is_standard_complete, odd_kinds};
use crate::mahjong::standard::{Look, Slot, look, slots as standard_slots, waits_no_wild};
use crate::mahjong::{Preset, Rules};

/// The checked circumstances of a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinContext {
    /// Won on a tile the winner drew.
    pub self_drawn: bool,
    /// 和绝张: the winning tile was the last of its kind (already checked possible).
    pub last_tile_of_kind: bool,
    /// The winning tile was the last tile of the wall.
    pub last_tile_of_wall: bool,
    /// 杠上开花 (self-drawn on a kong's replacement tile).
    pub kong_win: bool,
    /// 抢杠和 (won on a tile added to another player's pung).
    pub robbing_kong: bool,
}

impl WinContext {
    /// Adds the fans of the win's circumstances.
    pub fn add_fans(&self, fans: &mut FanCounts) {
        if self.self_drawn {
            fans.add(Fan::SelfDrawn);
            if self.last_tile_of_wall {
                fans.add(Fan::LastTileDraw);
            }
            if self.kong_win {
                fans.add(Fan::OutWithReplacementTile);
            }
        } else {
            if self.last_tile_of_wall {
                fans.add(Fan::LastTileClaim);
            }
            if self.robbing_kong {
                fans.add(Fan::RobbingTheKong);
            }
        }
        if self.last_tile_of_kind {
            fans.add(Fan::LastTile);
        }
    }
}

/// True when the hand before the win (`standing`: the concealed tiles without the winning
/// tile, `sets` concealed sets still to make) waited on exactly one tile kind, counting the
/// standard form and, for a closed hand, seven pairs (the forms the rule book's 独听 speaks of,
/// as the open engines count it). A kind the hand already uses four times still counts as a
/// wait (the formal wait, as the MIL rules read 独听).
///
/// The standard form's waits come from the per-suit wait tables (a few loads), seven pairs'
/// from the odd counts. The tables never add a fifth copy, so a kind the hand holds four times
/// is tried by search ([`is_standard_complete`]). The tests check this against the definition,
/// which tries every kind by search.
pub fn is_unique_wait(standing: &[u8; 34], sets: usize, closed: bool) -> bool {
    let slots = slots();
    // Each suit's rank and size; the waits never read the cost class, so it is not loaded.
    let looks = slots.map(|slot| {
        let v = slot.vector(standing);
        if !slot.active {
            return look(&slot, &v);
        }
        let (rank, sum) = slot.table.rank_and_sum(&v);
        Look {
            sum,
            rank: rank as u32,
            class: 0,
        }
    });
    let mut waits = waits_no_wild(slots, &looks);
    if closed && sets == 4 {
        // Thirteen tiles wait on seven pairs when exactly one kind is held an odd number of
        // times: that kind (held once or three times, so never a fifth copy).
        let odd = odd_kinds(standing);
        if odd.count_ones() == 1 {
            waits |= odd;
        }
    }
    if waits.count_ones() > 1 {
        return false;
    }
    if !standing.contains(&4) {
        return waits.count_ones() == 1;
    }
    // A fifth copy of a kind held four times completes only the standard form.
    let mut work = *standing;
    for i in 0..34 {
        if standing[i] == 4 {
            work[i] = 5;
            if is_standard_complete(&work, sets) {
                waits |= 1 << i;
            }
            work[i] = 4;
        }
    }
    waits.count_ones() == 1
}

/// The four suits' wait tables under Guobiao's tile set (all three suits and the honours).
fn slots() -> &'static [Slot; 4] {
    static SLOTS: OnceLock<[Slot; 4]> = OnceLock::new();
    SLOTS.get_or_init(|| standard_slots(&Rules::preset(Preset::Guobiao)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mahjong::score::guobiao::sets::is_seven_pairs;
    use proptest::prelude::*;

    /// [`is_unique_wait`] by trying each kind: add it and test the forms by search. The definition
    /// the table path is checked against.
    fn is_unique_wait_slow(standing: &[u8; 34], sets: usize, closed: bool) -> bool {
        let mut work = *standing;
        let mut waits = 0;
        for i in 0..34 {
            if !could_help(standing, i) {
                continue;
            }
            work[i] += 1;
            let complete =
                is_standard_complete(&work, sets) || (closed && sets == 4 && is_seven_pairs(&work));
            work[i] -= 1;
            if complete {
                waits += 1;
                if waits > 1 {
                    return false;
                }
            }
        }
        waits == 1
    }

    /// A tile can complete a hand only if the hand holds it or a suited neighbour within two.
    fn could_help(standing: &[u8; 34], i: usize) -> bool {
        if standing[i] > 0 {
            return true;
        }
        if i >= 27 {
            return false;
        }
        let lo = i - i % 9;
        let hi = lo + 8;
        (i.saturating_sub(2).max(lo)..=(i + 2).min(hi)).any(|j| standing[j] > 0)
    }

    /// Counts from tile indices.
    fn counts(tiles: &[usize]) -> [u8; 34] {
        let mut c = [0u8; 34];
        for &t in tiles {
            c[t] += 1;
        }
        c
    }

    #[test]
    fn the_table_path_and_the_search_agree_on_known_waits() {
        // 1112345678999m + nothing: nine gates waits on all nine (not unique).
        let nine = counts(&[0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]);
        assert!(!is_unique_wait(&nine, 4, true));
        // 123m 456m 789m 111p 5s: single wait on 5s.
        let single = counts(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 22]);
        assert!(is_unique_wait(&single, 4, true));
        assert!(is_unique_wait_slow(&single, 4, true));
        // Seven pairs and the standard form waiting on the same kind: 1122m 3344p 5566s 7z.
        let pairs = counts(&[0, 0, 1, 1, 11, 11, 12, 12, 22, 22, 23, 23, 33]);
        assert!(is_unique_wait(&pairs, 4, true));
        // 1111m 23m: the formal wait on a fifth 1m counts beside 4m (search path).
        let quad = counts(&[0, 0, 0, 0, 1, 2, 9, 10, 11, 18, 19, 20, 31]);
        assert_eq!(
            is_unique_wait(&quad, 4, true),
            is_unique_wait_slow(&quad, 4, true)
        );
    }

    /// A hand one tile short of complete (some sets and a pair, less one tile), or random tiles.
    fn standing() -> impl Strategy<Value = ([u8; 34], usize, bool)> {
        let near = (
            0usize..=4,
            prop::collection::vec((0usize..2, 0usize..34), 4),
            0usize..34,
            0usize..14,
            0usize..4,
            any::<bool>(),
        )
            .prop_map(|(sets, picks, pair, drop, suit, closed)| {
                let mut tiles = Vec::new();
                for &(chow, t) in picks.iter().take(sets) {
                    // Keep most hands in one suit and the honours, where waits pile up.
                    let t = if t < 27 { suit.min(2) * 9 + t % 9 } else { t };
                    if chow == 1 && t < 27 && t % 9 <= 6 {
                        tiles.extend([t, t + 1, t + 2]);
                    } else {
                        tiles.extend([t, t, t]);
                    }
                }
                tiles.extend([pair, pair]);
                tiles.remove(drop % tiles.len());
                (counts(&tiles), sets, closed && sets == 4)
            });
        let random = (0usize..=4, any::<bool>())
            .prop_flat_map(|(sets, closed)| {
                (
                    prop::collection::vec(0usize..34, 3 * sets + 1),
                    Just(sets),
                    Just(closed && sets == 4),
                )
            })
            .prop_map(|(tiles, sets, closed)| (counts(&tiles), sets, closed));
        prop_oneof![3 => near, 1 => random]
            .prop_filter("at most four copies", |(c, _, _)| c.iter().all(|&n| n <= 4))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn the_table_path_matches_the_search((standing, sets, closed) in standing()) {
            prop_assert_eq!(
                is_unique_wait(&standing, sets, closed),
                is_unique_wait_slow(&standing, sets, closed)
            );
        }
    }
}
