//! Whole Dou Dizhu games: a random-game generator plays full games by choosing random legal
//! actions from `GameState::next_actions` (the NextActions core), for every preset, three and
//! four players, with and without laizi, under both bidding schemes and random flow options.
//! Every generated game must be accepted by `adjudicate`, finish (or be a redeal), and settle
//! zero-sum, agreeing with slow references of the bidding's outcome, of the play phase (turns,
//! hands, winner, plays made, bombs) and of the settlement; the same game rewritten to start from
//! its known landlord (the bidding's entries dropped, the bid multiple they set given) must settle
//! exactly alike; corrupting one action at random must make `adjudicate` report exactly that
//! action. Then named tests for spring, anti-spring, the
//! bidding edges, and the hand-worked scoring table of the book (docs/src/guide/games.md).
//!
//! Case count: `CARDRULES_PROPTEST_CASES` games per configuration (default 200 for natural
//! games; laizi games list every sub-multiset of a hand, so they get a tenth of it, at least 4).
//! Four-player laizi hands (up to 33 cards, 8+ wildcards) are too large to list by
//! sub-multisets while large: there the generator lists plays with NextActions once the hand's
//! listing work (`wild_listing_work`) is at most 20,000 sets, and before that takes its candidates
//! from the natural listing of the same hand and keeps the first the game accepts.

use cardrules::cards::Card;
use cardrules::deal::WildcardDraw;
use cardrules::doudizhu::game::{
    ActionList, AllPass, BidAction, BidError, BiddingScheme, FinishedGame, Flow, GameDeal,
    GameRecord, GameState, KnownLandlord, NextActions, Phase, PlayedBomb, RecordedPlay, Scoring,
    ViolationKind, adjudicate, replay, settle,
};
use cardrules::doudizhu::{
    BombKind, CardList, IllegalReason, Preset, Table, Variant, list_plays, wild_listing_work,
};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

