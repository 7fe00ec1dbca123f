# MahjongScore smoke checks, sourced by .ci/smoke.sh (uses its `check`, `call` and `$addr`).

score_answer_has() { # request JSON, text the answer must contain
  call -d "$1" "$addr" cardrules.v1.CardRulesService/MahjongScore | grep -qF -- "$2"
}
score_invalid_field() { # request JSON, field the BadRequest must name
  local out
  out=$(grpcurl -plaintext -max-time 10 -d "$1" "$addr" cardrules.v1.CardRulesService/MahjongScore 2>&1)
  [ $? -ne 0 ] && grep -q InvalidArgument <<<"$out" && grep -qF "\"field\":\"$2\"" <<<"$out"
}
check "MahjongScore: the dealer's haku tsumo with a double-East pair is 40 fu 2 han" \
  score_answer_has '{"hand":"123m456p789s11555z","winning_tile":"9s","context":{"method":"WIN_METHOD_SELF_DRAWN","riichi":{"honba":1}}}' \
  '"message": "40 fu 2 han: 4200"'
check "MahjongScore: thirteen-sided kokushi is a double yakuman under Majsoul" \
  score_answer_has '{"hand":"19m19p19s12345677z","winning_tile":"7z","riichi":{"preset":"RIICHI_SCORING_PRESET_MAJSOUL"}}' \
  '"limitName": "double yakuman"'
check "MahjongScore: Sichuan dragon seven pairs is 3 fan" \
  score_answer_has '{"rules":{"preset":"MAHJONG_PRESET_SICHUAN","void_suit":"MAHJONG_SUIT_BAMBOO"},"hand":"11112233m4455p66p","winning_tile":"6p"}' \
  '"id": "sichuan.dragon_seven_pairs"'
check "MahjongScore: a winning tile not in the hand is INVALID_ARGUMENT on winning_tile" \
  score_invalid_field '{"hand":"123456m345p678s55p","winning_tile":"9m"}' winning_tile
check "MahjongScore: a tile count that does not fit the melds is INVALID_ARGUMENT on hand" \
  score_invalid_field '{"hand":"123456m345p678s55p","winning_tile":"6m","melds":[{"tiles":"789m"}]}' hand
