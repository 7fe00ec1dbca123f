# Laizi (wildcard) Dou Dizhu smoke checks, sourced by .ci/smoke.sh (uses its `check`, `call` and
# `$addr`, and ddz_answer_has / ddz_invalid_field from doudizhu.sh).

check "FitWildcards: 5 6 7 8 + a wild 9 is the straight 5-9 or 4-8" ddz_answer_has FitWildcards \
  '{"rules":{"wild_ranks":["9"]},"play":["5S","6H","7C","8D","9S"]}' '"rank": "4"'
check "FitWildcards: a soft bomb beats a trio with a single" ddz_answer_has FitWildcards \
  '{"rules":{"wild_ranks":["3"]},"play":["4","4","4","3"],"previous":["2","2","2","5"],"type":"COMBO_TYPE_BOMB"}' \
  '"beatsPrevious": true'
check "FitWildcards: 天地癞子, both wild ranks in one play" ddz_answer_has FitWildcards \
  '{"rules":{"wild_ranks":["5","J"]},"play":["3","3","3","5","J"],"limit":1}' 'BOMB_KIND_SOFT'
check "ValidatePlay reports what the wildcards stand for" ddz_answer_has ValidatePlay \
  '{"rules":{"wild_ranks":["3"]},"play":["4","4","4","3"],"previous":["2","2","2","5"]}' \
  'soft bomb 4 (wildcards as 4) beats'
check "CompareCombos: the hard bomb beats the soft one of its rank" ddz_answer_has CompareCombos \
  '{"rules":{"wild_ranks":["Q"]},"a":["10","10","10","Q"],"b":["10","10","10","10"],"a_reading":{"type":"COMBO_TYPE_BOMB"}}' \
  COMPARISON_OUTCOME_B_BEATS_A
check "a joker as a wild rank is INVALID_ARGUMENT" ddz_invalid_field FitWildcards \
  '{"rules":{"wild_ranks":["BJ"]},"play":["3"]}' 'rules.wild_ranks[0]'
check "a wild rank given twice is INVALID_ARGUMENT" ddz_invalid_field FitWildcards \
  '{"rules":{"wild_ranks":["7","7"]},"play":["3"]}' 'rules.wild_ranks[1]'
check "more wildcards than the deck holds is INVALID_ARGUMENT" ddz_invalid_field FitWildcards \
  '{"rules":{"wild_ranks":["7"]},"play":["7","7","7","7","7"]}' 'play[4]'

laizi_dealt_hand_fits() { # a laizi Deal, then FitWildcards on a bomb's worth of the landlord's cards
  local deal request
  deal=$(call -d '{"game":"GAME_DOUDIZHU","seed":2026,"wildcard_draw":"WILDCARD_DRAW_ONE","landlord_seat":0}' \
    "$addr" cardrules.v1.CardRulesService/Deal) || return 1
  request=$(python3 -c '
import json, sys
deal = json.loads(sys.argv[1])
wild = deal["wildcardRanks"][0]
hand = deal["hands"][0]["cards"]
wildcards = [c for c in hand if c.rstrip("SHCD") == wild]
other = next(c for c in hand if c.rstrip("SHCD") != wild)
print(json.dumps({"rules": {"wild_ranks": [wild]}, "play": [other] + wildcards[:1]}))' "$deal") || return 1
  call -d "$request" "$addr" cardrules.v1.CardRulesService/FitWildcards | grep -q COMBO_TYPE_PAIR
}
check "a dealt laizi hand: a card and a wildcard fit a pair" laizi_dealt_hand_fits
