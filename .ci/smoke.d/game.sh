# Whole-game (NextActions, AdjudicateGame) smoke checks, sourced by .ci/smoke.sh (uses its
# `check`, `call` and `$addr`, and ddz_answer_has / ddz_invalid_field from doudizhu.sh).

check "NextActions: seed 42, seat 0 bids first and may bid 1 to 3" ddz_answer_has NextActions \
  '{"record":{"seeded_deal":{"seed":42}}}' 'DOUDIZHU_BID_ACTION_BID_THREE'
check "AdjudicateGame: a card the seat never held is illegal at its index" ddz_answer_has AdjudicateGame \
  '{"record":{"seeded_deal":{"seed":42},"bids":[{"seat":0,"action":"DOUDIZHU_BID_ACTION_BID_THREE"}],"plays":[{"seat":0,"cards":["3S"]}]}}' \
  'record.plays[0] (seat 0): the hand does not hold 3S'
check "AdjudicateGame: all pass is a redeal" ddz_answer_has AdjudicateGame \
  '{"record":{"seeded_deal":{"seed":42},"bids":[{"seat":0,"action":"DOUDIZHU_BID_ACTION_PASS"},{"seat":1,"action":"DOUDIZHU_BID_ACTION_PASS"},{"seat":2,"action":"DOUDIZHU_BID_ACTION_PASS"}]}}' \
  'DOUDIZHU_GAME_VERDICT_REDEAL'
check "AdjudicateGame: a seat out of range is INVALID_ARGUMENT" ddz_invalid_field AdjudicateGame \
  '{"record":{"seeded_deal":{"seed":42},"plays":[{"seat":7}]}}' 'record.plays[0].seat'
check "AdjudicateGame: an explicit deal that is not a partition is INVALID_ARGUMENT" ddz_invalid_field AdjudicateGame \
  '{"record":{"explicit_deal":{"hands":[{"cards":["3S"]}],"kitty":["3S"]}}}' 'record.explicit_deal.hands'

game_played_through_next_actions() { # seed, game: play a whole game by NextActions, then adjudicate
  python3 - "$addr" "$1" "$2" <<'PY'
import json, subprocess, sys
addr, seed, game = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def call(method, request):
    out = subprocess.run(["grpcurl", "-plaintext", "-max-time", "60", "-d", json.dumps(request),
                          addr, f"cardrules.v1.CardRulesService/{method}"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)
record = {"rules": {"game": game}, "seeded_deal": {"seed": seed}, "bids": [], "plays": []}
for _ in range(1000):
    nxt = call("NextActions", {"record": record})
    assert "violation" not in nxt, nxt
    if "seat" not in nxt:
        break
    seat = nxt["seat"]
    if nxt.get("bids"):
        record["bids"].append({"seat": seat, "action": nxt["bids"][-1]})
    else:
        # The play with the most cards (a pass only when nothing else is listed).
        best = max(nxt["plays"], key=lambda p: len(p.get("cards", [])))
        record["plays"].append({"seat": seat, "cards": best.get("cards", [])})
answer = call("AdjudicateGame", {"record": record})
assert answer["verdict"] == "DOUDIZHU_GAME_VERDICT_FINISHED", answer
scores = [int(s) for s in answer["settlement"]["scores"]]
assert sum(scores) == 0 and any(scores), scores
PY
}
check "a three-player game played by NextActions is adjudicated FINISHED and zero-sum" \
  game_played_through_next_actions 42 GAME_DOUDIZHU
check "a four-player game played by NextActions is adjudicated FINISHED and zero-sum" \
  game_played_through_next_actions 7 GAME_DOUDIZHU_FOUR_PLAYER
