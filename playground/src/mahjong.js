// The mahjong panel: a hand typed or clicked (MPSZ), its waits with live counts and dead waits
// (MahjongWaits) or its discards (MahjongAnalyze), and the score of a win (MahjongScore).
import {
  HandForm,
  MahjongPreset,
  NotReadyReason,
  TileGroupKind,
  WaitExclusion,
} from "../gen/cardrules/v1/mahjong_pb.js";
import { RiichiLimit, ScoreUnit, SeatWind, WinInvalidReason } from "../gen/cardrules/v1/mahjong_score_pb.js";
import { client, enumText, guarded } from "./rpc.js";
import { formatTiles, parseTiles, tileElement, tileRow } from "./tiles.js";
import { $, el, showBusy } from "./dom.js";

const PALETTE = [
  "123456789m".split("").slice(0, 9).map((d) => `${d}m`),
  "123456789".split("").map((d) => `${d}p`),
  "123456789".split("").map((d) => `${d}s`),
  "1234567".split("").map((d) => `${d}z`),
  ["0m", "0p", "0s"],
];

const UNIT_TEXT = {
  [ScoreUnit.HAN]: "han",
  [ScoreUnit.FU]: "fu",
  [ScoreUnit.YAKUMAN]: "yakuman",
  [ScoreUnit.FAN]: "fan",
  [ScoreUnit.POINTS]: "points",
};

const EXCLUSION_TEXT = {
  [WaitExclusion.KARATEN_HAND]: "all copies are in the hand (karaten)",
  [WaitExclusion.KARATEN_MELDS]: "all copies are in the hand and its melds",
  [WaitExclusion.ALL_VISIBLE]: "the other copies are all visible",
};

