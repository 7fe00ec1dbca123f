//! Whatever a buggy or hostile client sends, every RPC answers OK or INVALID_ARGUMENT (or
//! OUT_OF_RANGE for an oversized message): never a panic (INTERNAL / UNKNOWN), never a hang, and
//! the server keeps serving. Requests are random but shaped like real ones (card and tile
//! alphabets with junk mixed in, any enum number, any limit and length), so they reach deep into
//! the checks instead of failing at the first field.
//!
//! Case count: `CARDRULES_PROPTEST_CASES` (the default keeps the debug suite quick).

mod common;

use cardrules::server::pb::{
    self, CompareCombosRequest, DealRequest, DoudizhuReadingSelector, DoudizhuRules,
    FitWildcardsRequest, ListPlaysRequest, MahjongAnalyzeRequest, MahjongRules,
    MahjongWaitsRequest, Meld, ValidatePlayRequest,
};
use cardrules::server::pb::{
    GuobiaoScoringRules, HongzhongScoringRules, MahjongScoreRequest, MahjongWinContext,
    RiichiScoringRules, RiichiWinContext, SichuanScoringRules,
};
use common::TestServer;
use proptest::prelude::*;
use prost::Message;
use tonic::Code;

fn cases() -> u32 {
    common::proptest_cases(96)
}

/// A card string: mostly real cards (suited or not), sometimes junk.
fn card() -> impl Strategy<Value = String> {
    let rank = prop::sample::select(vec![
        "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "A", "2",
    ]);
    let suit = prop::sample::select(vec!["", "", "S", "H", "C", "D", "♠"]);
    prop_oneof![
        6 => (rank, suit).prop_map(|(r, s)| format!("{r}{s}")),
        2 => prop::sample::select(vec!["BJ", "RJ", "小王", "大王"]).prop_map(str::to_string),
        1 => ".{0,6}",
    ]
}

fn cards(max: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(card(), 0..max)
}

/// Any enum number: mostly valid ones, sometimes out of range or negative.
fn enum_value(valid: i32) -> impl Strategy<Value = i32> {
    prop_oneof![4 => 0..valid, 1 => any::<i32>()]
}

fn length() -> impl Strategy<Value = Option<u32>> {
    prop_oneof![2 => Just(None), 2 => (0u32..16).prop_map(Some), 1 => any::<u32>().prop_map(Some)]
}

fn doudizhu_rules() -> impl Strategy<Value = Option<DoudizhuRules>> {
    let flags = prop::collection::vec(prop::option::of(any::<bool>()), 9);
    // Laizi: wild ranks (any card text), the bomb order and the three options.
    let laizi = (
        prop::collection::vec(card(), 0..3),
        enum_value(5),
        prop::collection::vec(prop::option::of(any::<bool>()), 3),
    );
    let rules = (
        enum_value(4),
        enum_value(4),
        flags,
        length(),
        length(),
        length(),
        laizi,
    )
        .prop_map(
            |(preset, game, f, straight, pair_straight, airplane, laizi)| {
                let (wild_ranks, bomb_order, l) = laizi;
                // Field by field on a default, so that rules fields added later keep their default.
                let mut rules = DoudizhuRules {
                    preset,
                    game,
                    ..Default::default()
                };
                rules.trio_with_pair = f[0];
                rules.four_with_two_singles = f[1];
                rules.four_with_two_pairs = f[2];
                rules.kickers_may_repeat = f[3];
                rules.kickers_may_include_joker = f[4];
                rules.kickers_may_include_rocket = f[5];
                rules.kickers_may_include_bomb = f[6];
                rules.kickers_may_include_adjacent_trio = f[7];
                rules.bomb_as_two_pairs = f[8];
                rules.min_straight_length = straight;
                rules.min_pair_straight_length = pair_straight;
                rules.min_airplane_length = airplane;
                rules.wild_ranks = wild_ranks;
                rules.bomb_order = bomb_order;
                rules.all_wildcard_play_natural = l[0];
                rules.wildcards_within_deck = l[1];
                rules.wildcards_may_be_kickers = l[2];
                rules
            },
        );
    prop::option::of(rules)
}

