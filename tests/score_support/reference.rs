//! A brute-force Riichi scorer, slow and plain on purpose: it lists every way to cut the
//! concealed tiles into groups by trying every multiset of candidate groups, puts the winning
//! tile in every group that holds it, scores each reading with straightforward predicates over
//! the group list, han from the yaku table, fu and points by the textbook rules, and keeps the
//! best. It shares nothing with the fast path but the yaku table (ids and values) and the input
//! types.

use cardrules::mahjong::score::riichi::{Kazoe, Renhou, RiichiRules, YAKU};
use cardrules::mahjong::score::{WinInput, Wind};
use cardrules::mahjong::{MeldKind, Rules};
use cardrules::tiles::Tile;

/// The reference's verdict: not a win, or the best reading's numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No reading completes the hand.
    NotComplete,
    /// Complete, but no reading has a yaku.
    NoYaku,
    /// The best reading.
    Win {
        /// Han (0 for yakuman).
        han: u32,
        /// Fu rounded (0 for yakuman).
        fu: u32,
        /// Yakuman multiples.
        yakuman: u32,
        /// Base points.
        base: u64,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Pair,
    Run,
    Pung,
    Kong,
}

#[derive(Clone, Copy, Debug)]
struct G {
    kind: Kind,
    /// Lowest tile index.
    t: usize,
    /// Open for fu and concealed-triplet purposes.
    open: bool,
    /// Declared (a meld).
    declared: bool,
}

fn terminal(t: usize) -> bool {
    t < 27 && matches!(t % 9, 0 | 8)
}
fn honor(t: usize) -> bool {
    t >= 27
}
fn tiles_of(g: &G) -> Vec<usize> {
    match g.kind {
        Kind::Pair => vec![g.t; 2],
        Kind::Run => vec![g.t, g.t + 1, g.t + 2],
        Kind::Pung => vec![g.t; 3],
        Kind::Kong => vec![g.t; 4],
    }
}

fn yaku_index(id: &str) -> usize {
    YAKU.iter().position(|d| d.id == id).expect("yaku id")
}

/// Every multiset of `n` groups (indices into `cands`, non-decreasing) whose tiles plus a pair
/// are exactly `counts`.
fn cuts(counts: &[u8; 34], n: usize) -> Vec<(usize, Vec<(Kind, usize)>)> {
    let mut cands = Vec::new();
    for t in 0..34 {
        if counts[t] >= 3 {
            cands.push((Kind::Pung, t));
        }
        if t < 27 && t % 9 <= 6 && counts[t] > 0 && counts[t + 1] > 0 && counts[t + 2] > 0 {
            cands.push((Kind::Run, t));
        }
    }
    let mut out = Vec::new();
    let mut pick = vec![0usize; n];
    fn rec(
        k: usize,
        from: usize,
        pick: &mut Vec<usize>,
        cands: &[(Kind, usize)],
        counts: &[u8; 34],
        out: &mut Vec<(usize, Vec<(Kind, usize)>)>,
    ) {
        if k == pick.len() {
            let mut left = counts.map(i32::from);
            for &i in pick.iter() {
                let (kind, t) = cands[i];
                let g = G {
                    kind,
                    t,
                    open: false,
                    declared: false,
                };
                for x in tiles_of(&g) {
                    left[x] -= 1;
                }
            }
            if left.iter().any(|&c| c < 0) {
                return;
            }
            for p in 0..34 {
                let mut rest = left;
                rest[p] -= 2;
                if rest.iter().all(|&c| c == 0) {
                    out.push((p, pick.iter().map(|&i| cands[i]).collect()));
                }
            }
            return;
        }
        for i in from..cands.len() {
            pick[k] = i;
            rec(k + 1, i, pick, cands, counts, out);
        }
    }
    rec(0, 0, &mut pick, &cands, counts, &mut out);
    out
}