fn cases() -> usize {
    std::env::var("CARDRULES_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

fn card_list(cards: &[Card], game: Variant) -> CardList {
    let texts: Vec<String> = cards.iter().map(ToString::to_string).collect();
    CardList::parse(&texts, game).unwrap()
}

fn random_flow(rng: &mut StdRng, players: usize) -> Flow {
    Flow {
        scheme: if rng.random() {
            BiddingScheme::Points
        } else {
            BiddingScheme::CallAndGrab
        },
        all_pass: if rng.random() {
            AllPass::Redeal
        } else {
            AllPass::ForcedLandlord
        },
        first_bidder: rng.random_bool(0.5).then(|| rng.random_range(0..players)),
        show_hand: rng.random(),
        doubling: rng.random(),
        scoring: Scoring {
            base: rng.random_range(1..=5),
            rocket: rng.random_range(1..=4),
            hard_bomb: rng.random_range(1..=4),
            soft_bomb: rng.random_range(1..=4),
            pure_bomb: rng.random_range(1..=4),
            spring: rng.random_range(1..=4),
            show_hand: rng.random_range(1..=4),
            doubling: rng.random_range(1..=4),
            multiple_cap: rng.random_bool(0.3).then(|| rng.random_range(1..=64)),
            score_cap: rng.random_bool(0.3).then(|| rng.random_range(1..=100)),
        },
    }
}

/// The laizi listing bound of the generator for four-player hands (see the module comment).
const FOUR_PLAYER_WILD_LISTING: u64 = 20_000;

/// Plays one game to its end with random legal actions, recording them.
fn random_game(rng: &mut StdRng, table: Table, flow: Flow, deal: GameDeal) -> GameRecord {
    let game = table.game();
    let mut record = GameRecord {
        table,
        flow,
        deal,
        known_landlord: None,
        bids: Vec::new(),
        plays: Vec::new(),
    };
    let mut state = GameState::new(&record);
    while let Some(seat) = state.to_act() {
        let natural_fallback = game == Variant::FourPlayer
            && state.phase() == Phase::Play
            && wild_listing_work(&table, state.hand(seat).counts()) > FOUR_PLAYER_WILD_LISTING;
        let actions = if natural_fallback {
            natural_candidates(&state, seat)
        } else {
            state.next_actions(usize::MAX)
        };
        match actions {
            NextActions::Bids(bids) => {
                // Pass a little more rarely, so that most games get a landlord.
                let action = if bids.len() > 1 && rng.random_bool(0.7) {
                    *bids[1..].choose(rng).unwrap()
                } else {
                    *bids.choose(rng).unwrap()
                };
                state.apply_bid(seat, action).unwrap();
                record.bids.push((seat, action));
            }
            NextActions::Plays {
                plays, may_pass, ..
            } => {
                let cards = if plays.is_empty() || (may_pass && rng.random_bool(0.3)) {
                    assert!(may_pass, "a leader always has a play");
                    CardList::parse::<&str>(&[], game).unwrap()
                } else {
                    let play = plays.choose(rng).unwrap();
                    card_list(&state.hand(seat).name(&play.cards), game)
                };
                let index = record.plays.len();
                if natural_fallback && state.clone().apply_play(index, seat, &cards, None).is_err()
                {
                    // A natural play that is not legal under the laizi rules: pass or lead the
                    // lowest single instead.
                    let lowest = state.hand(seat).cards()[0];
                    let fallback = if may_pass {
                        CardList::parse::<&str>(&[], game).unwrap()
                    } else {
                        card_list(&[lowest], game)
                    };
                    state.apply_play(index, seat, &fallback, None).unwrap();
                    record.plays.push(RecordedPlay::new(seat, fallback));
                    continue;
                }
                state.apply_play(index, seat, &cards, None).unwrap();
                record.plays.push(RecordedPlay::new(seat, cards));
            }
            NextActions::None => unreachable!("a seat is to act"),
        }
    }
    record
}

/// Four-player laizi hands too large to list: the natural listing's plays as candidates.
fn natural_candidates(state: &GameState, seat: usize) -> NextActions {
    let natural = Table::preset(Preset::Standard, Variant::FourPlayer);
    let hand = CardList::from_counts(*state.hand(seat).counts(), Variant::FourPlayer).unwrap();
    let may_pass = state.to_beat().is_some();
    let plays = if may_pass {
        // Responding: only bombs and the rocket of the natural listing, or a pass.
        list_plays(
            &natural,
            &hand,
            None,
            Some(cardrules::doudizhu::ComboKind::Bomb),
            Some(4),
        )
    } else {
        list_plays(&natural, &hand, None, None, Some(200))
    };
    NextActions::Plays {
        plays,
        truncated: false,
        may_pass,
    }
}

/// The slow reference settlement: the formula of the proto written out directly.
fn reference_scores(record: &GameRecord, state: &GameState) -> Vec<i64> {
    let scoring = record.flow.scoring;
    let players = state.players();
    let landlord = state.landlord().unwrap();
    let winner = state.winner().unwrap();
    let landlord_won = winner == landlord;
    let made = state.plays_made();
    let farmers_made: u32 = (0..players)
        .filter(|&s| s != landlord)
        .map(|s| made[s])
        .sum();
    let spring = (landlord_won && farmers_made == 0) || (!landlord_won && made[landlord] == 1);
    let mut multiple: u128 = if state.grabs() > 0 {
        1 << state.grabs()
    } else {
        state.bid() as u128
    };
    for bomb in state.bombs() {
        multiple *= scoring.bomb_factor(bomb) as u128;
    }
    if spring {
        multiple *= scoring.spring as u128;
    }
    if state.shown() {
        multiple *= scoring.show_hand as u128;
    }
    let double = |seat: usize| {
        if state.doubled()[seat] {
            scoring.doubling as u128
        } else {
            1
        }
    };
    let mut scores = vec![0i64; players];
    for farmer in (0..players).filter(|&s| s != landlord) {
        let mut m = multiple * double(farmer) * double(landlord);
        if let Some(cap) = scoring.multiple_cap {
            m = m.min(cap as u128);
        }
        let mut amount = (scoring.base as u128 * m).min(1_000_000_000_000_000);
        if let Some(cap) = scoring.score_cap {
            amount = amount.min(cap as u128);
        }
        let amount = amount as i64;
        let sign = if landlord_won { 1 } else { -1 };
        scores[landlord] += sign * amount;
        scores[farmer] -= sign * amount;
    }
    scores
}

/// The slow reference of the bidding's outcome, from the whole (legal) bid list at once: under
/// 叫分 the landlord bid 3 or else bid the most; under call and grab it is the last seat that
/// grabbed, else the caller, and the grabs are counted; nobody bid or called: the forced first
/// bidder at 1, or a redeal. Returns (landlord, bid, grabs).
fn reference_bidding(record: &GameRecord, first: usize) -> Option<(usize, u8, u8)> {
    let bids = &record.bids;
    let (landlord, bid, grabs) = match record.flow.scheme {
        BiddingScheme::Points => {
            let best = bids
                .iter()
                .filter_map(|&(seat, a)| match a {
                    BidAction::Bid(points) => Some((points, seat)),
                    _ => None,
                })
                .max();
            match best {
                Some((points, seat)) => (Some(seat), points, 0),
                None => (None, 0, 0),
            }
        }
        BiddingScheme::CallAndGrab => {
            let caller = bids
                .iter()
                .find(|(_, a)| *a == BidAction::Call)
                .map(|b| b.0);
            let grabs: Vec<usize> = bids
                .iter()
                .filter(|(_, a)| *a == BidAction::Grab)
                .map(|b| b.0)
                .collect();
            (grabs.last().copied().or(caller), 1, grabs.len() as u8)
        }
    };
    match (landlord, record.flow.all_pass) {
        (Some(seat), _) => Some((seat, bid, grabs)),
        (None, AllPass::ForcedLandlord) => Some((first, 1, 0)),
        (None, AllPass::Redeal) => None,
    }
}

/// `record` (legal, with a landlord) rewritten to start from its known landlord: the bidding's
/// entries are the bid list without its last ones, one show-or-pass when the flow shows and one
/// per seat when it doubles; the bid multiple is the winning bid, or 2^grabs.
fn known_landlord_record(record: &GameRecord, landlord: usize, bid: u8, grabs: u8) -> GameRecord {
    let players = record.table.game().players();
    let after_bidding =
        usize::from(record.flow.show_hand) + if record.flow.doubling { players } else { 0 };
    let bidding = record.bids.len() - after_bidding;
    let bid_multiple = if grabs > 0 {
        1u32 << grabs
    } else {
        u32::from(bid)
    };
    GameRecord {
        known_landlord: Some(KnownLandlord {
            seat: landlord,
            bid_multiple,
        }),
        bids: record.bids[bidding..].to_vec(),
        ..record.clone()
    }
}

/// The slow reference of the play phase of a (legal) record: hands as rank counts, the landlord
/// leading, a trick ending when everyone else passed. Returns (winner, plays made per seat,
/// bombs and rockets played).
fn reference_play(record: &GameRecord, landlord: usize) -> (usize, Vec<u32>, usize) {
    let players = record.table.game().players();
    let mut hands: Vec<cardrules::cards::RankCounts> = (0..players)
        .map(|seat| {
            cardrules::cards::RankCounts::from_ranks(record.deal.hand(seat).iter().map(|c| c.rank))
        })
        .collect();
    for card in record.deal.kitty() {
        hands[landlord].0[card.rank.index()] += 1;
    }
    let mut made = vec![0u32; players];
    let mut bombs = 0;
    let mut previous: Option<(usize, cardrules::doudizhu::Combo)> = None;
    let mut seat = landlord;
    for play in &record.plays {
        assert_eq!(play.seat, seat, "turns go round from the landlord");
        if let Some((last, _)) = previous
            && last == seat
        {
            previous = None;
        }
        if !play.cards.is_empty() {
            assert!(play.cards.counts().is_subset_of(&hands[seat]));
            let verdict = cardrules::doudizhu::validate_play(
                &record.table,
                &cardrules::doudizhu::Situation {
                    previous: previous.as_ref().map(|(_, c)| c),
                    ..cardrules::doudizhu::Situation::lead(&play.cards)
                },
            );
            let chosen = verdict.chosen.expect("a legal play");
            if chosen.kind.is_bomb_or_rocket() {
                bombs += 1;
            }
            for (count, played) in hands[seat].0.iter_mut().zip(play.cards.counts().0) {
                *count -= played;
            }
            made[seat] += 1;
            previous = Some((seat, chosen));
            if hands[seat].is_empty() {
                return (seat, made, bombs);
            }
        }
        seat = (seat + 1) % players;
    }
    panic!("the game did not finish");
}

/// Corrupts action `pick` (counting the bid list first, then the plays) so that it is illegal
/// right where it stands; returns the list and index to expect.
fn corrupt(rng: &mut StdRng, record: &mut GameRecord, pick: usize) -> (ActionList, usize) {
    let game = record.table.game();
    let players = game.players();
    // The state just before the action.
    let mut prefix = record.clone();
    if pick < record.bids.len() {
        prefix.bids.truncate(pick);
        prefix.plays.clear();
        let state = replay(&prefix).state;
        let seat = state.to_act().unwrap();
        let NextActions::Bids(legal) = state.next_actions(0) else {
            unreachable!("a bid point")
        };
        let illegal: Vec<BidAction> = [
            BidAction::Pass,
            BidAction::Bid(1),
            BidAction::Bid(2),
            BidAction::Bid(3),
            BidAction::Call,
            BidAction::Grab,
            BidAction::ShowHand,
            BidAction::Double,
        ]
        .into_iter()
        .filter(|a| !legal.contains(a))
        .collect();
        if rng.random() || illegal.is_empty() {
            let other = (seat + rng.random_range(1..players)) % players;
            record.bids[pick].0 = other;
        } else {
            record.bids[pick].1 = *illegal.choose(rng).unwrap();
        }
        return (ActionList::Bids, pick);
    }
    let index = pick - record.bids.len();
    prefix.plays.truncate(index);
    let state = replay(&prefix).state;
    let seat = state.to_act().unwrap();
    match rng.random_range(0..3) {
        0 => {
            record.plays[index].seat = (seat + rng.random_range(1..players)) % players;
        }
        1 => {
            // Cards of another seat: more than this hand holds of them (rank-only), or a
            // physical card this hand lacks (suited; with two decks it may hold the twin).
            let other = (seat + rng.random_range(1..players)) % players;
            let theirs = state.hand(other).cards();
            let card = theirs[rng.random_range(0..theirs.len())];
            let cards = if record.deal.is_suited() {
                vec![card]
            } else {
                let held = state.hand(seat).counts().get(card.rank) as usize;
                vec![Card::rank_only(card.rank); held + 1]
            };
            let cards = card_list(&cards, game);
            let in_hand = state.hand(seat).missing(&cards).is_none();
            if in_hand {
                record.plays[index].seat = (seat + 1) % players;
            } else {
                record.plays[index].cards = cards;
            }
        }
        _ => {
            // Leading: a pass (the leader must play); responding: out of turn.
            if state.to_beat().is_none() {
                record.plays[index].cards = CardList::parse::<&str>(&[], game).unwrap();
            } else {
                record.plays[index].seat = (seat + 1) % players;
            }
        }
    }
    (ActionList::Plays, index)
}

fn run_games(game: Variant, laizi: bool, seed: u64, count: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let players = game.players();
    let mut finished = 0;
    for case in 0..count {
        let preset = [Preset::Standard, Preset::Strict, Preset::Permissive][case % 3];
        let draw = if !laizi {
            WildcardDraw::None
        } else if rng.random() {
            WildcardDraw::One
        } else {
            WildcardDraw::Two
        };
        let deal = GameDeal::seeded(game, rng.random(), draw);
        let table = Table::preset(preset, game)
            .with_wild_ranks(deal.wild_ranks())
            .unwrap();
        let flow = random_flow(&mut rng, players);
        let record = random_game(&mut rng, table, flow, deal);
        let judged = adjudicate(&record);
        assert_eq!(judged.violation, None, "case {case}: {record:?}");
        match judged.state.phase() {
            Phase::Redeal => {
                assert!(record.plays.is_empty());
                assert_eq!(
                    reference_bidding(&record, judged.state.first_bidder()),
                    None
                );
            }
            Phase::Finished => {
                finished += 1;
                let first = judged.state.first_bidder();
                let (landlord, bid, grabs) = reference_bidding(&record, first).expect("a landlord");
                assert_eq!(
                    (
                        judged.state.landlord(),
                        judged.state.bid(),
                        judged.state.grabs()
                    ),
                    (Some(landlord), u32::from(bid), grabs),
                    "case {case}"
                );
                let (winner, made, bombs) = reference_play(&record, landlord);
                assert_eq!(judged.state.winner(), Some(winner), "case {case}");
                assert_eq!(judged.state.plays_made(), made, "case {case}");
                assert_eq!(judged.state.bombs().len(), bombs, "case {case}");
                let settlement = judged.settlement.clone().expect("settled");
                assert_eq!(settlement.scores.iter().sum::<i64>(), 0, "zero-sum");
                assert_eq!(
                    settlement.scores,
                    reference_scores(&record, &judged.state),
                    "case {case}"
                );
                assert_eq!(
                    settlement.bombs.len(),
                    judged.state.bombs().len(),
                    "case {case}"
                );
                // The same game from a known landlord: the bidding's entries dropped, its bid
                // multiple given. It must be judged and settled exactly the same.
                let known = known_landlord_record(&record, landlord, bid, grabs);
                let from_known = adjudicate(&known);
                assert_eq!(from_known.violation, None, "case {case}");
                assert_eq!(from_known.settlement, Some(settlement), "case {case}");
                assert_eq!(from_known.state.phase(), Phase::Finished);
                for seat in 0..players {
                    assert_eq!(
                        from_known.state.hand(seat),
                        judged.state.hand(seat),
                        "case {case}"
                    );
                }
                assert_eq!(from_known.state.plays_made(), made, "case {case}");
                assert_eq!(from_known.state.grabs(), 0, "case {case}");
            }
            phase => panic!("case {case}: the generator stopped in {phase:?}"),
        }
        // One action corrupted: exactly that one is reported.
        let total = record.bids.len() + record.plays.len();
        let mut corrupted = record.clone();
        let pick = rng.random_range(0..total);
        let (list, index) = corrupt(&mut rng, &mut corrupted, pick);
        let violation = adjudicate(&corrupted)
            .violation
            .unwrap_or_else(|| panic!("case {case}: corrupting {list:?}[{index}] went unnoticed"));
        assert_eq!(
            (violation.list, violation.index),
            (list, index),
            "case {case}: {violation}"
        );
    }
    assert!(
        finished * 2 >= count,
        "most games finish: {finished} of {count}"
    );
}

#[test]
fn random_three_player_games_are_accepted_settled_and_corruptions_found() {
    run_games(Variant::ThreePlayer, false, 1, cases());
}

#[test]
fn random_four_player_games_are_accepted_settled_and_corruptions_found() {
    run_games(Variant::FourPlayer, false, 2, cases());
}

#[test]
fn random_three_player_laizi_games_are_accepted_settled_and_corruptions_found() {
    run_games(Variant::ThreePlayer, true, 3, (cases() / 10).max(4));
}

#[test]
fn random_four_player_laizi_games_are_accepted_settled_and_corruptions_found() {
    run_games(Variant::FourPlayer, true, 4, (cases() / 10).max(4));
}

// ---- Named games on an explicit rank-only deal ----
//
// Seat 0: 3333 4444 5555 6666 7, kitty 777; seat 1: 8888 9999 10101010 JJJJ Q;
// seat 2: QQQ KKKK AAAA 2222 BJ RJ.

fn ranks(text: &str) -> CardList {
    let texts: Vec<&str> = text.split_whitespace().collect();
    CardList::parse(&texts, Variant::ThreePlayer).unwrap()
}

fn named_deal() -> GameDeal {
    GameDeal::explicit(
        Variant::ThreePlayer,
        &[
            ranks("3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 7"),
            ranks("8 8 8 8 9 9 9 9 10 10 10 10 J J J J Q"),
            ranks("Q Q Q K K K K A A A A 2 2 2 2 BJ RJ"),
        ],
        &ranks("7 7 7"),
    )
    .unwrap()
}

fn named_record(flow: Flow, bids: &[(usize, BidAction)], plays: &[(usize, &str)]) -> GameRecord {
    GameRecord {
        table: Table::STANDARD,
        flow,
        deal: named_deal(),
        known_landlord: None,
        bids: bids.to_vec(),
        plays: plays
            .iter()
            .map(|&(seat, cards)| RecordedPlay::new(seat, ranks(cards)))
            .collect(),
    }
}

/// The landlord (seat 0) plays its five bombs; the farmers pass each time.
const LANDLORD_BOMBS: [(usize, &str); 13] = [
    (0, "3 3 3 3"),
    (1, ""),
    (2, ""),
    (0, "4 4 4 4"),
    (1, ""),
    (2, ""),
    (0, "5 5 5 5"),
    (1, ""),
    (2, ""),
    (0, "6 6 6 6"),
    (1, ""),
    (2, ""),
    (0, "7 7 7 7"),
];

#[test]
fn spring_landlord_wins_and_no_farmer_played() {
    let record = named_record(Flow::default(), &[(0, BidAction::Bid(3))], &LANDLORD_BOMBS);
    let judged = adjudicate(&record);
    assert_eq!(judged.violation, None);
    let s = judged.settlement.unwrap();
    assert!(s.landlord_won && s.spring && !s.anti_spring);
    assert_eq!(s.bombs.len(), 5);
    assert!(
        s.bombs
            .iter()
            .all(|b| !b.rocket && b.kind == BombKind::Hard)
    );
    // 3 × 2^5 × 2 (spring) = 192 per farmer.
    assert_eq!(
        (s.bid_multiple, s.bomb_multiple, s.spring_multiple),
        (3, 32, 2)
    );
    assert_eq!(s.scores, [384, -192, -192]);
}

#[test]
fn anti_spring_landlord_made_only_its_opening_play() {
    let plays = [
        (0, "3"),
        (1, "Q"),
        (2, ""),
        (0, ""),
        (1, "8 8 8 8"),
        (2, ""),
        (0, ""),
        (1, "9 9 9 9"),
        (2, ""),
        (0, ""),
        (1, "10 10 10 10"),
        (2, ""),
        (0, ""),
        (1, "J J J J"),
    ];
    let record = named_record(Flow::default(), &[(0, BidAction::Bid(3))], &plays);
    let s = adjudicate(&record).settlement.unwrap();
    assert!(!s.landlord_won && s.anti_spring && !s.spring);
    assert_eq!(s.winner, 1);
    // 3 × 2^4 × 2 (anti-spring) = 96 per farmer.
    assert_eq!(s.scores, [-192, 96, 96]);

    // Seat 1 never held a K: the record is illegal at plays[1], with what the hand lacks.
    let record = named_record(
        Flow::default(),
        &[(0, BidAction::Bid(3))],
        &[(0, "3"), (1, "K")],
    );
    let v = adjudicate(&record).violation.unwrap();
    assert_eq!((v.list, v.index, v.seat), (ActionList::Plays, 1, 1));
    assert_eq!(v.kind, ViolationKind::Play(IllegalReason::NotInHand));
    assert_eq!(
        v.missing.unwrap().to_string(),
        "the play has 1 × K but the hand holds 0"
    );
}

#[test]
fn all_pass_redeals_under_the_default() {
    let passes = [
        (0, BidAction::Pass),
        (1, BidAction::Pass),
        (2, BidAction::Pass),
    ];
    let record = named_record(Flow::default(), &passes, &[]);
    let judged = adjudicate(&record);
    assert_eq!(judged.state.phase(), Phase::Redeal);
    assert_eq!(judged.state.to_act(), None);
    assert_eq!(judged.settlement, None);
    // Nothing may follow a redeal.
    let record = named_record(Flow::default(), &passes, &[(0, "3")]);
    let v = adjudicate(&record).violation.unwrap();
    assert_eq!(
        (v.list, v.index, v.kind),
        (ActionList::Plays, 0, ViolationKind::GameOver)
    );
    let mut more = passes.to_vec();
    more.push((0, BidAction::Bid(1)));
    let v = adjudicate(&named_record(Flow::default(), &more, &[]))
        .violation
        .unwrap();
    assert_eq!(
        (v.list, v.index, v.kind),
        (ActionList::Bids, 3, ViolationKind::BiddingOver)
    );
}

#[test]
fn all_pass_forces_the_first_bidder_when_asked() {
    let flow = Flow {
        all_pass: AllPass::ForcedLandlord,
        first_bidder: Some(0),
        ..Flow::default()
    };
    let passes = [
        (0, BidAction::Pass),
        (1, BidAction::Pass),
        (2, BidAction::Pass),
    ];
    let record = named_record(flow, &passes, &LANDLORD_BOMBS);
    let s = adjudicate(&record).settlement.unwrap();
    assert_eq!((s.landlord, s.bid_multiple), (0, 1));
    // 1 × 32 × 2 = 64 per farmer.
    assert_eq!(s.scores, [128, -64, -64]);
    // Under call and grab too: the first bidder, no grab.
    let flow = Flow {
        scheme: BiddingScheme::CallAndGrab,
        ..flow
    };
    let s = adjudicate(&named_record(flow, &passes, &LANDLORD_BOMBS))
        .settlement
        .unwrap();
    assert_eq!((s.landlord, s.bid_multiple), (0, 1));
}

#[test]
fn each_grab_doubles_and_the_caller_grabs_last() {
    let flow = Flow {
        scheme: BiddingScheme::CallAndGrab,
        first_bidder: Some(0),
        ..Flow::default()
    };
    let bids = [
        (0, BidAction::Call),
        (1, BidAction::Grab),
        (2, BidAction::Grab),
        (0, BidAction::Grab),
    ];
    let s = adjudicate(&named_record(flow, &bids, &LANDLORD_BOMBS))
        .settlement
        .unwrap();
    assert_eq!((s.landlord, s.bid_multiple), (0, 8));
    // 8 × 32 × 2 = 512 per farmer.
    assert_eq!(s.scores, [1024, -512, -512]);
    // Seat 0 declines the call: it may not grab, the caller (1) gets the last chance.
    let bids = [
        (0, BidAction::Pass),
        (1, BidAction::Call),
        (0, BidAction::Grab),
    ];
    let v = adjudicate(&named_record(flow, &bids, &[]))
        .violation
        .unwrap();
    assert_eq!(
        (v.index, v.kind),
        (2, ViolationKind::OutOfTurn { expected: 2 })
    );
    let bids = [
        (0, BidAction::Pass),
        (1, BidAction::Call),
        (2, BidAction::Grab),
    ];
    let state = adjudicate(&named_record(flow, &bids, &[])).state;
    assert_eq!((state.phase(), state.to_act()), (Phase::Bidding, Some(1)));
    // Points bids are not offered under call and grab, nor grabs before a call.
    let v = adjudicate(&named_record(flow, &[(0, BidAction::Bid(1))], &[]))
        .violation
        .unwrap();
    assert_eq!(v.kind, ViolationKind::Bid(BidError::NotOffered));
    let v = adjudicate(&named_record(flow, &[(0, BidAction::Grab)], &[]))
        .violation
        .unwrap();
    assert_eq!(v.kind, ViolationKind::Bid(BidError::NotOffered));
}

#[test]
fn points_bids_must_rise_and_plays_wait_for_the_bidding() {
    let flow = Flow {
        first_bidder: Some(1),
        ..Flow::default()
    };
    let v = adjudicate(&named_record(
        flow,
        &[(1, BidAction::Bid(2)), (2, BidAction::Bid(2))],
        &[],
    ))
    .violation
    .unwrap();
    assert_eq!(
        (v.index, v.kind),
        (1, ViolationKind::Bid(BidError::NotHigher))
    );
    let v = adjudicate(&named_record(flow, &[(0, BidAction::Bid(1))], &[]))
        .violation
        .unwrap();
    assert_eq!(v.kind, ViolationKind::OutOfTurn { expected: 1 });
    let v = adjudicate(&named_record(flow, &[(1, BidAction::Bid(1))], &[(1, "8")]))
        .violation
        .unwrap();
    assert_eq!(
        (v.list, v.kind),
        (ActionList::Plays, ViolationKind::BiddingUnfinished)
    );
    // Bid 1, 2, pass: seat 2 is the landlord at 2 and leads with the kitty.
    let state = adjudicate(&named_record(
        flow,
        &[
            (1, BidAction::Bid(1)),
            (2, BidAction::Bid(2)),
            (0, BidAction::Pass),
        ],
        &[],
    ))
    .state;
    assert_eq!(
        (state.landlord(), state.bid(), state.to_act()),
        (Some(2), 2, Some(2))
    );
    assert_eq!(state.hand(2).counts().len(), 20);
}

#[test]
fn show_hand_and_doubling_phases() {
    let flow = Flow {
        show_hand: true,
        doubling: true,
        first_bidder: Some(0),
        ..Flow::default()
    };
    let bids = [
        (0, BidAction::Bid(1)),
        (1, BidAction::Pass),
        (2, BidAction::Pass),
        (0, BidAction::ShowHand),
        // Farmers from the landlord's left, then the landlord.
        (1, BidAction::Double),
        (2, BidAction::Pass),
        (0, BidAction::Double),
    ];
    let s = adjudicate(&named_record(flow, &bids, &LANDLORD_BOMBS))
        .settlement
        .unwrap();
    assert_eq!(s.show_multiple, 2);
    assert_eq!(s.double_multiples, [2, 2, 1]);
    // Seat 1: 1 × 32 × 2 (spring) × 2 (shown) × 2 × 2 = 512; seat 2: 256.
    assert_eq!(s.scores, [768, -512, -256]);
    let v = adjudicate(&named_record(
        flow,
        &bids[..4]
            .iter()
            .copied()
            .chain([(1, BidAction::Grab)])
            .collect::<Vec<_>>(),
        &[],
    ))
    .violation
    .unwrap();
    assert_eq!(
        (v.index, v.kind),
        (4, ViolationKind::Bid(BidError::NotOffered))
    );
}

/// The book's table of scoring examples (docs/src/guide/games.md), worked by hand.
#[test]
fn hand_worked_scoring_table() {
    let bomb = |kind| PlayedBomb {
        index: 0,
        seat: 0,
        rocket: false,
        kind,
    };
    let rocket = PlayedBomb {
        rocket: true,
        ..bomb(BombKind::Hard)
    };
    #[derive(Clone)]
    struct Case {
        scoring: Scoring,
        players: usize,
        winner: usize,
        bid: u32,
        grabs: u8,
        shown: bool,
        doubled: Vec<bool>,
        bombs: Vec<PlayedBomb>,
        plays_made: Vec<u32>,
        scores: Vec<i64>,
    }
    let base = Case {
        scoring: Scoring::default(),
        players: 3,
        winner: 0,
        bid: 1,
        grabs: 0,
        shown: false,
        doubled: vec![false; 3],
        bombs: vec![],
        plays_made: vec![5, 2, 3],
        scores: vec![],
    };
    let cases = [
        // 1. Bid 3, one bomb, landlord wins: 3 × 2 = 6 per farmer.
        Case {
            bid: 3,
            bombs: vec![bomb(BombKind::Hard)],
            scores: vec![12, -6, -6],
            ..base.clone()
        },
        // 2. Bid 2, a rocket and a bomb, farmers win with anti-spring: 2 × 4 × 2 = 16.
        Case {
            bid: 2,
            winner: 1,
            bombs: vec![rocket, bomb(BombKind::Hard)],
            plays_made: vec![1, 6, 2],
            scores: vec![-32, 16, 16],
            ..base.clone()
        },
        // 3. Call and two grabs, shown hand, spring: 4 × 2 × 2 = 16.
        Case {
            grabs: 2,
            shown: true,
            plays_made: vec![7, 0, 0],
            scores: vec![32, -16, -16],
            ..base.clone()
        },
        // 4. Bid 1, seat 1 and the landlord doubled, farmers win: 1 × 2 × 2 = 4 and 1 × 2 = 2.
        Case {
            winner: 2,
            doubled: vec![true, true, false],
            scores: vec![-6, 4, 2],
            ..base.clone()
        },
        // 5. Base 10, bid 3, three bombs, score cap 100: 10 × 3 × 8 = 240 → 100.
        Case {
            scoring: Scoring {
                base: 10,
                score_cap: Some(100),
                ..Scoring::default()
            },
            bid: 3,
            bombs: vec![bomb(BombKind::Hard); 3],
            scores: vec![200, -100, -100],
            ..base.clone()
        },
        // 6. Four players, laizi: soft ×2, pure ×4; a soft and a pure bomb, bid 1: 8 each.
        Case {
            scoring: Scoring {
                soft_bomb: 2,
                pure_bomb: 4,
                ..Scoring::default()
            },
            players: 4,
            doubled: vec![false; 4],
            bombs: vec![bomb(BombKind::Soft), bomb(BombKind::Pure)],
            plays_made: vec![5, 2, 3, 1],
            scores: vec![24, -8, -8, -8],
            ..base.clone()
        },
        // 7. Multiple cap 8: bid 3 × two bombs = 12 → 8.
        Case {
            scoring: Scoring {
                multiple_cap: Some(8),
                ..Scoring::default()
            },
            bid: 3,
            bombs: vec![bomb(BombKind::Hard); 2],
            scores: vec![16, -8, -8],
            ..base.clone()
        },
    ];
    for (i, case) in cases.iter().enumerate() {
        let s = settle(
            &case.scoring,
            &FinishedGame {
                players: case.players,
                landlord: 0,
                winner: case.winner,
                bid: case.bid,
                grabs: case.grabs,
                shown: case.shown,
                doubled: &case.doubled,
                bombs: &case.bombs,
                plays_made: &case.plays_made,
            },
        );
        assert_eq!(s.scores, case.scores, "case {}", i + 1);
        assert_eq!(s.scores.iter().sum::<i64>(), 0);
        // Cases 5 and 7 hit a cap.
        let capped = s.pairs.iter().all(|pair| pair.capped);
        assert_eq!(capped, i == 4 || i == 6, "case {}", i + 1);
        assert!(capped || s.pairs.iter().all(|pair| !pair.capped));
    }
}

/// A suited seeded deal played with rank-only cards: each play takes the seat's first cards of
/// its ranks in sort order, and suited plays must then name cards still held.
#[test]
fn rank_only_plays_from_a_suited_deal_take_the_first_cards() {
    // Seed 42 (the book's Deal, docs/src/guide/deal.md): seat 0 bids first; with the kitty it holds 10S 10H 10C 10D.
    let cards = |texts: &[&str]| CardList::parse(texts, Variant::ThreePlayer).unwrap();
    let mut record = GameRecord {
        table: Table::STANDARD,
        flow: Flow::default(),
        deal: GameDeal::seeded(Variant::ThreePlayer, 42, WildcardDraw::None),
        known_landlord: None,
        bids: vec![(0, BidAction::Bid(3))],
        plays: vec![
            RecordedPlay::new(0, cards(&["10", "10"])),
            RecordedPlay::new(1, cards(&[])),
            RecordedPlay::new(2, cards(&[])),
        ],
    };
    let state = replay(&record).state;
    let tens: Vec<String> = state
        .hand(0)
        .cards()
        .iter()
        .filter(|c| c.rank == cardrules::cards::Rank::Ten)
        .map(ToString::to_string)
        .collect();
    assert_eq!(tens, ["10C", "10D"]);
    record.plays.push(RecordedPlay::new(0, cards(&["10S"])));
    let v = replay(&record).violation.unwrap();
    assert_eq!((v.list, v.index), (ActionList::Plays, 3));
    assert_eq!(v.kind, ViolationKind::Play(IllegalReason::NotInHand));
    assert_eq!(v.missing.unwrap().to_string(), "the hand does not hold 10S");
    record.plays[3] = RecordedPlay::new(0, cards(&["10D"]));
    assert_eq!(replay(&record).violation, None);
}