fn selector() -> impl Strategy<Value = Option<DoudizhuReadingSelector>> {
    let selector = (enum_value(15), prop::option::of(card()), length()).prop_map(
        |(r#type, rank, chain_length)| DoudizhuReadingSelector {
            r#type,
            rank,
            chain_length,
        },
    );
    prop::option::of(selector)
}

/// A tile string: MPSZ groups, sometimes with junk.
fn tiles(max: usize) -> impl Strategy<Value = String> {
    prop_oneof![
        8 => prop::collection::vec(("[0-9]{1,4}", "[mpsz]"), 0..max)
            .prop_map(|groups| groups.into_iter().map(|(d, s)| d + &s).collect()),
        1 => ".{0,12}",
    ]
}

fn mahjong_rules() -> impl Strategy<Value = Option<MahjongRules>> {
    let flags = prop::collection::vec(prop::option::of(any::<bool>()), 8);
    let rules = (
        enum_value(5),
        flags,
        prop::option::of(tiles(3)),
        enum_value(4),
        enum_value(4),
        length(),
    )
        .prop_map(
            |(preset, f, wildcards, void_suit, karaten_policy, wildcard_copies)| MahjongRules {
                preset,
                seven_pairs: f[0],
                seven_pairs_quads: f[1],
                thirteen_orphans: f[2],
                knitted: f[3],
                wildcards,
                honors: f[4],
                three_player: f[5],
                void_suit,
                chi: f[6],
                karaten_policy,
                wildcard_fifth_copy: f[7],
                wildcard_copies,
            },
        );
    prop::option::of(rules)
}

fn melds() -> impl Strategy<Value = Vec<Meld>> {
    let meld = (enum_value(4), tiles(2), any::<bool>()).prop_map(|(kind, tiles, concealed)| Meld {
        kind,
        tiles,
        concealed,
    });
    prop::collection::vec(meld, 0..5)
}

/// A MahjongScore request: tile strings, any enum numbers, flags and counts.
fn score_request() -> BoxedStrategy<MahjongScoreRequest> {
    let context = (
        (enum_value(3), enum_value(5), enum_value(5), enum_value(5)),
        any::<[bool; 9]>(),
        (
            prop_oneof![0u32..10, any::<u32>()],
            prop_oneof![0u32..12, any::<u32>()],
        ),
        (
            tiles(3),
            tiles(3),
            prop_oneof![0u32..5, any::<u32>()],
            0u32..200,
        ),
    )
        .prop_map(
            |(
                (method, seat, round, discarder),
                f,
                (flowers, birds),
                (dora, ura, honba, sticks),
            )| {
                MahjongWinContext {
                    method,
                    seat_wind: seat,
                    round_wind: round,
                    discarder,
                    last_tile: f[0],
                    after_kong: f[1],
                    robbing_kong: f[2],
                    last_of_kind: f[3],
                    flowers,
                    birds,
                    riichi: Some(RiichiWinContext {
                        riichi: f[4],
                        double_riichi: f[5],
                        ippatsu: f[6],
                        first_turn: f[7],
                        dora_indicators: dora,
                        ura_dora_indicators: ura,
                        honba,
                        riichi_sticks: sticks,
                    }),
                }
            },
        )
        .boxed();
    let options = (
        (enum_value(4), enum_value(4), enum_value(4)),
        prop::collection::vec(prop::option::of(any::<bool>()), 9),
        prop::collection::vec(prop::option::of(prop_oneof![0u32..8, any::<u32>()]), 12),
    )
        .prop_map(|((preset, kazoe, renhou), b, n)| {
            (
                RiichiScoringRules {
                    preset,
                    open_tanyao: b[0],
                    red_fives: b[1],
                    kiriage: b[2],
                    kazoe,
                    double_yakuman: b[3],
                    multiple_yakuman: b[4],
                    renhou,
                    double_wind_pair_fu: n[0],
                    honba_points: n[1],
                },
                SichuanScoringRules {
                    max_fan: n[2],
                    base_points: n[3],
                    self_drawn_adds_fan: b[5],
                },
                HongzhongScoringRules {
                    base_points: n[4],
                    self_drawn_bonus: n[5],
                    four_red_dragons_win: b[6],
                    seven_pairs_bonus: n[6],
                    no_wildcard_bonus: n[7],
                    points_per_bird: n[8],
                    discarder_pays_alone: b[7],
                },
                GuobiaoScoringRules {
                    minimum_fan: n[10],
                    base_points: n[11],
                    concealed_kong_and_melded_kong: b[8],
                },
            )
        })
        .boxed();
    (
        mahjong_rules(),
        tiles(6),
        melds(),
        prop_oneof![3 => "[0-9][mpsz]", 1 => tiles(2)],
        prop::option::of(context),
        options,
    )
        .prop_map(
            |(rules, hand, melds, winning_tile, context, (riichi, sichuan, hongzhong, guobiao))| {
                MahjongScoreRequest {
                    rules,
                    hand,
                    melds,
                    winning_tile,
                    context,
                    riichi: Some(riichi),
                    guobiao: Some(guobiao),
                    sichuan: Some(sichuan),
                    hongzhong: Some(hongzhong),
                }
            },
        )
        .boxed()
}

