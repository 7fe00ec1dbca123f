//! The win's circumstances: the situational fans (自摸, 和绝张, 妙手回春, 海底捞月, 杠上开花,
//! 抢杠和) and whether the hand waited on one tile only (独听, for 边张 / 嵌张 / 单钓将).

use super::fans::{Fan, FanCounts};
use super::sets::{is_seven_pairs, is_standard_complete};

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
/// as the open engines count it). A kind the hand already uses four times still counts as a wait (the formal wait, as the MIL rules read 独听).
pub fn is_unique_wait(standing: &[u8; 34], sets: usize, closed: bool) -> bool {
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
