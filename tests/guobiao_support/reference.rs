//! A slow reference scorer for Guobiao, written for obviousness, not speed: it tries every
//! decomposition found by placing any set anywhere (deduplicated), every reading of every form,
//! and for the combination fans every subset of the combinations the sets allow, keeping the
//! admissible subsets (the principles stated directly: the chosen combinations never link sets
//! already linked, never repeat a fan on one set) and the best total. It shares with the fast
//! path only the fan table (points and 不重复 exclusions) and the documented conventions.

#![allow(dead_code)]

use std::collections::BTreeSet;

use cardrules::mahjong::MeldKind;
use cardrules::mahjong::score::guobiao::{Fan, FanCounts, GuobiaoWin, Wind};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum K {
    Chow,
    Pung,
    Kong,
    Pair,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct S {
    k: K,
    t: usize,
    open: bool,
    declared: bool,
}

fn suit(t: usize) -> usize {
    t / 9
}
fn num(t: usize) -> usize {
    t % 9 + 1
}
fn honor(t: usize) -> bool {
    t >= 27
}
fn wind(t: usize) -> bool {
    (27..31).contains(&t)
}
fn dragon(t: usize) -> bool {
    t >= 31
}
fn terminal(t: usize) -> bool {
    !honor(t) && (num(t) == 1 || num(t) == 9)
}

/// Every way to cut `counts` into `sets` chows/pungs and one pair, any set tried anywhere.
fn decompositions(counts: &[u8; 34], sets: usize) -> BTreeSet<Vec<S>> {
    let mut out = BTreeSet::new();
    let mut seen = BTreeSet::new();
    go(
        &mut counts.clone(),
        sets,
        false,
        &mut Vec::new(),
        &mut out,
        &mut seen,
    );
    out
}

fn go(
    c: &mut [u8; 34],
    sets: usize,
    pair: bool,
    cur: &mut Vec<S>,
    out: &mut BTreeSet<Vec<S>>,
    seen: &mut BTreeSet<Vec<S>>,
) {
    let mut key = cur.clone();
    key.sort();
    if !seen.insert(key.clone()) {
        return;
    }
    if sets == 0 && pair {
        if c.iter().all(|&n| n == 0) {
            out.insert(key);
        }
        return;
    }
    let s = |k, t| S {
        k,
        t,
        open: false,
        declared: false,
    };
    for t in 0..34 {
        if sets > 0 && c[t] >= 3 {
            c[t] -= 3;
            cur.push(s(K::Pung, t));
            go(c, sets - 1, pair, cur, out, seen);
            cur.pop();
            c[t] += 3;
        }
        if sets > 0 && !honor(t) && num(t) <= 7 && c[t] > 0 && c[t + 1] > 0 && c[t + 2] > 0 {
            c[t] -= 1;
            c[t + 1] -= 1;
            c[t + 2] -= 1;
            cur.push(s(K::Chow, t));
            go(c, sets - 1, pair, cur, out, seen);
            cur.pop();
            c[t] += 1;
            c[t + 1] += 1;
            c[t + 2] += 1;
        }
        if !pair && c[t] >= 2 {
            c[t] -= 2;
            cur.push(s(K::Pair, t));
            go(c, sets, true, cur, out, seen);
            cur.pop();
            c[t] += 2;
        }
    }
}

const KNITTED: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

fn knitted(p: [usize; 3]) -> Vec<usize> {
    (0..3)
        .flat_map(|j| (0..3).map(move |k| p[j] * 9 + j + 3 * k))
        .collect()
}

fn seven_pairs(c: &[u8; 34]) -> bool {
    c.iter().all(|&n| n % 2 == 0) && c.iter().map(|&n| n as usize).sum::<usize>() == 14
}

fn complete(c: &[u8; 34], sets: usize, closed: bool) -> bool {
    !decompositions(c, sets).is_empty() || (closed && sets == 4 && seven_pairs(c))
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Form {
    Standard,
    SevenPairs,
    Orphans,
    HonorsKnitted,
    KnittedStraight(Vec<usize>),
    NineGates,
}

struct Facts {
    all: [u8; 34],
    conc: [u8; 34],
    win: usize,
    self_drawn: bool,
    wall: bool,
    kong: bool,
    rob: bool,
    last_kind: bool,
    seat: usize,
    round: usize,
    open_melds: usize,
    melds: usize,
    unique: bool,
}

fn context(f: &Facts, fans: &mut FanCounts) {
    if f.self_drawn {
        fans.add(Fan::SelfDrawn);
        if f.wall {
            fans.add(Fan::LastTileDraw);
        }
        if f.kong {
            fans.add(Fan::OutWithReplacementTile);
        }
    } else {
        if f.wall {
            fans.add(Fan::LastTileClaim);
        }
        if f.rob {
            fans.add(Fan::RobbingTheKong);
        }
    }
    if f.last_kind {
        fans.add(Fan::LastTile);
    }
}

fn tiles_fans(all: &[u8; 34], fans: &mut FanCounts) {
    let ts: Vec<usize> = (0..34).filter(|&t| all[t] > 0).collect();
    let suits: BTreeSet<usize> = ts
        .iter()
        .filter(|&&t| !honor(t))
        .map(|&t| suit(t))
        .collect();
    let has_honor = ts.iter().any(|&t| honor(t));
    if !has_honor {
        fans.add(Fan::NoHonors);
    }
    if suits.len() == 2 {
        fans.add(Fan::OneVoidedSuit);
    }
    if suits.len() == 1 {
        fans.add(if has_honor {
            Fan::HalfFlush
        } else {
            Fan::FullFlush
        });
    }
    if suits.len() == 3 && ts.iter().any(|&t| wind(t)) && ts.iter().any(|&t| dragon(t)) {
        fans.add(Fan::AllTypes);
    }
    let green = [19, 20, 21, 23, 25, 32];
    let reversible = [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31];
    if ts.iter().all(|&t| !honor(t) && !terminal(t)) {
        fans.add(Fan::AllSimples);
    }
    if ts.iter().all(|t| reversible.contains(t)) {
        fans.add(Fan::ReversibleTiles);
    }
    if ts.iter().all(|t| green.contains(t)) {
        fans.add(Fan::AllGreen);
    }
    if ts.iter().all(|&t| honor(t)) {
        fans.add(Fan::AllHonors);
    } else if ts.iter().all(|&t| terminal(t)) {
        fans.add(Fan::AllTerminals);
    } else if ts.iter().all(|&t| terminal(t) || honor(t)) {
        fans.add(Fan::AllTerminalsAndHonors);
    }
    if !has_honor {
        let nums: BTreeSet<usize> = ts.iter().map(|&t| num(t)).collect();
        let within = |lo, hi| nums.iter().all(|n| (lo..=hi).contains(n));
        if within(1, 3) {
            fans.add(Fan::LowerTiles);
        } else if within(1, 4) {
            fans.add(Fan::LowerFour);
        } else if within(7, 9) {
            fans.add(Fan::UpperTiles);
        } else if within(6, 9) {
            fans.add(Fan::UpperFour);
        } else if within(4, 6) {
            fans.add(Fan::MiddleTiles);
        }
    }
}

/// The combination fan of a group of chows (their starts), if the group makes one.
fn chow_group(g: &[usize]) -> Option<Fan> {
    let mut g = g.to_vec();
    g.sort_by_key(|&t| (num(t), suit(t)));
    let ss: BTreeSet<usize> = g.iter().map(|&t| suit(t)).collect();
    let ns: Vec<usize> = g.iter().map(|&t| num(t)).collect();
    let one_suit = ss.len() == 1;
    let steps: Vec<usize> = ns.windows(2).map(|w| w[1] - w[0]).collect();
    let all_steps = |d: usize| steps.iter().all(|&s| s == d);
    match g.len() {
        2 => {
            if one_suit && ns[0] == ns[1] {
                Some(Fan::PureDoubleChow)
            } else if !one_suit && ns[0] == ns[1] {
                Some(Fan::MixedDoubleChow)
            } else if one_suit && ns[1] - ns[0] == 3 {
                Some(Fan::ShortStraight)
            } else if one_suit && ns == [1, 7] {
                Some(Fan::TwoTerminalChows)
            } else {
                None
            }
        }
        3 if one_suit => {
            if all_steps(0) {
                Some(Fan::PureTripleChow)
            } else if all_steps(1) || all_steps(2) {
                Some(Fan::PureShiftedChows)
            } else if ns == [1, 4, 7] {
                Some(Fan::PureStraight)
            } else {
                None
            }
        }
        3 if ss.len() == 3 => {
            if all_steps(0) {
                Some(Fan::MixedTripleChow)
            } else if all_steps(1) {
                Some(Fan::MixedShiftedChows)
            } else if ns == [1, 4, 7] {
                Some(Fan::MixedStraight)
            } else {
                None
            }
        }
        4 if one_suit => {
            if all_steps(0) {
                Some(Fan::QuadrupleChow)
            } else if all_steps(1) || all_steps(2) {
                Some(Fan::FourPureShiftedChows)
            } else {
                None
            }
        }
        _ => None,
    }
}

fn pung_group(g: &[usize]) -> Option<Fan> {
    let mut g = g.to_vec();
    g.sort();
    if g.iter().all(|&t| wind(t)) && g.len() >= 3 {
        return Some(if g.len() == 4 {
            Fan::BigFourWinds
        } else {
            Fan::BigThreeWinds
        });
    }
    if g.iter().all(|&t| dragon(t)) {
        return Some(if g.len() == 3 {
            Fan::BigThreeDragons
        } else {
            Fan::TwoDragonsPungs
        });
    }
    if g.iter().any(|&t| honor(t)) {
        return None;
    }
    let ss: BTreeSet<usize> = g.iter().map(|&t| suit(t)).collect();
    let mut ns: Vec<usize> = g.iter().map(|&t| num(t)).collect();
    ns.sort();
    let same = ns.windows(2).all(|w| w[0] == w[1]);
    let shifted = ns.windows(2).all(|w| w[1] == w[0] + 1);
    match g.len() {
        2 if same && ss.len() == 2 => Some(Fan::DoublePung),
        3 if same && ss.len() == 3 => Some(Fan::TriplePung),
        3 if shifted && ss.len() == 3 => Some(Fan::MixedShiftedPungs),
        3 if shifted && ss.len() == 1 => Some(Fan::PureShiftedPungs),
        4 if shifted && ss.len() == 1 => Some(Fan::FourPureShiftedPungs),
        _ => None,
    }
}

/// True when the chosen combinations obey the principles: they never link two sets already
/// linked (套算一次 / 不拆移: no cycles), and no set makes the same fan twice (不得相同).
fn admissible(chosen: &[&(Vec<usize>, Fan)], n: usize) -> bool {
    let mut comp: Vec<usize> = (0..n).collect();
    fn find(comp: &[usize], mut x: usize) -> usize {
        while comp[x] != x {
            x = comp[x];
        }
        x
    }
    for (sets, _) in chosen {
        let roots: BTreeSet<usize> = sets.iter().map(|&s| find(&comp, s)).collect();
        if roots.len() != sets.len() {
            return false;
        }
        let r0 = find(&comp, sets[0]);
        for &s in sets.iter() {
            let r = find(&comp, s);
            comp[r] = r0;
        }
    }
    for a in 0..chosen.len() {
        for b in a + 1..chosen.len() {
            if chosen[a].1 == chosen[b].1 && chosen[a].0.iter().any(|s| chosen[b].0.contains(s)) {
                return false;
            }
        }
    }
    true
}

/// Every maximal admissible choice of combinations among `n` sets (a combination the
/// principles allow is always counted), given every group's fan.
fn admissible_combinations(candidates: &[(Vec<usize>, Fan)], n: usize) -> Vec<Vec<Fan>> {
    let pick = |mask: u32| -> Vec<&(Vec<usize>, Fan)> {
        (0..candidates.len())
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| &candidates[i])
            .collect()
    };
    let ok: Vec<u32> = (0u32..(1 << candidates.len()))
        .filter(|&m| admissible(&pick(m), n))
        .collect();
    ok.iter()
        .filter(|&&m| !ok.iter().any(|&o| o != m && o & m == m))
        .map(|&m| pick(m).iter().map(|(_, f)| *f).collect())
        .collect()
}

fn subsets(n: usize) -> Vec<Vec<usize>> {
    (1u32..(1 << n))
        .map(|m| (0..n).filter(|&i| m & (1 << i) != 0).collect::<Vec<_>>())
        .filter(|v: &Vec<usize>| v.len() >= 2)
        .collect()
}

fn score_sets(form: &Form, sets: &[S], f: &Facts, fans: &mut FanCounts) -> Vec<FanCounts> {
    let mut variants = Vec::new();
    let knitted = matches!(form, Form::KnittedStraight(_));
    if knitted {
        fans.add(Fan::KnittedStraight);
    }
    let pair = sets.iter().find(|s| s.k == K::Pair).unwrap().t;
    let chows: Vec<usize> = sets
        .iter()
        .filter(|s| s.k == K::Chow)
        .map(|s| s.t)
        .collect();
    let pungs: Vec<usize> = sets
        .iter()
        .filter(|s| matches!(s.k, K::Pung | K::Kong))
        .map(|s| s.t)
        .collect();
    let in_chow = |s: &S, t: usize| {
        s.k == K::Chow && suit(t) == suit(s.t) && !honor(t) && (s.t..s.t + 3).contains(&t)
    };
    let win_chow = sets.iter().any(|s| !s.declared && in_chow(s, f.win));
    let kongs = sets.iter().filter(|s| s.k == K::Kong).count();
    let ckongs = sets.iter().filter(|s| s.k == K::Kong && !s.open).count();
    let cpungs = sets
        .iter()
        .filter(|s| s.k == K::Pung && !s.open && !(!f.self_drawn && s.t == f.win && !win_chow))
        .count();
    match (kongs, ckongs) {
        (1, 0) => fans.add(Fan::MeldedKong),
        (1, 1) => fans.add(Fan::ConcealedKong),
        (2, 0) => fans.add(Fan::TwoMeldedKongs),
        (2, 1) => {
            fans.add(Fan::MeldedKong);
            fans.add(Fan::ConcealedKong)
        }
        (2, 2) => fans.add(Fan::TwoConcealedKongs),
        (3, _) => fans.add(Fan::ThreeKongs),
        (4, _) => fans.add(Fan::FourKongs),
        _ => {}
    }
    match cpungs + ckongs {
        2 => fans.add(Fan::TwoConcealedPungs),
        3 => fans.add(Fan::ThreeConcealedPungs),
        4 => fans.add(Fan::FourConcealedPungs),
        _ => {}
    }
    if pungs.len() == 4 {
        fans.add(Fan::AllPungs);
    }
    let winds = pungs.iter().filter(|&&t| wind(t)).count();
    for &p in &pungs {
        if dragon(p) {
            fans.add(Fan::DragonPung);
        } else if wind(p) {
            if p == f.round {
                fans.add(Fan::PrevalentWind);
            }
            if p == f.seat {
                fans.add(Fan::SeatWind);
            }
            if p != f.round && p != f.seat && winds < 3 {
                fans.add(Fan::PungOfTerminalsOrHonors);
            }
        } else if terminal(p) {
            fans.add(Fan::PungOfTerminalsOrHonors);
        }
    }
    if (chows.len() == 4 || (knitted && chows.len() == 1)) && !honor(pair) {
        fans.add(Fan::AllChows);
    }
    if !knitted {
        // Combinations of chows (with 双龙会 as a combination of all four) and of pungs.
        let mut cands: Vec<(Vec<usize>, Fan)> = subsets(chows.len())
            .into_iter()
            .filter_map(|g| {
                chow_group(&g.iter().map(|&i| chows[i]).collect::<Vec<_>>()).map(|f| (g, f))
            })
            .collect();
        if chows.len() == 4 && !honor(pair) && num(pair) == 5 {
            let lo: Vec<usize> = chows
                .iter()
                .filter(|&&c| num(c) == 1)
                .map(|&c| suit(c))
                .collect();
            let hi: Vec<usize> = chows
                .iter()
                .filter(|&&c| num(c) == 7)
                .map(|&c| suit(c))
                .collect();
            let ps = suit(pair);
            if lo.len() == 2 && hi.len() == 2 {
                let mut l = lo.clone();
                l.sort();
                let mut h = hi.clone();
                h.sort();
                if l == [ps, ps] && h == [ps, ps] {
                    cands.push((vec![0, 1, 2, 3], Fan::PureTerminalChows));
                } else if l == h && l[0] != l[1] && !l.contains(&ps) {
                    cands.push((vec![0, 1, 2, 3], Fan::ThreeSuitedTerminalChows));
                }
            }
        }
        let chow_choices = admissible_combinations(&cands, chows.len());
        let pcands: Vec<(Vec<usize>, Fan)> = subsets(pungs.len())
            .into_iter()
            .filter_map(|g| {
                pung_group(&g.iter().map(|&i| pungs[i]).collect::<Vec<_>>()).map(|f| (g, f))
            })
            .collect();
        let pung_choices = admissible_combinations(&pcands, pungs.len());
        for c in &chow_choices {
            for p in &pung_choices {
                let mut v = FanCounts::default();
                for &fan in c.iter().chain(p) {
                    v.add(fan);
                }
                variants.push(v);
            }
        }
        if pungs.iter().filter(|&&t| dragon(t)).count() == 2 && dragon(pair) {
            fans.add(Fan::LittleThreeDragons);
        }
        if winds == 3 && wind(pair) {
            fans.add(Fan::LittleFourWinds);
        }
        let set_tiles = |s: &S| -> Vec<usize> {
            match s.k {
                K::Chow => vec![s.t, s.t + 1, s.t + 2],
                _ => vec![s.t],
            }
        };
        if sets
            .iter()
            .all(|s| set_tiles(s).iter().any(|&t| terminal(t) || honor(t)))
        {
            fans.add(Fan::OutsideHand);
        } else if sets
            .iter()
            .all(|s| set_tiles(s).iter().any(|&t| !honor(t) && num(t) == 5))
        {
            fans.add(Fan::AllFive);
        } else if sets
            .iter()
            .all(|s| s.k != K::Chow && !honor(s.t) && num(s.t).is_multiple_of(2))
        {
            fans.add(Fan::AllEvenPungs);
        }
    }
    let fours = f.all.iter().filter(|&&n| n == 4).count();
    for _ in 0..fours - kongs.min(fours) {
        fans.add(Fan::TileHog);
    }
    let wait_of = |sets: &[S]| {
        let edge = sets
            .iter()
            .any(|s| !s.declared && in_chow(s, f.win) && f.win != s.t + 1);
        let closed = sets
            .iter()
            .any(|s| !s.declared && in_chow(s, f.win) && f.win == s.t + 1);
        let single = sets
            .iter()
            .any(|s| !s.declared && s.k == K::Pair && s.t == f.win);
        if edge {
            Some(Fan::EdgeWait)
        } else if closed {
            Some(Fan::ClosedWait)
        } else if single {
            Some(Fan::SingleWait)
        } else {
            None
        }
    };
    if let Form::KnittedStraight(k) = form {
        if f.melds == 0 {
            let mut rest = f.conc;
            for &t in k {
                rest[t] -= 1;
            }
            if rest[f.win] > 0 {
                rest[f.win] -= 1;
                let waits = (0..34)
                    .filter(|&t| {
                        let mut r = rest;
                        r[t] += 1;
                        complete(&r, 1, false)
                    })
                    .count();
                if waits == 1
                    && let Some(w) = wait_of(sets)
                {
                    fans.add(w);
                }
            }
        } else if !k.contains(&f.win) || f.conc[f.win] == 3 {
            fans.add(Fan::SingleWait);
        }
    } else if f.unique
        && let Some(w) = wait_of(sets)
    {
        fans.add(w);
    }
    if variants.is_empty() {
        variants.push(FanCounts::default());
    }
    variants
        .into_iter()
        .map(|v| {
            let mut all = *fans;
            for (fan, n) in v.iter() {
                for _ in 0..n {
                    all.add(fan);
                }
            }
            all
        })
        .collect()
}

fn score_reading(form: &Form, sets: &[S], f: &Facts) -> FanCounts {
    let mut fans = FanCounts::default();
    if *form == Form::NineGates {
        context(f, &mut fans);
        fans.apply_exclusions(|_, _| {});
        fans.add(Fan::NineGates);
        match num(f.win) {
            1 | 9 => {
                fans.add(Fan::PureStraight);
                fans.add(Fan::TileHog)
            }
            2 | 8 => {
                fans.add(Fan::TwoConcealedPungs);
                fans.add(Fan::ShortStraight);
                fans.add(Fan::PungOfTerminalsOrHonors)
            }
            5 => {
                fans.add(Fan::TwoConcealedPungs);
                fans.add(Fan::PungOfTerminalsOrHonors)
            }
            _ => fans.add(Fan::ShortStraight),
        }
        return fans;
    }
    context(f, &mut fans);
    tiles_fans(&f.all, &mut fans);
    if f.open_melds == 0 {
        fans.add(if f.self_drawn {
            Fan::FullyConcealedHand
        } else {
            Fan::ConcealedHand
        });
    } else if f.open_melds == 4 && !f.self_drawn {
        fans.add(Fan::MeldedHand);
    }
    match form {
        Form::SevenPairs => {
            fans.add(Fan::SevenPairs);
            let shifted =
                (0..3).any(|s| (0..3).any(|start| (0..7).all(|k| f.conc[s * 9 + start + k] == 2)));
            if shifted {
                fans.add(Fan::SevenShiftedPairs);
            }
            for _ in 0..f.all.iter().filter(|&&n| n == 4).count() {
                fans.add(Fan::TileHog);
            }
        }
        Form::Orphans => fans.add(Fan::ThirteenOrphans),
        Form::HonorsKnitted => {
            let honors = (27..34).filter(|&t| f.all[t] > 0).count();
            if honors == 7 {
                fans.add(Fan::GreaterHonorsAndKnittedTiles);
            } else {
                fans.add(Fan::LesserHonorsAndKnittedTiles);
                if honors == 5 {
                    fans.add(Fan::KnittedStraight);
                }
            }
        }
        _ => {
            return score_sets(form, sets, f, &mut fans)
                .into_iter()
                .map(finish)
                .max_by_key(|v| v.points())
                .unwrap();
        }
    }
    finish(fans)
}

fn finish(mut fans: FanCounts) -> FanCounts {
    fans.apply_exclusions(|_, _| {});
    if fans.iter().next().is_none() {
        fans.add(Fan::ChickenHand);
    }
    fans
}

/// The reference's best score without flowers, or `None` when the hand is not complete. Assumes
/// a well-formed input (the fast path's validation is tested on its own).
pub fn reference_points(win: &GuobiaoWin) -> Option<u32> {
    reference_fans(win).map(|f| f.points())
}

/// The reference's best reading's fans (flowers aside).
pub fn reference_fans(win: &GuobiaoWin) -> Option<FanCounts> {
    let mut conc = [0u8; 34];
    for t in &win.concealed {
        conc[t.index()] += 1;
    }
    let mut all = conc;
    let mut declared = Vec::new();
    for m in &win.melds {
        for t in m.tiles() {
            all[t.index()] += 1;
        }
        let k = match m.kind {
            MeldKind::Chi => K::Chow,
            MeldKind::Pon => K::Pung,
            MeldKind::Kan => K::Kong,
        };
        declared.push(S {
            k,
            t: m.tile.index(),
            open: !m.concealed,
            declared: true,
        });
    }
    let w = win.winning_tile.index();
    let melds = win.melds.len();
    let closed = melds == 0;
    let mut standing = conc;
    standing[w] -= 1;
    let unique = (0..34)
        .filter(|&t| {
            let mut c = standing;
            c[t] += 1;
            complete(&c, 4 - melds, closed)
        })
        .count()
        == 1;
    let wind_index = |x: Wind| 27 + x as usize;
    let f = Facts {
        all,
        conc,
        win: w,
        self_drawn: win.self_drawn,
        wall: win.last_tile_of_wall,
        kong: win.kong_win,
        rob: win.robbing_kong,
        last_kind: (win.last_tile_of_kind
            || win
                .melds
                .iter()
                .flat_map(|m| m.tiles())
                .filter(|t| t.index() == w)
                .count()
                == 3)
            && conc[w] == 1,
        seat: wind_index(win.seat_wind),
        round: wind_index(win.round_wind),
        open_melds: win.melds.iter().filter(|m| !m.concealed).count(),
        melds,
        unique,
    };
    let mut readings: Vec<(Form, Vec<S>)> = Vec::new();
    // Forms that exclude the others when they apply (only one of them can).
    if closed {
        let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        if (0..34).all(|t| conc[t] == 0 || orphans.contains(&t))
            && orphans.iter().all(|&t| conc[t] > 0)
        {
            readings.push((Form::Orphans, vec![]));
        }
        let numbered: Vec<usize> = (0..27).filter(|&t| conc[t] > 0).collect();
        if conc.iter().all(|&n| n <= 1)
            && (7..=9).contains(&numbered.len())
            && KNITTED
                .iter()
                .any(|&p| numbered.iter().all(|t| knitted(p).contains(t)))
        {
            readings.push((Form::HonorsKnitted, vec![]));
        }
        for s in 0..3 {
            let want = [3, 1, 1, 1, 1, 1, 1, 1, 3];
            if (0..34).all(|t| {
                if t / 9 == s && t < 27 {
                    standing[t] == want[t % 9]
                } else {
                    standing[t] == 0
                }
            }) {
                readings.push((Form::NineGates, vec![]));
            }
        }
    }
    if readings.is_empty() && melds <= 1 {
        for p in KNITTED {
            let k = knitted(p);
            if k.iter().all(|&t| conc[t] > 0) {
                let mut rest = conc;
                for &t in &k {
                    rest[t] -= 1;
                }
                if let Some(d) = decompositions(&rest, 1 - melds).into_iter().next() {
                    let mut sets = declared.clone();
                    sets.extend(d);
                    readings.push((Form::KnittedStraight(k), sets));
                    break;
                }
            }
        }
    }
    if readings.is_empty() {
        if closed && seven_pairs(&conc) {
            readings.push((Form::SevenPairs, vec![]));
        }
        for d in decompositions(&conc, 4 - melds) {
            let mut sets = declared.clone();
            sets.extend(d);
            readings.push((Form::Standard, sets));
        }
    }
    readings
        .iter()
        .map(|(form, sets)| score_reading(form, sets, &f))
        .max_by_key(|fans| fans.points())
}