/// A Dou Dizhu game record: random rules, flow, deal (seeded, explicit or none), bids and plays.
fn game_record() -> BoxedStrategy<Option<pb::DoudizhuGameRecord>> {
    use pb::doudizhu_game_record::Deal;
    let factor = || prop::option::of(prop_oneof![0u32..5, any::<u32>()]);
    let scoring = (
        prop::option::of(prop_oneof![0u64..5, any::<u64>()]),
        prop::collection::vec(factor(), 7),
        prop::option::of(any::<u64>()),
        prop::option::of(0u64..3),
    )
        .prop_map(|(base, f, multiple_cap, score_cap)| pb::DoudizhuScoring {
            base,
            rocket_multiplier: f[0],
            hard_bomb_multiplier: f[1],
            soft_bomb_multiplier: f[2],
            pure_bomb_multiplier: f[3],
            spring_multiplier: f[4],
            show_hand_multiplier: f[5],
            doubling_multiplier: f[6],
            multiple_cap,
            score_cap,
        });
    let flow = (
        enum_value(3),
        enum_value(3),
        prop::option::of(prop_oneof![0u32..5, any::<u32>()]),
        any::<bool>(),
        any::<bool>(),
        prop::option::of(scoring),
    )
        .prop_map(
            |(scheme, all_pass, first_bidder, show_hand, doubling, scoring)| pb::DoudizhuGameFlow {
                scheme,
                all_pass,
                first_bidder,
                show_hand,
                doubling,
                scoring,
            },
        );
    let deal = prop_oneof![
        1 => Just(None),
        3 => (any::<u64>(), enum_value(4)).prop_map(|(seed, wildcard_draw)| Some(
            Deal::SeededDeal(pb::DoudizhuSeededDeal { seed, wildcard_draw })
        )),
        2 => (prop::collection::vec(cards(26), 0..5), cards(9)).prop_map(|(hands, kitty)| Some(
            Deal::ExplicitDeal(pb::DoudizhuExplicitDeal {
                hands: hands.into_iter().map(|cards| pb::DoudizhuCardsHeld { cards }).collect(),
                kitty,
            })
        )),
    ];
    let bid = (0u32..5, enum_value(9)).prop_map(|(seat, action)| pb::DoudizhuBid { seat, action });
    let play =
        (0u32..5, cards(6), selector()).prop_map(|(seat, cards, intended)| pb::DoudizhuGamePlay {
            seat,
            cards,
            intended,
        });
    let record = (
        doudizhu_rules(),
        prop::option::of(flow),
        deal,
        prop::collection::vec(bid, 0..8),
        prop::collection::vec(play, 0..6),
        // A known landlord, seat and bid multiple anywhere in range and beyond.
        prop::option::of((
            0u32..6,
            prop_oneof![0u32..5, Just(1_000_000), Just(u32::MAX)],
        )),
    )
        .prop_map(
            |(rules, flow, deal, bids, plays, known)| pb::DoudizhuGameRecord {
                rules,
                flow,
                deal,
                bids,
                plays,
                known_landlord: known
                    .map(|(seat, bid_multiple)| pb::DoudizhuKnownLandlord { seat, bid_multiple }),
            },
        )
        .boxed();
    prop::option::of(record).boxed()
}

