# Mahjong smoke checks, sourced by .ci/smoke.sh (uses its `check`, `call` and `$addr`).

mj_answer_has() { # method, request JSON, text the answer must contain
  call -d "$2" "$addr" "cardrules.v1.CardRulesService/$1" | grep -qF -- "$3"
}
mj_invalid_field() { # method, request JSON, field the BadRequest must name
  local out
  out=$(grpcurl -plaintext -max-time 10 -d "$2" "$addr" "cardrules.v1.CardRulesService/$1" 2>&1)
  [ $? -ne 0 ] && grep -q InvalidArgument <<<"$out" && grep -qF "\"field\":\"$3\"" <<<"$out"
}
check "MahjongWaits: nine gates waits on nine tiles" mj_answer_has MahjongWaits \
  '{"hand":"1112345678999m"}' 'ready on 1m 2m 3m 4m 5m 6m 7m 8m 9m'
check "MahjongWaits: pure karaten is not ready in riichi" mj_answer_has MahjongWaits \
  '{"hand":"1111m234p567p789s"}' WAIT_EXCLUSION_KARATEN_HAND
check "MahjongWaits: a quad is two pairs in Guobiao" mj_answer_has MahjongWaits \
  '{"hand":"1111m223344556p","rules":{"preset":"MAHJONG_PRESET_GUOBIAO"}}' 'ready on 6p'
check "MahjongAnalyze names the best discard" mj_answer_has MahjongAnalyze \
  '{"hand":"123m456p789s11225z"}' 'discard 5z: ready on 1z 2z (4 live)'
check "Mahjong bad tiles get INVALID_ARGUMENT naming the field" mj_invalid_field MahjongWaits \
  '{"hand":"123m456p789s1122z","rules":{"preset":"MAHJONG_PRESET_SICHUAN"}}' hand