export function setUpMahjong() {
  const handInput = $("mj-hand");

  function rules() {
    const preset = Number($("mj-preset").value);
    const rules = { preset };
    if (preset === MahjongPreset.SICHUAN) rules.voidSuit = Number($("mj-void").value);
    return rules;
  }

  function melds() {
    return $("mj-melds").value.split(/[\s,]+/).filter((m) => m !== "").map((tiles) => ({ tiles }));
  }

  /** The hand as typed, drawn as tiles; each tile a button that takes it out. */
  function renderHand() {
    const tiles = parseTiles(handInput.value);
    $("mj-hand-view").replaceChildren(
      el("p", { class: "hint" }, `${tiles.length} tile(s). Choose a tile to take it out.`),
      tileRow(tiles, "The hand: choose a tile to remove it", {
        each: (tile) => ({
          onClick: () => {
            const rest = parseTiles(handInput.value);
            rest.splice(rest.indexOf(tile), 1);
            handInput.value = formatTiles(rest);
            handInput.dispatchEvent(new Event("input"));
          },
        }),
      }),
    );
    $("mj-void-label").hidden = Number($("mj-preset").value) !== MahjongPreset.SICHUAN;
  }

  const palette = $("mj-palette");
  for (const suit of PALETTE) {
    palette.append(
      tileRow(suit, "Tiles to add", {
        small: true,
        each: (tile) => ({
          small: true,
          note: "add to the hand",
          onClick: () => {
            handInput.value = formatTiles([...parseTiles(handInput.value), tile]);
            handInput.dispatchEvent(new Event("input"));
          },
        }),
      }),
    );
  }

  function decompositionView(decomposition) {
    if (!decomposition) return [];
    return [
      el("div", { class: "groups", role: "group", "aria-label": `Decomposition: ${enumText(HandForm, decomposition.form)}` }, [
        el("span", { class: "form" }, `${enumText(HandForm, decomposition.form)}:`),
        ...decomposition.groups.map((g) =>
          el("span", { class: "group", title: enumText(TileGroupKind, g.kind) }, [tileRow(parseTiles(g.tiles), enumText(TileGroupKind, g.kind), { small: true, each: () => ({ small: true }) })]),
        ),
      ]),
    ];
  }

  async function waits() {
    const answer = await guarded($("mj-error"), () =>
      client.mahjongWaits({ hand: handInput.value, melds: melds(), visible: $("mj-visible").value, rules: rules(), decompose: true }),
    );
    if (!answer) return [];
    const parts = [
      el("h3", {}, "MahjongWaits"),
      el("p", { id: "mj-waits-summary", class: answer.ready ? "verdict legal" : "verdict illegal" }, [
        el("strong", {}, answer.ready ? "Ready (听牌). " : `Not ready (${enumText(NotReadyReason, answer.notReadyReason)}, shanten ${answer.shanten}). `),
        answer.message,
      ]),
    ];
    if (answer.waits.length > 0) {
      parts.push(
        el("p", {}, `Waits: ${answer.waits.length} tile(s), ${answer.liveTotal} live${answer.anyTile ? " (any tile wins)" : ""}.`),
        el("ul", { class: "waits", id: "mj-waits" }, answer.waits.map((w) =>
          el("li", {}, [
            tileElement(w.tile, { badge: `${w.live} left`, note: `${w.live} live` }),
            el("div", {}, [
              el("span", {}, `${w.tile}: ${w.live} live · ${w.forms.map((f) => enumText(HandForm, f)).join(", ")}${w.wildcardAs.length ? ` · wildcards as ${w.wildcardAs.join(" ")}` : ""}`),
              ...decompositionView(w.decomposition),
            ]),
          ]),
        )),
      );
    }
    if (answer.excluded.length > 0) {
      parts.push(
        el("p", {}, "Dead waits (shape waits that cannot be won on):"),
        el("ul", { class: "waits dead", id: "mj-dead" }, answer.excluded.map((w) =>
          el("li", {}, [tileElement(w.tile, { badge: "dead", note: "dead wait" }), el("span", {}, `${w.tile}: ${EXCLUSION_TEXT[w.reason] ?? enumText(WaitExclusion, w.reason)}`)]),
        )),
      );
    }
    return parts;
  }

  async function analyze() {
    const answer = await guarded($("mj-error"), () =>
      client.mahjongAnalyze({ hand: handInput.value, melds: melds(), visible: $("mj-visible").value, rules: rules() }),
    );
    if (!answer) return [];
    const parts = [
      el("h3", {}, "MahjongAnalyze"),
      el("p", { id: "mj-analyze-summary", class: "verdict" }, [el("strong", {}, answer.complete ? "Complete (a win in shape). " : `Best shanten after a discard: ${answer.shanten}. `), answer.message]),
      ...decompositionView(answer.decomposition),
    ];
    if (answer.discards.length > 0) {
      parts.push(
        el("table", { class: "discards", id: "mj-discards" }, [
          el("caption", {}, "Discard advice, best first"),
          el("tr", {}, [el("th", { scope: "col" }, "Discard"), el("th", { scope: "col" }, "Shanten"), el("th", { scope: "col" }, "Improving tiles (live)")]),
          ...answer.discards.map((d) =>
            el("tr", {}, [
              el("td", {}, [tileElement(d.discard, { small: true })]),
              el("td", {}, d.shanten === 0 ? "ready" : String(d.shanten)),
              el("td", {}, [
                tileRow(d.improving.map((t) => t.tile), "Improving tiles", { small: true, each: (tile) => ({ small: true, badge: String(d.improving.find((t) => t.tile === tile).live) }) }),
                el("span", {}, ` ${d.improvingLive} live`),
              ]),
            ]),
          ),
        ]),
      );
    }
    return parts;
  }

  async function handAnswer() {
    renderHand();
    const count = parseTiles(handInput.value).length + 3 * melds().length;
    // 3n+2 tiles: what to discard; otherwise what it waits on (the service says what is wrong).
    await showBusy($("mj-answer"), count % 3 === 2 ? analyze : waits);
  }

  async function score() {
    const tiles = parseTiles(handInput.value);
    const winningTile = $("mj-winning").value.trim() || tiles.at(-1) || "";
    const answer = await guarded($("mj-score-error"), () =>
      client.mahjongScore({
        rules: rules(),
        hand: handInput.value,
        melds: melds(),
        winningTile,
        context: {
          method: Number($("mj-method").value),
          seatWind: Number($("mj-seat").value),
          roundWind: Number($("mj-round").value),
          riichi: { riichi: $("mj-riichi").checked, doraIndicators: $("mj-dora").value },
        },
      }),
    );
    if (!answer) return [];
    const t = answer.totals;
    const totals = [];
    if (t.han) totals.push(`${t.han} han`);
    if (t.fu) totals.push(`${t.fu} fu`);
    if (t.yakuman) totals.push(`${t.yakuman} yakuman`);
    if (t.fan) totals.push(`${t.fan} fan`);
    if (t.limit !== RiichiLimit.UNSPECIFIED) totals.push(t.limitName);
    totals.push(`base ${t.basePoints}`, `winner gains ${t.winnerGain}`);
    const elementRow = (e) =>
      el("tr", {}, [el("td", {}, e.name), el("td", {}, `${e.value} ${UNIT_TEXT[e.unit] ?? ""}`), el("td", {}, String(e.count)), el("td", {}, e.excludedBy)]);
    const header = el("tr", {}, ["Element", "Value", "Count", "Excluded by"].map((h) => el("th", { scope: "col" }, h)));
    const parts = [
      el("h3", {}, `MahjongScore (winning tile ${winningTile})`),
      el("p", { id: "mj-score-summary", class: answer.valid ? "verdict legal" : "verdict illegal" }, [
        el("strong", {}, answer.valid ? "A valid win. " : `Not a valid win (${enumText(WinInvalidReason, answer.invalidReason)}). `),
        answer.message,
      ]),
      ...decompositionView(answer.decomposition),
      el("p", { id: "mj-totals" }, `Totals: ${totals.join(" · ")}`),
    ];
    if (answer.elements.length > 0) parts.push(el("table", { class: "elements", id: "mj-elements" }, [el("caption", {}, "Scoring elements"), header, ...answer.elements.map(elementRow)]));
    if (answer.fu.length > 0) parts.push(el("table", { class: "elements", id: "mj-fu" }, [el("caption", {}, "Fu, before rounding"), header.cloneNode(true), ...answer.fu.map(elementRow)]));
    if (answer.excluded.length > 0) parts.push(el("table", { class: "elements" }, [el("caption", {}, "Excluded fans"), header.cloneNode(true), ...answer.excluded.map(elementRow)]));
    if (answer.payments.length > 0) {
      parts.push(
        el("table", { class: "scores", id: "mj-payments" }, [
          el("caption", {}, "Payments"),
          el("tr", {}, answer.payments.map((p) => el("th", { scope: "col" }, p.seat === SeatWind.UNSPECIFIED ? "the discarder" : enumText(SeatWind, p.seat)))),
          el("tr", {}, answer.payments.map((p) => el("td", {}, p.points > 0n ? `+${p.points}` : String(p.points)))),
        ]),
      );
    }
    return parts;
  }

  $("mj-form").addEventListener("submit", (event) => {
    event.preventDefault();
    handAnswer();
  });
  $("mj-score-form").addEventListener("submit", (event) => {
    event.preventDefault();
    renderHand();
    showBusy($("mj-score-answer"), score);
  });
  // A changed hand, meld or visible tile makes the last answer stale: it goes.
  for (const input of [handInput, $("mj-melds"), $("mj-visible")]) {
    input.addEventListener("input", () => {
      renderHand();
      $("mj-answer").replaceChildren();
      $("mj-score-answer").replaceChildren();
    });
  }
  $("mj-preset").addEventListener("change", handAnswer);
  $("mj-void").addEventListener("change", handAnswer);
  renderHand();
}