/// Scores `w` by brute force.
pub fn score(rules: &Rules, r: &RiichiRules, w: &WinInput) -> Verdict {
    let mut counts = [0u8; 34];
    for t in &w.hand {
        counts[t.index()] += 1;
    }
    let win = w.winning.index();
    let c = &w.context;
    let closed = w.melds.iter().all(|m| m.concealed);
    let dealer = c.seat_wind == Wind::East;
    let seat = 27 + c.seat_wind as usize;
    let round = 27 + c.round_wind as usize;
    let mut all_tiles: Vec<usize> = w.hand.iter().map(|t| t.index()).collect();
    for m in &w.melds {
        all_tiles.extend(m.tiles().map(|t| t.index()));
    }
    let is_riichi = c.riichi.riichi || c.riichi.double_riichi;
    let count_dora = |inds: &[Tile]| -> u32 {
        let mut n = 0;
        for ind in inds {
            let i = ind.index();
            let d = if i < 27 {
                if i % 9 == 8 { i - 8 } else { i + 1 }
            } else if i < 31 {
                if i == 30 { 27 } else { i + 1 }
            } else if i == 33 {
                31
            } else {
                i + 1
            };
            n += all_tiles.iter().filter(|&&t| t == d).count() as u32;
        }
        n
    };
    let dora = count_dora(&c.riichi.dora_indicators)
        + if r.red_fives {
            u32::from(w.red_fives)
        } else {
            0
        }
        + if is_riichi {
            count_dora(&c.riichi.ura_dora_indicators)
        } else {
            0
        };

    // Yaku that hold whatever the reading, as ids.
    let mut common: Vec<&str> = Vec::new();
    if c.riichi.double_riichi {
        common.push("riichi.double_riichi");
    } else if c.riichi.riichi {
        common.push("riichi.riichi");
    }
    if c.riichi.ippatsu {
        common.push("riichi.ippatsu");
    }
    if closed && c.self_drawn {
        common.push("riichi.menzen_tsumo");
    }
    if c.last_tile && c.self_drawn && !c.after_kong {
        common.push("riichi.haitei");
    }
    if c.last_tile && !c.self_drawn {
        common.push("riichi.houtei");
    }
    if c.after_kong && c.self_drawn {
        common.push("riichi.rinshan");
    }
    if c.robbing_kong {
        common.push("riichi.chankan");
    }
    if c.riichi.first_turn {
        if dealer && c.self_drawn {
            common.push("riichi.tenhou");
        }
        if !dealer && c.self_drawn {
            common.push("riichi.chiihou");
        }
        if !dealer && !c.self_drawn {
            match r.renhou {
                Renhou::None => {}
                Renhou::FiveHan => common.push("riichi.renhou"),
                Renhou::Yakuman => common.push("riichi.renhou_yakuman"),
            }
        }
    }
    if all_tiles.iter().all(|&t| !terminal(t) && !honor(t)) && (closed || r.open_tanyao) {
        common.push("riichi.tanyao");
    }
    let suits: Vec<usize> = {
        let mut s: Vec<usize> = all_tiles
            .iter()
            .filter(|&&t| t < 27)
            .map(|&t| t / 9)
            .collect();
        s.sort();
        s.dedup();
        s
    };
    let has_honor = all_tiles.iter().any(|&t| honor(t));
    if suits.len() == 1 && has_honor {
        common.push("riichi.honitsu");
    }
    if suits.len() == 1 && !has_honor {
        common.push("riichi.chinitsu");
    }
    if all_tiles.iter().all(|&t| terminal(t) || honor(t)) && has_honor && !suits.is_empty() {
        common.push("riichi.honroutou");
    }
    if all_tiles.iter().all(|&t| honor(t)) {
        common.push("riichi.tsuuiisou");
    }
    if all_tiles.iter().all(|&t| terminal(t)) {
        common.push("riichi.chinroutou");
    }
    let green = [19, 20, 21, 23, 25, 32];
    if all_tiles.iter().all(|t| green.contains(t)) {
        common.push("riichi.ryuuiisou");
    }
    if w.melds.is_empty() && suits.len() == 1 && !has_honor {
        let b = suits[0] * 9;
        let v: Vec<u8> = (0..9).map(|k| counts[b + k]).collect();
        let pattern = [3u8, 1, 1, 1, 1, 1, 1, 1, 3];
        if (0..9).all(|k| v[k] >= pattern[k]) {
            let mut less = v.clone();
            less[win - b] -= 1;
            common.push(if less == pattern {
                "riichi.junsei_chuuren"
            } else {
                "riichi.chuuren"
            });
        }
    }

    let mut best: Option<(u64, u32, u32, u32, u32)> = None; // base, han, fu, yakuman, valid
    let mut complete = false;
    let mut consider = |ids: Vec<&str>, fu: u32| {
        complete = true;
        let yakuman: Vec<usize> = ids
            .iter()
            .map(|id| yaku_index(id))
            .filter(|&i| YAKU[i].yakuman > 0)
            .collect();
        let entry = if !yakuman.is_empty() {
            let values: Vec<u32> = yakuman
                .iter()
                .map(|&i| {
                    if r.double_yakuman {
                        u32::from(YAKU[i].yakuman)
                    } else {
                        1
                    }
                })
                .collect();
            let n = if r.multiple_yakuman {
                values.iter().sum()
            } else {
                *values.iter().max().unwrap()
            };
            (8000 * u64::from(n), 0, 0, n, 1)
        } else {
            let yaku_han: u32 = ids
                .iter()
                .map(|id| {
                    let d = &YAKU[yaku_index(id)];
                    u32::from(if closed { d.closed } else { d.open })
                })
                .sum();
            if yaku_han == 0 {
                (0, 0, fu, 0, 0)
            } else {
                let han = yaku_han + dora;
                let base = if han >= 13 {
                    match r.kazoe {
                        Kazoe::Yakuman => 8000,
                        Kazoe::Sanbaiman => 6000,
                        Kazoe::Multiple => 8000 * u64::from(han / 13),
                    }
                } else if han >= 11 {
                    6000
                } else if han >= 8 {
                    4000
                } else if han >= 6 {
                    3000
                } else if han == 5 {
                    2000
                } else {
                    let b = u64::from(fu) * 2u64.pow(han + 2);
                    if b > 2000 || (r.kiriage && b == 1920) {
                        2000
                    } else {
                        b
                    }
                };
                (base, han, fu, 0, 1)
            }
        };
        let key = |e: &(u64, u32, u32, u32, u32)| (e.4, e.0, e.1, e.2);
        if best.is_none_or(|b| key(&entry) > key(&b)) {
            best = Some(entry);
        }
    };

    // Thirteen orphans.
    let orphan_kinds = [0usize, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    if w.melds.is_empty()
        && rules.thirteen_orphans
        && orphan_kinds.iter().all(|&t| counts[t] >= 1)
        && orphan_kinds
            .iter()
            .map(|&t| counts[t] as usize)
            .sum::<usize>()
            == 14
    {
        let mut ids: Vec<&str> = common
            .iter()
            .copied()
            .filter(|id| YAKU[yaku_index(id)].yakuman > 0)
            .collect();
        ids.push(if counts[win] == 2 {
            "riichi.kokushi_13_sided"
        } else {
            "riichi.kokushi"
        });
        consider(ids, 0);
    }
    // Seven pairs.
    if w.melds.is_empty() && rules.seven_pairs && counts.iter().filter(|&&n| n == 2).count() == 7 {
        let mut ids = common.clone();
        ids.push("riichi.chiitoitsu");
        consider(ids, 25);
    }
    // Standard readings.
    let declared: Vec<G> = w
        .melds
        .iter()
        .map(|m| G {
            kind: match m.kind {
                MeldKind::Chi => Kind::Run,
                MeldKind::Pon => Kind::Pung,
                MeldKind::Kan => Kind::Kong,
            },
            t: m.tile.index(),
            open: !m.concealed,
            declared: true,
        })
        .collect();
    for (pair, groups) in cuts(&counts, 4 - w.melds.len()) {
        let mut gs: Vec<G> = vec![G {
            kind: Kind::Pair,
            t: pair,
            open: false,
            declared: false,
        }];
        gs.extend(groups.iter().map(|&(kind, t)| G {
            kind,
            t,
            open: false,
            declared: false,
        }));
        gs.extend(declared.iter().copied());
        for k in 0..gs.len() {
            let g = gs[k];
            if g.declared || !tiles_of(&g).contains(&win) {
                continue;
            }
            let mut gs = gs.clone();
            let wait = match g.kind {
                Kind::Pair => "tanki",
                Kind::Pung => {
                    if !c.self_drawn {
                        gs[k].open = true;
                    }
                    "shanpon"
                }
                Kind::Run => {
                    if win == g.t + 1 {
                        "kanchan"
                    } else if (win == g.t && g.t % 9 == 6)
                        || (win == g.t + 2 && matches!(g.t % 9, 0))
                    {
                        "penchan"
                    } else {
                        "ryanmen"
                    }
                }
                Kind::Kong => unreachable!(),
            };
            let (ids, fu) = standard(&gs, &common, wait, closed, c.self_drawn, seat, round, r);
            consider(ids, fu);
        }
    }
    match best {
        None => Verdict::NotComplete,
        Some((_, _, _, _, 0)) if complete => Verdict::NoYaku,
        Some((base, han, fu, yakuman, _)) => Verdict::Win {
            han,
            fu,
            yakuman,
            base,
        },
    }
}

#[allow(clippy::too_many_arguments)]
fn standard<'a>(
    gs: &[G],
    common: &[&'a str],
    wait: &str,
    closed: bool,
    self_drawn: bool,
    seat: usize,
    round: usize,
    r: &RiichiRules,
) -> (Vec<&'a str>, u32) {
    let mut ids: Vec<&'a str> = common.to_vec();
    let pair = gs.iter().find(|g| g.kind == Kind::Pair).unwrap().t;
    let sets: Vec<&G> = gs.iter().filter(|g| g.kind != Kind::Pair).collect();
    let runs: Vec<usize> = sets
        .iter()
        .filter(|g| g.kind == Kind::Run)
        .map(|g| g.t)
        .collect();
    let pungs: Vec<&&G> = sets.iter().filter(|g| g.kind != Kind::Run).collect();
    let no_melds = gs.iter().all(|g| !g.declared);
    let value_pair = pair >= 31 || pair == seat || pair == round;
    let pinfu = no_melds && runs.len() == 4 && !value_pair && wait == "ryanmen";
    if pinfu {
        ids.push("riichi.pinfu");
    }
    if closed {
        let mut same = 0;
        let mut used = vec![false; runs.len()];
        for i in 0..runs.len() {
            for j in i + 1..runs.len() {
                if !used[i] && !used[j] && runs[i] == runs[j] {
                    used[i] = true;
                    used[j] = true;
                    same += 1;
                }
            }
        }
        if same == 2 {
            ids.push("riichi.ryanpeikou");
        } else if same == 1 {
            ids.push("riichi.iipeikou");
        }
    }
    if (0..7).any(|n| [n, n + 9, n + 18].iter().all(|t| runs.contains(t))) {
        ids.push("riichi.sanshoku_doujun");
    }
    if (0..3).any(|s| {
        [9 * s, 9 * s + 3, 9 * s + 6]
            .iter()
            .all(|t| runs.contains(t))
    }) {
        ids.push("riichi.ittsu");
    }
    let pung_tiles: Vec<usize> = pungs.iter().map(|g| g.t).collect();
    if (0..9).any(|n| [n, n + 9, n + 18].iter().all(|t| pung_tiles.contains(t))) {
        ids.push("riichi.sanshoku_doukou");
    }
    let outside = |g: &G| tiles_of(g).iter().any(|&t| terminal(t) || honor(t));
    if !runs.is_empty() && gs.iter().all(outside) {
        if gs.iter().any(|g| honor(g.t)) {
            ids.push("riichi.chanta");
        } else {
            ids.push("riichi.junchan");
        }
    }
    if runs.is_empty() {
        ids.push("riichi.toitoi");
    }
    let concealed_pungs = pungs.iter().filter(|g| !g.open).count();
    if concealed_pungs == 3 {
        ids.push("riichi.sanankou");
    }
    if concealed_pungs == 4 {
        ids.push(if wait == "tanki" {
            "riichi.suuankou_tanki"
        } else {
            "riichi.suuankou"
        });
    }
    let kongs = sets.iter().filter(|g| g.kind == Kind::Kong).count();
    if kongs == 3 {
        ids.push("riichi.sankantsu");
    }
    if kongs == 4 {
        ids.push("riichi.suukantsu");
    }
    for (t, id) in [
        (31, "riichi.yakuhai_haku"),
        (32, "riichi.yakuhai_hatsu"),
        (33, "riichi.yakuhai_chun"),
        (seat, "riichi.yakuhai_seat_wind"),
        (round, "riichi.yakuhai_round_wind"),
    ] {
        if pung_tiles.contains(&t) {
            ids.push(id);
        }
    }
    let dragons = pung_tiles.iter().filter(|&&t| t >= 31).count();
    let winds = pung_tiles
        .iter()
        .filter(|&&t| (27..31).contains(&t))
        .count();
    if dragons == 2 && pair >= 31 {
        ids.push("riichi.shousangen");
    }
    if dragons == 3 {
        ids.push("riichi.daisangen");
    }
    if winds == 3 && (27..31).contains(&pair) {
        ids.push("riichi.shousuushii");
    }
    if winds == 4 {
        ids.push("riichi.daisuushii");
    }

    // Fu.
    let fu = if pinfu && self_drawn {
        20
    } else {
        let mut fu = 20;
        if closed && !self_drawn {
            fu += 10;
        }
        if self_drawn {
            fu += 2;
        }
        for g in &pungs {
            let mut v = if terminal(g.t) || honor(g.t) { 4 } else { 2 };
            if !g.open {
                v *= 2;
            }
            if g.kind == Kind::Kong {
                v *= 4;
            }
            fu += v;
        }
        if pair >= 31 {
            fu += 2;
        } else if pair == seat && pair == round {
            fu += u32::from(r.double_wind_pair_fu);
        } else if pair == seat || pair == round {
            fu += 2;
        }
        if wait == "kanchan" || wait == "penchan" || wait == "tanki" {
            fu += 2;
        }
        if !closed && fu == 20 {
            fu = 30;
        }
        fu.div_ceil(10) * 10
    };
    (ids, fu)
}
