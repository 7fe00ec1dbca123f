#!/usr/bin/env python3
"""A cardrules client in Python: calls every RPC of CardRulesService, the standard health service,
and reads the google.rpc.BadRequest detail of an INVALID_ARGUMENT answer.

Stubs come from the proto files (never committed), e.g. from the repository root:

    python3 -m grpc_tools.protoc -I proto --python_out=GEN --grpc_python_out=GEN \\
        proto/cardrules/v1/*.proto
    PYTHONPATH=GEN python3 examples/clients/python/client.py localhost:50051

Each check is one small function registered with @check and named after the RPC it calls; a new
RPC is one more (the coverage check fails until it has one). Exits 1 when any answer is not the
expected one.

The channel uses the published service config (deploy/service-config.json, or the file named by
CARDRULES_SERVICE_CONFIG): retries of UNAVAILABLE and RESOURCE_EXHAUSTED with backoff, and a
default deadline per RPC family.
"""

import os
import sys

import grpc
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from cardrules.v1 import (
    deal_pb2,
    doudizhu_game_pb2,
    doudizhu_pb2,
    mahjong_pb2,
    mahjong_score_pb2,
    service_pb2,
    service_pb2_grpc,
)
from cardrules.v1 import batch_pb2

# Every call carries a deadline: a stuck server fails the check instead of hanging the client.
# The service config's per-family timeout also applies; the earlier of the two wins.
TIMEOUT_S = 10
SERVICE_CONFIG = os.path.join(os.path.dirname(__file__), "..", "..", "..", "deploy",
                              "service-config.json")
CHECKS = []


def check(name):
    """Registers a check: a function of the connected stubs that raises on a wrong answer."""

    def register(fn):
        CHECKS.append((name, fn))
        return fn

    return register


class Mismatch(Exception):
    pass


def expect(got, want, what):
    if got != want:
        raise Mismatch(f"{what}: got {got!r}, want {want!r}")


@check("Deal: a seeded deal is reproducible and deals 20 + 17 + 17 with a kitty of 3")
def deal(stub, _health):
    request = deal_pb2.DealRequest(game=deal_pb2.GAME_DOUDIZHU, seed=42, landlord_seat=0)
    first = stub.Deal(request, timeout=TIMEOUT_S)
    again = stub.Deal(request, timeout=TIMEOUT_S)
    expect(again, first, "the same seed, the same deal")
    expect([len(hand.cards) for hand in first.hands], [20, 17, 17], "hand sizes")
    expect(first.hands[0].is_landlord, True, "seat 0 is the landlord")
    expect(list(first.kitty), ["5D", "7C", "KS"], "kitty of seed 42")
    expect(list(first.hands[0].cards[:3]), ["4D", "5S", "5D"], "landlord's lowest cards")


@check("ValidatePlay: an airplane beats a lower airplane; a low four-with-pairs is TOO_LOW")
def validate_play(stub, _health):
    legal = stub.ValidatePlay(
        doudizhu_pb2.ValidatePlayRequest(
            hand=["10S", "10H", "10C", "JS", "JH", "JD", "4C", "9D", "2S", "BJ", "RJ"],
            play=["10S", "10H", "10C", "JS", "JH", "JD", "4C", "9D"],
            previous=["5", "5", "5", "6", "6", "6", "8", "8"],
        ),
        timeout=TIMEOUT_S,
    )
    expect(legal.legal, True, "legal")
    reading = doudizhu_pb2.ComboType.Name(legal.reading.type)
    expect(reading, "COMBO_TYPE_AIRPLANE_WITH_SINGLES", "reading")
    too_low = stub.ValidatePlay(
        doudizhu_pb2.ValidatePlayRequest(
            rules=doudizhu_pb2.DoudizhuRules(preset=doudizhu_pb2.DOUDIZHU_PRESET_PERMISSIVE),
            play=["3", "3", "3", "3", "4", "4", "4", "4"],
            previous=["5", "5", "5", "5", "9", "9", "J", "J"],
        ),
        timeout=TIMEOUT_S,
    )
    expect(too_low.legal, False, "legal")
    reason = doudizhu_pb2.IllegalPlayReason.Name(too_low.reason)
    expect(reason, "ILLEGAL_PLAY_REASON_TOO_LOW", "reason")
    expect(len(too_low.readings), 2, "readings of 33334444 under PERMISSIVE")