/// One request of any RPC.
#[derive(Debug, Clone)]
enum Call {
    Deal(DealRequest),
    Validate(ValidatePlayRequest),
    Compare(CompareCombosRequest),
    List(ListPlaysRequest),
    Fit(FitWildcardsRequest),
    Waits(MahjongWaitsRequest),
    Analyze(MahjongAnalyzeRequest),
    Score(Box<MahjongScoreRequest>),
    NextActions(pb::NextActionsRequest),
    Adjudicate(pb::AdjudicateGameRequest),
}

fn call() -> impl Strategy<Value = Call> {
    prop_oneof![
        (
            enum_value(4),
            any::<Option<u64>>(),
            prop::option::of(0u32..6),
            any::<bool>(),
            enum_value(4)
        )
            .prop_map(
                |(game, seed, landlord_seat, include_flowers, wildcard_draw)| {
                    Call::Deal(DealRequest {
                        game,
                        seed,
                        landlord_seat,
                        include_flowers,
                        wildcard_draw,
                    })
                }
            ),
        (
            doudizhu_rules(),
            cards(24),
            cards(10),
            cards(8),
            selector(),
            selector()
        )
            .prop_map(
                |(rules, hand, play, previous, previous_reading, intended)| {
                    Call::Validate(ValidatePlayRequest {
                        rules,
                        hand,
                        play,
                        previous,
                        previous_reading,
                        intended,
                    })
                }
            ),
        (
            doudizhu_rules(),
            cards(10),
            cards(10),
            selector(),
            selector()
        )
            .prop_map(|(rules, a, b, a_reading, b_reading)| Call::Compare(
                CompareCombosRequest {
                    rules,
                    a,
                    b,
                    a_reading,
                    b_reading,
                }
            )),
        (
            doudizhu_rules(),
            cards(21),
            cards(8),
            selector(),
            enum_value(15),
            prop_oneof![0u32..50, any::<u32>()],
            enum_value(3)
        )
            .prop_map(
                |(rules, hand, previous, previous_reading, r#type, limit, format)| {
                    Call::List(ListPlaysRequest {
                        rules,
                        hand,
                        previous,
                        previous_reading,
                        r#type,
                        limit,
                        format,
                    })
                }
            ),
        (
            doudizhu_rules(),
            cards(21),
            cards(8),
            selector(),
            enum_value(15),
            0u32..50
        )
            .prop_map(|(rules, play, previous, previous_reading, r#type, limit)| {
                Call::Fit(FitWildcardsRequest {
                    rules,
                    play,
                    previous,
                    previous_reading,
                    r#type,
                    limit,
                })
            }),
        (
            tiles(6),
            melds(),
            tiles(4),
            mahjong_rules(),
            any::<bool>(),
            any::<bool>()
        )
            .prop_map(
                |(hand, melds, visible, rules, decompose, skip_decompositions)| {
                    Call::Waits(MahjongWaitsRequest {
                        hand,
                        melds,
                        visible,
                        rules,
                        decompose,
                        skip_decompositions,
                    })
                }
            ),
        (tiles(6), melds(), tiles(4), mahjong_rules()).prop_map(|(hand, melds, visible, rules)| {
            Call::Analyze(MahjongAnalyzeRequest {
                hand,
                melds,
                visible,
                rules,
            })
        }),
        score_request().prop_map(|r| Call::Score(Box::new(r))),
        (
            game_record(),
            prop_oneof![0u32..50, any::<u32>()],
            enum_value(3)
        )
            .prop_map(|(record, limit, format)| {
                Call::NextActions(pb::NextActionsRequest {
                    record,
                    limit,
                    format,
                })
            }),
        game_record().prop_map(|record| Call::Adjudicate(pb::AdjudicateGameRequest { record })),
    ]
}

