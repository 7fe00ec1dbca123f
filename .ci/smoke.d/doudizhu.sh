# Dou Dizhu smoke checks, sourced by .ci/smoke.sh (uses its `check`, `call` and `$addr`).

ddz_census() { # preset, expected number of plays of a full deck
  local deck
  deck=$(python3 -c 'import json; r="3 4 5 6 7 8 9 10 J Q K A 2".split(); print(json.dumps([x+s for x in r for s in "SHCD"]+["BJ","RJ"]))')
  call -max-msg-sz 67108864 -d "{\"hand\":$deck,\"rules\":{\"preset\":\"DOUDIZHU_PRESET_$1\"}}" \
    "$addr" cardrules.v1.CardRulesService/ListPlays |
    python3 -c 'import json,sys; d=json.load(sys.stdin); n=len(d["plays"]); sys.exit(0 if n==int(sys.argv[1]) and not d.get("truncated") else f"{n} plays")' "$2"
}
ddz_answer_has() { # method, request JSON, text the answer must contain
  call -d "$2" "$addr" "cardrules.v1.CardRulesService/$1" | grep -qF -- "$3"
}
ddz_invalid_field() { # method, request JSON, field the BadRequest must name
  local out
  out=$(grpcurl -plaintext -max-time 10 -d "$2" "$addr" "cardrules.v1.CardRulesService/$1" 2>&1)
  [ $? -ne 0 ] && grep -q InvalidArgument <<<"$out" && grep -qF "\"field\":\"$3\"" <<<"$out"
}
check "ListPlays of a full deck is the STANDARD census (27,471)" ddz_census STANDARD 27471
check "ListPlays of a full deck is the STRICT census (12,654)" ddz_census STRICT 12654
check "ListPlays of a full deck is the PERMISSIVE census (33,675)" ddz_census PERMISSIVE 33675
check "ValidatePlay accepts a higher airplane with wings" ddz_answer_has ValidatePlay \
  '{"hand":["10S","10H","10C","JS","JH","JD","4C","9D"],"play":["10S","10H","10C","JS","JH","JD","4C","9D"],"previous":["5","5","5","6","6","6","8","8"]}' \
  '"legal": true'
check "ValidatePlay says TOO_LOW for a lower single" ddz_answer_has ValidatePlay \
  '{"play":["3"],"previous":["4"]}' ILLEGAL_PLAY_REASON_TOO_LOW
check "CompareCombos: a bomb beats a straight" ddz_answer_has CompareCombos \
  '{"a":["7","7","7","7"],"b":["3","4","5","6","7"]}' COMPARISON_OUTCOME_A_BEATS_B
check "Dou Dizhu bad cards get INVALID_ARGUMENT naming the index" ddz_invalid_field ValidatePlay \
  '{"hand":["3S","1X"],"play":["3S"]}' 'hand[1]'