@check("CompareCombos: a bomb beats a straight")
def compare_combos(stub, _health):
    answer = stub.CompareCombos(
        doudizhu_pb2.CompareCombosRequest(
            a=["7", "7", "7", "7"], b=["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
        ),
        timeout=TIMEOUT_S,
    )
    outcome = doudizhu_pb2.ComparisonOutcome.Name(answer.outcome)
    expect(outcome, "COMPARISON_OUTCOME_A_BEATS_B", "outcome")
    expect(doudizhu_pb2.ComboType.Name(answer.a_reading.type), "COMBO_TYPE_BOMB", "A's reading")


@check("ListPlays: the two plays that beat a 3-7 straight")
def list_plays(stub, _health):
    answer = stub.ListPlays(
        doudizhu_pb2.ListPlaysRequest(
            hand=["3S", "5H", "6C", "7D", "8S", "8H", "8C", "8D", "9S", "2S", "BJ"],
            previous=["3", "4", "5", "6", "7"],
        ),
        timeout=TIMEOUT_S,
    )
    plays = [list(play.cards) for play in answer.plays]
    expect(plays, [["5H", "6C", "7D", "8S", "9S"], ["8S", "8H", "8C", "8D"]], "plays")
    expect(answer.truncated, False, "truncated")


@check("FitWildcards: with 10 wild, J J J + a 10 is first a soft bomb of jacks, over 999+4")
def fit_wildcards(stub, _health):
    answer = stub.FitWildcards(
        doudizhu_pb2.FitWildcardsRequest(
            rules=doudizhu_pb2.DoudizhuRules(wild_ranks=["10"]),
            play=["JS", "JH", "JD", "10S"],
            previous=["9", "9", "9", "4"],
            limit=2,
        ),
        timeout=TIMEOUT_S,
    )
    first = answer.fits[0]
    expect(first.reading.type, doudizhu_pb2.COMBO_TYPE_BOMB, "first fit")
    expect(first.reading.bomb_kind, doudizhu_pb2.BOMB_KIND_SOFT, "bomb kind")
    expect([(a.card, a.rank) for a in first.assignments], [("10S", "J")], "the wildcard's rank")
    expect(first.beats_previous, True, "beats 999+4")
    expect((len(answer.fits), answer.truncated), (2, True), "limit")


@check("MahjongWaits: 123m456p789s1122z waits on 1z and 2z, 3 live with one 1z visible")
def mahjong_waits(stub, _health):
    answer = stub.MahjongWaits(
        mahjong_pb2.MahjongWaitsRequest(hand="123m456p789s1122z", visible="1z"), timeout=TIMEOUT_S
    )
    expect(answer.ready, True, "ready")
    expect([(wait.tile, wait.live) for wait in answer.waits], [("1z", 1), ("2z", 2)], "waits")
    expect(answer.live_total, 3, "live total")


@check("MahjongAnalyze: with three melds, discarding 5z leaves a hand ready on 1m 4m")
def mahjong_analyze(stub, _health):
    answer = stub.MahjongAnalyze(
        mahjong_pb2.MahjongAnalyzeRequest(
            hand="23m11z5z",
            visible="1m4m",
            melds=[
                mahjong_pb2.Meld(kind=mahjong_pb2.MELD_KIND_PON, tiles="777z"),
                mahjong_pb2.Meld(kind=mahjong_pb2.MELD_KIND_CHI, tiles="345p"),
                mahjong_pb2.Meld(kind=mahjong_pb2.MELD_KIND_KAN, tiles="9999s", concealed=True),
            ],
        ),
        timeout=TIMEOUT_S,
    )
    expect(answer.complete, False, "complete")
    best = answer.discards[0]
    expect((best.discard, best.shanten), ("5z", 0), "best discard and the shanten it leaves")
    expect([(tile.tile, tile.live) for tile in best.improving], [("1m", 3), ("4m", 3)], "improving")


@check("MahjongScore: the dealer's self-drawn haku hand with a double-East pair is 40 fu 2 han")
def mahjong_score(stub, _health):
    answer = stub.MahjongScore(
        mahjong_score_pb2.MahjongScoreRequest(
            hand="123m456p789s11555z",
            winning_tile="9s",
            context=mahjong_score_pb2.MahjongWinContext(
                method=mahjong_score_pb2.WIN_METHOD_SELF_DRAWN,
                riichi=mahjong_score_pb2.RiichiWinContext(honba=1),
            ),
        ),
        timeout=TIMEOUT_S,
    )
    expect(answer.valid, True, "valid")
    expect(
        [element.id for element in answer.elements],
        ["riichi.menzen_tsumo", "riichi.yakuhai_haku"],
        "yaku",
    )
    expect((answer.totals.fu, answer.totals.han), (40, 2), "fu and han")
    expect([payment.points for payment in answer.payments], [4200, -1400, -1400, -1400], "payments")


def seeded_record(seed, bids=(), plays=()):
    """A game record of a seeded deal: bids as (seat, action name), plays as (seat, cards)."""
    g = doudizhu_game_pb2
    return g.DoudizhuGameRecord(
        seeded_deal=g.DoudizhuSeededDeal(seed=seed),
        bids=[g.DoudizhuBid(seat=s, action=g.DoudizhuBidAction.Value(a)) for s, a in bids],
        plays=[g.DoudizhuGamePlay(seat=s, cards=c) for s, c in plays],
    )


@check("NextActions: seed 42, seat 0 bids first; after its bid of 3 it leads with 20 cards")
def next_actions(stub, _health):
    g = doudizhu_game_pb2
    answer = stub.NextActions(g.NextActionsRequest(record=seeded_record(42)), timeout=TIMEOUT_S)
    expect(g.DoudizhuGamePhase.Name(answer.phase), "DOUDIZHU_GAME_PHASE_BIDDING", "phase")
    expect(answer.seat, 0, "seat to act")
    bids = [g.DoudizhuBidAction.Name(b) for b in answer.bids]
    expect(bids[-1], "DOUDIZHU_BID_ACTION_BID_THREE", "highest bid offered")
    record = seeded_record(42, bids=[(0, "DOUDIZHU_BID_ACTION_BID_THREE")])
    answer = stub.NextActions(g.NextActionsRequest(record=record, limit=5), timeout=TIMEOUT_S)
    expect((answer.seat, answer.may_pass, answer.truncated), (0, False, True), "the lead")
    expect(len(answer.plays), 5, "plays up to the limit")
    expect(answer.state.seats[0].card_count, 20, "the landlord took the kitty")


@check("AdjudicateGame: a card the seat never held is illegal at plays[0]; all pass is a redeal")
def adjudicate_game(stub, _health):
    g = doudizhu_game_pb2
    record = seeded_record(42, bids=[(0, "DOUDIZHU_BID_ACTION_BID_THREE")], plays=[(0, ["3S"])])
    answer = stub.AdjudicateGame(g.AdjudicateGameRequest(record=record), timeout=TIMEOUT_S)
    expect(g.DoudizhuGameVerdict.Name(answer.verdict), "DOUDIZHU_GAME_VERDICT_ILLEGAL", "verdict")
    expect(answer.violation.field, "record.plays[0]", "the illegal action")
    reason = doudizhu_pb2.IllegalPlayReason.Name(answer.violation.play_reason)
    expect(reason, "ILLEGAL_PLAY_REASON_NOT_IN_HAND", "reason")
    passes = [(seat, "DOUDIZHU_BID_ACTION_PASS") for seat in range(3)]
    answer = stub.AdjudicateGame(
        g.AdjudicateGameRequest(record=seeded_record(42, bids=passes)), timeout=TIMEOUT_S
    )
    expect(g.DoudizhuGameVerdict.Name(answer.verdict), "DOUDIZHU_GAME_VERDICT_REDEAL", "verdict")


@check("Health: the server and CardRulesService are SERVING")
def health(_stub, health_stub):
    for service in ["", "cardrules.v1.CardRulesService"]:
        request = health_pb2.HealthCheckRequest(service=service)
        answer = health_stub.Check(request, timeout=TIMEOUT_S)
        status = health_pb2.HealthCheckResponse.ServingStatus.Name(answer.status)
        expect(status, "SERVING", repr(service))


@check("Errors: a bad card is INVALID_ARGUMENT with a BadRequest violation on hand[1]")
def bad_request(stub, _health):
    try:
        request = doudizhu_pb2.ValidatePlayRequest(hand=["3S", "1X"], play=["3S"])
        stub.ValidatePlay(request, timeout=TIMEOUT_S)
    except grpc.RpcError as error:
        expect(error.code(), grpc.StatusCode.INVALID_ARGUMENT, "status code")
        # The details travel in the grpc-status-details-bin trailer as a google.rpc.Status.
        status = rpc_status.from_call(error)
        if status is None:
            raise Mismatch("no grpc-status-details-bin trailer")
        violations = []
        for detail in status.details:
            if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                bad_request = error_details_pb2.BadRequest()
                detail.Unpack(bad_request)
                violations.extend(v.field for v in bad_request.field_violations)
        expect(violations, ["hand[1]"], "fields named by BadRequest")
    else:
        raise Mismatch("the bad card was accepted")


@check("Coverage: every RPC of CardRulesService has a check named after it")
def coverage(_stub, _health):
    rpcs = service_pb2.DESCRIPTOR.services_by_name["CardRulesService"].methods_by_name
    checked = {name.split(":")[0] for name, _ in CHECKS}
    expect(sorted(set(rpcs) - checked), [], "RPCs without a check")


@check("Batch: two messages on one stream, each item answered in order as its unary call")
def batch(stub, _health):
    deal = deal_pb2.DealRequest(game=deal_pb2.GAME_DOUDIZHU, seed=42, landlord_seat=0)
    bad = doudizhu_pb2.ValidatePlayRequest(hand=["3S", "1X"], play=["3S"])
    waits = mahjong_pb2.MahjongWaitsRequest(hand="1112345678999m")
    messages = [
        batch_pb2.BatchRequest(
            items=[
                batch_pb2.BatchItem(id=1, deal=deal),
                batch_pb2.BatchItem(id=2, validate_play=bad),
            ]
        ),
        batch_pb2.BatchRequest(items=[batch_pb2.BatchItem(id=3, mahjong_waits=waits)]),
    ]
    answers = list(stub.Batch(iter(messages), timeout=TIMEOUT_S))
    expect([[r.id for r in a.results] for a in answers], [[1, 2], [3]], "ids, in order")
    dealt, rejected = answers[0].results
    expect(dealt.status.code, 0, "the deal's status")
    expect(dealt.deal, stub.Deal(deal, timeout=TIMEOUT_S), "the same deal as the unary call")
    expect(rejected.status.code, grpc.StatusCode.INVALID_ARGUMENT.value[0], "the bad item's code")
    expect([v.field for v in rejected.status.field_violations], ["hand[1]"], "its violations")
    expect(len(answers[1].results[0].mahjong_waits.waits), 9, "nine gates waits on nine tiles")


def main():
    default = os.environ.get("CARDRULES_ADDR", "localhost:50051")
    address = sys.argv[1] if len(sys.argv) > 1 else default
    with open(os.environ.get("CARDRULES_SERVICE_CONFIG", SERVICE_CONFIG), encoding="utf-8") as f:
        service_config = f.read()
    # The default service config of the channel (a name resolver may supply another; the
    # plain host:port target here supplies none). grpcio retries by default.
    options = [("grpc.service_config", service_config)]
    with grpc.insecure_channel(address, options=options) as channel:
        try:
            grpc.channel_ready_future(channel).result(timeout=TIMEOUT_S)
        except grpc.FutureTimeoutError:
            sys.exit(f"python client: cannot connect to {address} within {TIMEOUT_S} s")
        stub = service_pb2_grpc.CardRulesServiceStub(channel)
        health_stub = health_pb2_grpc.HealthStub(channel)
        failed = 0
        for name, fn in CHECKS:
            try:
                fn(stub, health_stub)
                print(f"ok   {name}")
            except Mismatch as why:
                failed += 1
                print(f"FAIL {name}: {why}")
            except grpc.RpcError as error:
                failed += 1
                print(f"FAIL {name}: {error.code().name}: {error.details()}")
    print(f"python client: {len(CHECKS) - failed} passed, {failed} failed against {address}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