async fn send(
    client: &mut pb::card_rules_service_client::CardRulesServiceClient<tonic::transport::Channel>,
    call: Call,
) -> Result<(), tonic::Status> {
    match call {
        Call::Deal(r) => client.deal(r).await.map(drop),
        Call::Validate(r) => client.validate_play(r).await.map(drop),
        Call::Compare(r) => client.compare_combos(r).await.map(drop),
        Call::List(r) => client.list_plays(r).await.map(drop),
        Call::Fit(r) => client.fit_wildcards(r).await.map(drop),
        Call::Waits(r) => client.mahjong_waits(r).await.map(drop),
        Call::Analyze(r) => client.mahjong_analyze(r).await.map(drop),
        Call::Score(r) => client.mahjong_score(*r).await.map(drop),
        Call::NextActions(r) => client.next_actions(r).await.map(drop),
        Call::Adjudicate(r) => client.adjudicate_game(r).await.map(drop),
    }
}

fn acceptable(result: &Result<(), tonic::Status>) -> bool {
    match result {
        Ok(()) => true,
        Err(status) => matches!(status.code(), Code::InvalidArgument | Code::OutOfRange),
    }
}

#[test]
fn random_requests_get_an_answer_or_a_field_error() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime.block_on(TestServer::start());
    let client = runtime.block_on(server.client());
    let config = ProptestConfig::with_cases(cases() * 6);
    proptest!(config, |(call in call())| {
        let result = runtime.block_on(send(&mut client.clone(), call.clone()));
        prop_assert!(acceptable(&result), "{call:?} -> {result:?}");
    });
    runtime.block_on(server.shutdown()).unwrap();
}

/// Random bytes, decoded as each request type where they parse as protobuf at all, then sent.
#[test]
fn random_bytes_that_decode_are_answered_too() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime.block_on(TestServer::start());
    let client = runtime.block_on(server.client());
    let decoded = std::cell::Cell::new(0u32);
    proptest!(ProptestConfig::with_cases(cases() * 8), |(bytes in prop::collection::vec(any::<u8>(), 0..64))| {
        let calls = [
            DealRequest::decode(&bytes[..]).ok().map(Call::Deal),
            ValidatePlayRequest::decode(&bytes[..]).ok().map(Call::Validate),
            CompareCombosRequest::decode(&bytes[..]).ok().map(Call::Compare),
            ListPlaysRequest::decode(&bytes[..]).ok().map(Call::List),
            FitWildcardsRequest::decode(&bytes[..]).ok().map(Call::Fit),
            MahjongWaitsRequest::decode(&bytes[..]).ok().map(Call::Waits),
            MahjongAnalyzeRequest::decode(&bytes[..]).ok().map(Call::Analyze),
            MahjongScoreRequest::decode(&bytes[..])
                .ok()
                .map(|r| Call::Score(Box::new(r))),
            pb::NextActionsRequest::decode(&bytes[..]).ok().map(Call::NextActions),
            pb::AdjudicateGameRequest::decode(&bytes[..]).ok().map(Call::Adjudicate),
        ];
        for call in calls.into_iter().flatten() {
            decoded.set(decoded.get() + 1);
            let result = runtime.block_on(send(&mut client.clone(), call.clone()));
            prop_assert!(acceptable(&result), "{call:?} -> {result:?}");
        }
    });
    // The empty message decodes as every type, so at least that much was sent.
    assert!(decoded.get() >= 10);
    runtime.block_on(server.shutdown()).unwrap();
}

// ---- Batch: the same answers as the unary calls ----

/// The item a random call becomes in a `BatchRequest` (every unary RPC has one: the match is
/// exhaustive). A Deal gets a seed (the same in both paths): without one each path would draw its
/// own.
fn batch_item(id: u64, call: &Call) -> pb::BatchItem {
    use pb::batch_item::Request;
    let request = match call.clone() {
        Call::Deal(mut r) => {
            r.seed = Some(r.seed.unwrap_or(id));
            Request::Deal(r)
        }
        Call::Validate(r) => Request::ValidatePlay(r),
        Call::Compare(r) => Request::CompareCombos(r),
        Call::List(r) => Request::ListPlays(r),
        Call::Fit(r) => Request::FitWildcards(r),
        Call::Waits(r) => Request::MahjongWaits(r),
        Call::Analyze(r) => Request::MahjongAnalyze(r),
        Call::Score(r) => Request::MahjongScore(*r),
        Call::NextActions(r) => Request::NextActions(r),
        Call::Adjudicate(r) => Request::AdjudicateGame(r),
    };
    pb::BatchItem {
        id,
        request: Some(request),
    }
}

