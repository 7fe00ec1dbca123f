# MahjongScore under Guobiao rules, sourced by .ci/smoke.sh (uses its `check`, `call` and `$addr`).

gb_answer_has() { # request JSON, text the answer must contain
  call -d "$1" "$addr" cardrules.v1.CardRulesService/MahjongScore | grep -qF -- "$2"
}
gb_invalid_field() { # request JSON, field the BadRequest must name
  local out
  out=$(grpcurl -plaintext -max-time 10 -d "$1" "$addr" cardrules.v1.CardRulesService/MahjongScore 2>&1)
  [ $? -ne 0 ] && grep -q InvalidArgument <<<"$out" && grep -qF "\"field\":\"$2\"" <<<"$out"
}
check "MahjongScore Guobiao: 清龙 + 门前清 + 平和 + 2 flowers is 22 fan, 46 points" gb_answer_has \
  '{"rules":{"preset":"MAHJONG_PRESET_GUOBIAO"},"hand":"123456789m345p66s","winning_tile":"9m","context":{"seat_wind":"SEAT_WIND_SOUTH","discarder":"SEAT_WIND_WEST","flowers":2}}' \
  '"message": "22 fan: 46"'
check "MahjongScore Guobiao: 7 fans is below the minimum" gb_answer_has \
  '{"rules":{"preset":"MAHJONG_PRESET_GUOBIAO"},"hand":"888s55z","winning_tile":"5z","melds":[{"tiles":"222m"},{"tiles":"333p"},{"tiles":"777s"}]}' \
  WIN_INVALID_REASON_BELOW_MINIMUM
check "MahjongScore Guobiao: a contradictory flag names its field" gb_invalid_field \
  '{"rules":{"preset":"MAHJONG_PRESET_GUOBIAO"},"hand":"123456789m345p66s","winning_tile":"6s","context":{"last_of_kind":true}}' \
  context.last_of_kind
