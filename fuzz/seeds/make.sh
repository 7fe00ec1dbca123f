#!/usr/bin/env bash
# Writes the fuzz targets' seed corpora (fuzz/seeds/<target>/) from requests.json (protobuf
# requests, encoded with `buf convert` against proto/) and the notation lists below. The files are
# checked in; run this again only to change them. Needs buf on PATH.
set -euo pipefail
cd "$(dirname "$0")"
declare -A type=(
  [rpc_deal]=DealRequest [rpc_validate_play]=ValidatePlayRequest
  [rpc_compare_combos]=CompareCombosRequest [rpc_list_plays]=ListPlaysRequest
  [rpc_fit_wildcards]=FitWildcardsRequest [rpc_mahjong_waits]=MahjongWaitsRequest
  [rpc_mahjong_analyze]=MahjongAnalyzeRequest [rpc_mahjong_score]=MahjongScoreRequest)
for target in "${!type[@]}"; do
  rm -rf "$target" && mkdir -p "$target"
  count=$(python3 -c 'import json,sys; print(len(json.load(open("requests.json"))[sys.argv[1]]))' "$target")
  for i in $(seq 0 $((count - 1))); do
    python3 -c 'import json,sys; print(json.dumps(json.load(open("requests.json"))[sys.argv[1]][int(sys.argv[2])]))' "$target" "$i" >"$target/$i.json"
    buf convert ../../proto --type "cardrules.v1.${type[$target]}" --from "$target/$i.json" --to "$target/$i.binpb"
    rm "$target/$i.json"
  done
done
# Notation targets: card_notation and meld_notation read a selector byte, then the text.
rm -rf card_notation tile_notation meld_notation && mkdir -p card_notation tile_notation meld_notation
i=0; for text in $'3S\n3H\nBJ' $'10H\nTH\n♠A\na' $'大王\n小王\n2' $'3S\n3S' 'x' ; do
  printf '\x01%s' "$text" >card_notation/$i; i=$((i + 1)); done
i=0; for text in '123m456p789s1122z' '0p' '7z' '19m19p19s1234567z' '8z' '12' 'm'; do
  printf '%s' "$text" >tile_notation/$i; i=$((i + 1)); done
i=0; for text in $'\x00345p' $'\x01555z' $'\x061111p' $'\x03789s' $'\x00789z'; do
  printf '%s' "$text" >meld_notation/$i; i=$((i + 1)); done