/// What the unary RPC answers for `item`, written as a batch result.
async fn unary_result(
    client: &mut pb::card_rules_service_client::CardRulesServiceClient<tonic::transport::Channel>,
    item: pb::BatchItem,
) -> pb::BatchResult {
    use pb::batch_item::Request;
    use pb::batch_result::Response;
    fn ok<T>(
        result: Result<tonic::Response<T>, tonic::Status>,
        wrap: fn(T) -> Response,
    ) -> Result<Response, tonic::Status> {
        result.map(|r| wrap(r.into_inner()))
    }
    let answer = match item.request.expect("batch_item sets a request") {
        Request::Deal(r) => ok(client.deal(r).await, Response::Deal),
        Request::ValidatePlay(r) => ok(client.validate_play(r).await, Response::ValidatePlay),
        Request::CompareCombos(r) => ok(client.compare_combos(r).await, Response::CompareCombos),
        Request::ListPlays(r) => ok(client.list_plays(r).await, Response::ListPlays),
        Request::FitWildcards(r) => ok(client.fit_wildcards(r).await, Response::FitWildcards),
        Request::MahjongWaits(r) => ok(client.mahjong_waits(r).await, Response::MahjongWaits),
        Request::MahjongAnalyze(r) => ok(client.mahjong_analyze(r).await, Response::MahjongAnalyze),
        Request::MahjongScore(r) => ok(client.mahjong_score(r).await, Response::MahjongScore),
        Request::NextActions(r) => ok(client.next_actions(r).await, Response::NextActions),
        Request::AdjudicateGame(r) => ok(client.adjudicate_game(r).await, Response::AdjudicateGame),
    };
    let (status, response) = match answer {
        Ok(response) => (pb::BatchStatus::default(), Some(response)),
        Err(status) => {
            let field_violations = if status.code() == Code::InvalidArgument {
                common::field_violations(&status)
                    .into_iter()
                    .map(|(field, description)| pb::BatchFieldViolation { field, description })
                    .collect()
            } else {
                Vec::new()
            };
            let status = pb::BatchStatus {
                code: status.code() as i32,
                message: status.message().to_owned(),
                field_violations,
            };
            (status, None)
        }
    };
    pb::BatchResult {
        id: item.id,
        status: Some(status),
        response,
    }
}

/// Sends `messages` on one Batch stream and collects every answer.
async fn batch(
    client: &mut pb::card_rules_service_client::CardRulesServiceClient<tonic::transport::Channel>,
    messages: Vec<pb::BatchRequest>,
) -> Result<Vec<pb::BatchResponse>, tonic::Status> {
    let mut answers = client
        .batch(tokio_stream::iter(messages))
        .await?
        .into_inner();
    let mut collected = Vec::new();
    while let Some(answer) = answers.message().await? {
        collected.push(answer);
    }
    Ok(collected)
}

#[test]
fn batch_answers_every_item_as_its_unary_call_does() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime.block_on(TestServer::start());
    let client = runtime.block_on(server.client());
    // Several messages per stream, several items per message, in order.
    let messages = prop::collection::vec(prop::collection::vec(call(), 0..12), 1..4);
    proptest!(ProptestConfig::with_cases(cases()), |(messages in messages)| {
        let mut id = 0;
        let messages: Vec<pb::BatchRequest> = messages
            .iter()
            .map(|calls| pb::BatchRequest {
                items: calls
                    .iter()
                    .map(|call| {
                        id += 1;
                        batch_item(id, call)
                    })
                    .collect(),
            })
            .collect();
        let answers = runtime.block_on(batch(&mut client.clone(), messages.clone())).unwrap();
        prop_assert_eq!(answers.len(), messages.len());
        for (message, answer) in messages.into_iter().zip(answers) {
            prop_assert_eq!(answer.results.len(), message.items.len());
            for (item, got) in message.items.into_iter().zip(answer.results) {
                let want = runtime.block_on(unary_result(&mut client.clone(), item.clone()));
                prop_assert_eq!(&got, &want, "item {:?}", item);
            }
        }
    });
    runtime.block_on(server.shutdown()).unwrap();
}
