# Batch smoke checks, sourced by .ci/smoke.sh (uses its `check`, `call` and `$addr`): two messages
# on one stream through grpcurl's `-d @`, each item answered in order, a bad item with its own
# status while the others are answered.
batch_answers() {
  local out
  out=$(call -d @ "$addr" cardrules.v1.CardRulesService/Batch <<'JSON'
{"items": [
  {"id": 1, "deal": {"game": "GAME_DOUDIZHU", "seed": 42}},
  {"id": 2, "compareCombos": {"a": ["3", "3", "3", "3"], "b": ["1X"]}}
]}
{"items": [{"id": 3, "mahjongWaits": {"hand": "1112345678999m"}}]}
JSON
) || return 1
  python3 - "$out" <<'PY'
import json, sys
text = sys.argv[1]
# grpcurl prints one JSON object per response message.
decoder, answers, i = json.JSONDecoder(), [], 0
while i < len(text):
    if text[i].isspace():
        i += 1
        continue
    answer, i = decoder.raw_decode(text, i)
    answers.append(answer)
ids = [[r["id"] for r in a["results"]] for a in answers]
assert ids == [["1", "2"], ["3"]], ids
dealt, bad = answers[0]["results"]
assert dealt["deal"]["kitty"] == ["5D", "7C", "KS"], dealt
assert bad["status"]["code"] == 3 and bad["status"]["fieldViolations"][0]["field"] == "b[0]", bad
assert "ready on 1m 2m 3m 4m 5m 6m 7m 8m 9m" in answers[1]["results"][0]["mahjongWaits"]["message"]
PY
}
check "Batch: two messages on one stream, in order, a bad item with its own status" batch_answers
