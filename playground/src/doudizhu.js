// The Dou Dizhu panel: deal, check a play (ValidatePlay, FitWildcards, ListPlays) and play a
// whole game seat by seat (NextActions), settled by AdjudicateGame.
import { Game } from "../gen/cardrules/v1/deal_pb.js";
import { BombKind, BombOrder, ComboType, IllegalPlayReason } from "../gen/cardrules/v1/doudizhu_pb.js";
import {
  DoudizhuBidAction,
  DoudizhuGamePhase,
  DoudizhuGameVerdict,
  DoudizhuSide,
} from "../gen/cardrules/v1/doudizhu_game_pb.js";
import { cardElement, cardRow, rankOf } from "./cards.js";
import { client, enumText, guarded } from "./rpc.js";
import { $, el, showBusy } from "./dom.js";

/** The optional rule overrides offered, each "preset's value / on / off". */
const BOOL_OVERRIDES = [
  ["trioWithPair", "Trio + pair (333+44)"],
  ["fourWithTwoSingles", "Four + two singles"],
  ["fourWithTwoPairs", "Four + two pairs"],
  ["kickersMayRepeat", "Kickers may repeat a rank"],
  ["kickersMayIncludeJoker", "A joker may be a kicker"],
  ["bombAsTwoPairs", "Four of a kind as two pairs"],
  ["wildcardsMayBeKickers", "Laizi: wildcards may be kickers"],
  ["allWildcardPlayNatural", "Laizi: an all-wildcard play is natural"],
];

const BID_TEXT = {
  [DoudizhuBidAction.PASS]: "Pass",
  [DoudizhuBidAction.BID_ONE]: "Bid 1",
  [DoudizhuBidAction.BID_TWO]: "Bid 2",
  [DoudizhuBidAction.BID_THREE]: "Bid 3",
  [DoudizhuBidAction.CALL]: "Call the landlord (叫地主)",
  [DoudizhuBidAction.GRAB]: "Grab (抢地主)",
  [DoudizhuBidAction.SHOW_HAND]: "Show the hand (明牌)",
  [DoudizhuBidAction.DOUBLE]: "Double (加倍)",
};

/** How many listed plays are drawn (the hints, a turn's legal plays). */
const SHOWN = 60;

/** A combo (DoudizhuCombo) in words: "pair of 5", "straight 3..7 + kickers". */
export function comboText(combo) {
  if (!combo) return "no combo";
  let text = enumText(ComboType, combo.type);
  if (combo.type === ComboType.ROCKET) return text;
  text += combo.chainLength > 1 ? ` ${combo.rank}..${combo.topRank}` : ` of ${combo.rank}`;
  if (combo.type === ComboType.BOMB && combo.copies > 4) text += ` (${combo.copies} cards)`;
  if (combo.kickers.length > 0) text += `, kickers ${combo.kickers.join(" ")}`;
  if (combo.wildAs.length > 0) text += `, wildcards as ${combo.wildAs.join(" ")}`;
  if (combo.bombKind !== BombKind.UNSPECIFIED) text += `, ${enumText(BombKind, combo.bombKind)} bomb`;
  return text;
}

/** Splits a typed play ("5 5", "10H,10S") into card codes. */
function typedCards(text) {
  return text.split(/[\s,]+/).filter((card) => card !== "").map((card) => card.toUpperCase());
}

export function setUpDoudizhu() {
  let deal = null;
  let seat = 0;
  let selected = new Set();
  let lastQuestion = null;

  // Overrides: one select per option.
  const overrides = $("ddz-overrides");
  for (const [field, text] of BOOL_OVERRIDES) {
    const select = el("select", { id: `ddz-o-${field}`, "data-field": field }, [
      el("option", { value: "" }, "preset's"),
      el("option", { value: "on" }, "on"),
      el("option", { value: "off" }, "off"),
    ]);
    overrides.append(el("label", {}, [`${text} `, select]));
  }
  const straight = el("select", { id: "ddz-o-minStraightLength" }, [
    el("option", { value: "" }, "preset's (5)"),
    ...[3, 4, 5, 6, 7].map((n) => el("option", { value: String(n) }, String(n))),
  ]);
  overrides.append(el("label", {}, ["Shortest straight ", straight]));
  const bombOrder = el("select", { id: "ddz-o-bombOrder" }, [
    el("option", { value: "0" }, "size, then rank (default)"),
    el("option", { value: String(BombOrder.SIZE_THEN_HARDNESS) }, "size, then hardness"),
    el("option", { value: String(BombOrder.HARDNESS_THEN_SIZE) }, "hardness, then size"),
    el("option", { value: String(BombOrder.SIZE_ONLY) }, "size only"),
  ]);
  overrides.append(el("label", {}, ["Laizi bomb order ", bombOrder]));

  /** The DoudizhuRules of the form; with the dealt wild ranks unless `forSeededGame`. */
  function rules(forSeededGame = false) {
    const rules = {
      preset: Number($("ddz-preset").value),
      game: Number($("ddz-game").value),
      wildRanks: forSeededGame || !deal ? [] : deal.wildcardRanks,
      bombOrder: Number(bombOrder.value),
    };
    for (const [field] of BOOL_OVERRIDES) {
      const value = $(`ddz-o-${field}`).value;
      if (value !== "") rules[field] = value === "on";
    }
    if (straight.value !== "") rules.minStraightLength = Number(straight.value);
    return rules;
  }

  /** The seed typed: a whole number 0..2^64-1, or undefined (empty: the server draws one). */
  function seedValue() {
    const text = $("ddz-seed").value.trim();
    if (text === "") return undefined;
    if (!/^[0-9]+$/.test(text) || BigInt(text) >= 2n ** 64n) throw new Error(`the seed must be a whole number from 0 to 2^64-1, not ${JSON.stringify(text)}`);
    return BigInt(text);
  }

  const isWild = (code) => deal !== null && deal.wildcardRanks.includes(rankOf(code));

  async function doDeal() {
    let seed;
    try {
      seed = seedValue();
    } catch (error) {
      const box = $("ddz-error");
      box.hidden = false;
      box.replaceChildren(el("p", { class: "error-title" }, `Not sent: ${error.message}`));
      return;
    }
    const answer = await guarded($("ddz-error"), () =>
      client.deal({ game: Number($("ddz-game").value), seed, wildcardDraw: Number($("ddz-wild").value) }),
    );
    if (!answer) return;
    deal = answer;
    $("ddz-seed").value = String(deal.seed);
    seat = 0;
    selected = new Set();
    lastQuestion = null;
    renderDeal();
    $("ddz-check").hidden = false;
    $("ddz-game-section").hidden = false;
    $("ddz-answer").replaceChildren();
    $("ddz-game-view").replaceChildren();
    game = null;
  }

  function renderDeal() {
    const view = $("ddz-deal-view");
    const seats = deal.hands.map((hand) =>
      el("div", { class: "seat" }, [
        el("h3", {}, `Seat ${hand.seat} (${hand.cards.length} cards)`),
        cardRow(hand.cards, `Seat ${hand.seat}'s hand`, { small: true, each: (code) => ({ small: true, wild: isWild(code) }) }),
      ]),
    );
    const facts = [`Seed ${deal.seed}`, `${deal.hands.length} players`];
    if (deal.wildcardRanks.length > 0) facts.push(`wild ranks (laizi): ${deal.wildcardRanks.join(", ")}`);
    view.replaceChildren(
      el("h2", {}, "The deal"),
      el("p", { id: "ddz-deal-facts" }, facts.join(" · ")),
      ...seats,
      el("div", { class: "seat" }, [
        el("h3", {}, `Kitty (底牌, ${deal.kitty.length} cards)`),
        cardRow(deal.kitty, "The kitty", { small: true, each: (code) => ({ small: true, wild: isWild(code) }) }),
      ]),
    );
    const seatSelect = $("ddz-seat");
    seatSelect.replaceChildren(...deal.hands.map((h) => el("option", { value: String(h.seat) }, `Seat ${h.seat}`)));
    seatSelect.value = String(seat);
    renderHand();
  }

  function hand() {
    return deal ? deal.hands[seat].cards : [];
  }

  function selectedCards() {
    return hand().filter((_, index) => selected.has(index));
  }

  function renderHand() {
    const cards = hand();
    const row = el("div", { class: "cards hand", role: "group", "aria-label": `Seat ${seat}'s hand: select cards to play` });
    cards.forEach((code, index) => {
      row.append(
        cardElement(code, {
          wild: isWild(code),
          selected: selected.has(index),
          onClick: (button) => {
            if (selected.has(index)) selected.delete(index);
            else selected.add(index);
            button.setAttribute("aria-pressed", selected.has(index) ? "true" : "false");
            renderSelected();
          },
        }),
      );
    });
    $("ddz-hand").replaceChildren(row);
    renderSelected();
  }

  function renderSelected() {
    const play = selectedCards();
    $("ddz-selected").replaceChildren(
      el("p", { id: "ddz-selected-text" }, play.length === 0 ? "Selected: nothing (a pass)" : `Selected: ${play.join(" ")}`),
    );
  }

  async function ask(question) {
    lastQuestion = question;
    await showBusy($("ddz-answer"), question);
  }

  async function validate() {
    const answer = await guarded($("ddz-check-error"), () =>
      client.validatePlay({ rules: rules(), hand: hand(), play: selectedCards(), previous: typedCards($("ddz-previous").value) }),
    );
    if (!answer) return [];
    const verdict = answer.legal
      ? el("p", { class: "verdict legal", id: "ddz-verdict" }, [el("strong", {}, "Legal. "), answer.message])
      : el("p", { class: "verdict illegal", id: "ddz-verdict" }, [
          el("strong", {}, `Illegal (${enumText(IllegalPlayReason, answer.reason)}). `),
          answer.message,
        ]);
    const parts = [el("h3", {}, "ValidatePlay"), verdict];
    if (answer.reading) parts.push(el("p", {}, `Made as: ${comboText(answer.reading)}`));
    if (answer.previousReading) parts.push(el("p", {}, `Against: ${comboText(answer.previousReading)}`));
    if (answer.readings.length > 1) {
      parts.push(el("p", {}, "Every reading:"), el("ul", {}, answer.readings.map((r) => el("li", {}, comboText(r)))));
    }
    return parts;
  }

  async function fit() {
    const play = selectedCards();
    const answer = await guarded($("ddz-check-error"), () =>
      client.fitWildcards({ rules: rules(), play, previous: typedCards($("ddz-previous").value), limit: 50 }),
    );
    if (!answer) return [];
    const parts = [
      el("h3", {}, "FitWildcards"),
      el("p", { id: "ddz-fit-summary" }, `${answer.wildcards} wildcard(s) in the play; ${answer.fits.length} fit(s)${answer.truncated ? " (more not shown)" : ""}.`),
    ];
    if (answer.previousReading) parts.push(el("p", {}, `Against: ${comboText(answer.previousReading)}`));
    const list = el("ol", { class: "fits" });
    for (const fit of answer.fits) {
      // Each wildcard of the play, shown with the rank it stands for in this fit.
      const assigned = [...fit.assignments];
      const cards = play.map((code) => {
        const index = assigned.findIndex((a) => a.card === code);
        if (index < 0) return cardElement(code, { wild: isWild(code) });
        const [assignment] = assigned.splice(index, 1);
        return cardElement(code, { wild: true, as: assignment.rank });
      });
      list.append(
        el("li", {}, [
          el("div", { class: "cards", role: "group", "aria-label": "The play with its wildcards' ranks" }, cards),
          el("span", {}, `${comboText(fit.reading)}${answer.previousReading ? (fit.beatsPrevious ? " — beats it" : " — does not beat it") : ""}`),
        ]),
      );
    }
    if (answer.fits.length === 0) parts.push(el("p", {}, "The cards fit no combo."));
    else parts.push(list);
    return parts;
  }

  async function hints() {
    const answer = await guarded($("ddz-check-error"), () =>
      client.listPlays({ rules: rules(), hand: hand(), previous: typedCards($("ddz-previous").value), limit: 2000 }),
    );
    if (!answer) return [];
    const parts = [
      el("h3", {}, "Hints (ListPlays)"),
      el("p", { id: "ddz-hints-summary" }, `${answer.plays.length}${answer.truncated ? "+" : ""} play(s)${answer.previousReading ? ` beating ${comboText(answer.previousReading)}` : " (leading)"}${answer.plays.length > SHOWN ? `, the first ${SHOWN} shown` : ""}. Choose one to select its cards.`),
    ];
    const list = el("ul", { class: "plays" });
    for (const play of answer.plays.slice(0, SHOWN)) {
      const button = el("button", { type: "button", class: "play-choice", "aria-label": `${play.cards.join(" ")}: ${comboText(play.reading)}` }, [
        cardRow(play.cards, "cards", { small: true, each: (code) => ({ small: true, wild: isWild(code) }) }),
        el("span", {}, comboText(play.reading)),
      ]);
      button.addEventListener("click", () => selectCards(play.cards));
      list.append(el("li", {}, [button]));
    }
    parts.push(list);
    return parts;
  }

  /** Selects `cards` in the hand (each the first unselected copy) and validates them. */
  function selectCards(cards) {
    selected = new Set();
    const codes = hand();
    for (const card of cards) {
      const index = codes.findIndex((code, i) => !selected.has(i) && (code === card || rankOf(code) === card));
      if (index >= 0) selected.add(index);
    }
    renderHand();
    ask(validate);
  }

  $("ddz-rules").addEventListener("submit", (event) => {
    event.preventDefault();
    doDeal();
  });
  $("ddz-random").addEventListener("click", () => {
    $("ddz-seed").value = "";
    doDeal();
  });
  $("ddz-seat").addEventListener("change", () => {
    seat = Number($("ddz-seat").value);
    selected = new Set();
    renderHand();
  });
  $("ddz-validate").addEventListener("click", () => ask(validate));
  $("ddz-fit").addEventListener("click", () => ask(fit));
  $("ddz-hints").addEventListener("click", () => ask(hints));
  $("ddz-clear").addEventListener("click", () => {
    selected = new Set();
    renderHand();
  });
  // A changed rule re-asks the last question, so its answer follows the rules.
  for (const input of document.querySelectorAll("#ddz-preset, #ddz-overrides select")) {
    input.addEventListener("change", () => {
      if (lastQuestion) ask(lastQuestion);
    });
  }

  // The whole game.
  let game = null;

  function newGame() {
    if (!deal) return;
    let base;
    try {
      base = BigInt($("ddz-base").value.trim() || "1");
    } catch {
      base = 0n;
    }
    game = {
      record: {
        rules: rules(true),
        flow: {
          scheme: Number($("ddz-scheme").value),
          doubling: $("ddz-doubling").checked,
          showHand: $("ddz-show").checked,
          scoring: { base },
        },
        deal: { case: "seededDeal", value: { seed: deal.seed, wildcardDraw: Number($("ddz-wild").value) } },
        bids: [],
        plays: [],
      },
      selected: new Set(),
      answer: null,
    };
    refreshGame();
  }

  async function nextActions() {
    return guarded($("ddz-game-error"), () => client.nextActions({ record: game.record, limit: 200 }));
  }

  /** Appends `action` (a bid or a play) and replays; an illegal action is shown and undone. */
  async function act(action) {
    const list = "action" in action ? game.record.bids : game.record.plays;
    list.push(action);
    const answer = await nextActions();
    if (!answer || answer.violation) {
      list.pop();
      if (answer?.violation) {
        $("ddz-game-error").hidden = false;
        $("ddz-game-error").replaceChildren(el("p", { class: "error-title" }, `Not allowed: ${answer.violation.message}`));
      }
      return false;
    }
    game.selected = new Set();
    await renderGame(answer);
    return true;
  }

  async function refreshGame() {
    const answer = await nextActions();
    if (answer) await renderGame(answer);
  }

  function undo() {
    if (game.record.plays.length > 0) game.record.plays.pop();
    else game.record.bids.pop();
    game.selected = new Set();
    refreshGame();
  }

  /** The first action listed: the highest bid while bidding, no show or double, the first play. */
  function firstAction(answer) {
    if (answer.seat === undefined) return null;
    if (answer.bids.length > 0) {
      const bid = answer.phase === DoudizhuGamePhase.BIDDING ? answer.bids.at(-1) : answer.bids[0];
      return { seat: answer.seat, action: bid };
    }
    if (answer.plays.length > 0) return { seat: answer.seat, cards: answer.plays[0].cards };
    return null;
  }

  async function step() {
    if (!game.answer) return false;
    const action = firstAction(game.answer);
    return action !== null && (await act(action));
  }

  async function playToTheEnd() {
    for (let i = 0; i < 400 && game.answer && game.answer.seat !== undefined; i++) {
      if (!(await step())) break;
    }
  }

  async function renderGame(answer) {
    game.answer = answer;
    const state = answer.state;
    const view = $("ddz-game-view");
    const parts = [];
    const phase = enumText(DoudizhuGamePhase, answer.phase);
    const facts = [`Phase: ${phase}`];
    if (answer.seat !== undefined) facts.push(`seat ${answer.seat} to act`);
    if (state.landlord !== undefined) facts.push(`landlord: seat ${state.landlord}`);
    if (state.bid > 0) facts.push(`bid ${state.bid}`);
    if (state.grabs > 0) facts.push(`${state.grabs} grab(s)`);
    if (state.bombsPlayed > 0) facts.push(`${state.bombsPlayed} bomb(s) played`);
    if (state.wildRanks.length > 0) facts.push(`wild ranks ${state.wildRanks.join(", ")}`);
    parts.push(el("p", { id: "ddz-game-facts", class: "facts" }, facts.join(" · ")));

    const wild = (code) => state.wildRanks.includes(rankOf(code));
    for (const s of state.seats) {
      const toAct = s.seat === answer.seat;
      const title = `Seat ${s.seat}${s.isLandlord ? " (landlord 地主)" : state.landlord !== undefined ? " (farmer)" : ""}: ${s.cardCount} cards${s.doubled ? ", doubled" : ""}${toAct ? " — to act" : ""}`;
      let row;
      if (toAct && answer.phase === DoudizhuGamePhase.PLAY) {
        row = el("div", { class: "cards hand", role: "group", "aria-label": `Seat ${s.seat}'s hand: select cards to play` });
        s.cards.forEach((code, index) =>
          row.append(
            cardElement(code, {
              small: true,
              wild: wild(code),
              selected: game.selected.has(index),
              onClick: (button) => {
                if (game.selected.has(index)) game.selected.delete(index);
                else game.selected.add(index);
                button.setAttribute("aria-pressed", game.selected.has(index) ? "true" : "false");
              },
            }),
          ),
        );
      } else {
        row = cardRow(s.cards, `Seat ${s.seat}'s hand`, { small: true, each: (code) => ({ small: true, wild: wild(code) }) });
      }
      parts.push(el("div", { class: toAct ? "seat to-act" : "seat" }, [el("h3", {}, title), row]));
    }
    if (answer.phase === DoudizhuGamePhase.PLAY) {
      parts.push(
        el("div", { class: "seat" }, [
          el("h3", {}, state.toBeatSeat === undefined ? "Leading: any play" : `To beat (seat ${state.toBeatSeat}): ${comboText(state.toBeatReading)}`),
          cardRow(state.toBeat, "The play to beat", { small: true, emptyText: "—" }),
        ]),
      );
    }

    // The actions.
    const actions = el("div", { class: "row actions", id: "ddz-actions" });
    for (const bid of answer.bids) {
      const button = el("button", { type: "button" }, BID_TEXT[bid] ?? enumText(DoudizhuBidAction, bid));
      button.addEventListener("click", () => act({ seat: answer.seat, action: bid }));
      actions.append(button);
    }
    if (answer.phase === DoudizhuGamePhase.PLAY && answer.seat !== undefined) {
      const playSelected = el("button", { type: "button", id: "ddz-play-selected" }, "Play the selected cards");
      playSelected.addEventListener("click", () => {
        const cards = state.seats[answer.seat].cards.filter((_, i) => game.selected.has(i));
        act({ seat: answer.seat, cards });
      });
      actions.append(playSelected);
      if (answer.mayPass) {
        const pass = el("button", { type: "button", id: "ddz-pass" }, "Pass");
        pass.addEventListener("click", () => act({ seat: answer.seat, cards: [] }));
        actions.append(pass);
      }
    }
    if (answer.seat !== undefined) {
      const stepButton = el("button", { type: "button", id: "ddz-step" }, "Step (first listed action)");
      stepButton.addEventListener("click", step);
      const endButton = el("button", { type: "button", id: "ddz-to-end" }, "Play to the end");
      endButton.addEventListener("click", playToTheEnd);
      actions.append(stepButton, endButton);
    }
    const undoButton = el("button", { type: "button", id: "ddz-undo" }, "Undo");
    undoButton.disabled = game.record.bids.length + game.record.plays.length === 0;
    undoButton.addEventListener("click", undo);
    actions.append(undoButton);
    parts.push(actions);

    const plays = answer.plays.filter((p) => p.cards.length > 0);
    if (plays.length > 0) {
      const list = el("ul", { class: "plays" });
      for (const play of plays.slice(0, SHOWN)) {
        const button = el("button", { type: "button", class: "play-choice", "aria-label": `Play ${play.cards.join(" ")}: ${comboText(play.reading)}` }, [
          cardRow(play.cards, "cards", { small: true, each: (code) => ({ small: true, wild: wild(code) }) }),
          el("span", {}, comboText(play.reading)),
        ]);
        button.addEventListener("click", () => act({ seat: answer.seat, cards: play.cards }));
        list.append(el("li", {}, [button]));
      }
      const more = plays.length > SHOWN || answer.truncated ? ` (first ${SHOWN} of ${plays.length}${answer.truncated ? "+" : ""} shown)` : "";
      parts.push(el("h3", {}, `Legal plays (NextActions)${more}`), list);
    }

    if (answer.phase === DoudizhuGamePhase.FINISHED || answer.phase === DoudizhuGamePhase.REDEAL) {
      const verdict = await guarded($("ddz-game-error"), () => client.adjudicateGame({ record: game.record }));
      if (verdict) parts.push(settlementView(verdict));
    }

    parts.push(
      el("details", {}, [
        el("summary", {}, `The record (${game.record.bids.length} bid-list actions, ${game.record.plays.length} plays)`),
        el("pre", { class: "record" }, JSON.stringify(game.record, (_, v) => (typeof v === "bigint" ? v.toString() : v), 1)),
      ]),
    );
    view.replaceChildren(...parts);
  }

  function settlementView(verdict) {
    const box = el("div", { class: "settlement", id: "ddz-settlement" }, [
      el("h3", {}, `AdjudicateGame: ${enumText(DoudizhuGameVerdict, verdict.verdict)}`),
      el("p", {}, verdict.message),
    ]);
    const s = verdict.settlement;
    if (!s) return box;
    box.append(
      el("p", { id: "ddz-settlement-winner" }, `Winner: seat ${s.winner} — the ${s.winningSide === DoudizhuSide.LANDLORD ? "landlord (地主)" : "farmers (农民)"} win. Landlord: seat ${s.landlord}.`),
      el("p", {}, `Base ${s.base} × bid ${s.bidMultiple} × bombs ${s.bombMultiple} × spring ${s.springMultiple}${s.spring ? " (春天)" : s.antiSpring ? " (反春天)" : ""} × show ${s.showMultiple}; doublings ${s.doubleMultiples.join(", ")}.`),
    );
    if (s.bombs.length > 0) {
      box.append(el("p", {}, `Bombs: ${s.bombs.map((b) => `play ${b.playIndex} by seat ${b.seat} (${enumText(ComboType, b.type)}, ×${b.multiplier})`).join("; ")}`));
    }
    const table = el("table", { class: "scores" }, [
      el("caption", {}, "Settlement per farmer, then each seat's score"),
      el("tr", {}, [el("th", { scope: "col" }, "Farmer"), el("th", { scope: "col" }, "Multiple"), el("th", { scope: "col" }, "Amount"), el("th", { scope: "col" }, "Capped")]),
      ...s.pairs.map((p) => el("tr", {}, [el("td", {}, `seat ${p.farmer}`), el("td", {}, String(p.multiple)), el("td", {}, String(p.amount)), el("td", {}, p.capped ? "yes" : "no")])),
    ]);
    const scores = el("table", { class: "scores", id: "ddz-scores" }, [
      el("tr", {}, s.scores.map((_, i) => el("th", { scope: "col" }, `Seat ${i}`))),
      el("tr", {}, s.scores.map((score) => el("td", {}, score > 0n ? `+${score}` : String(score)))),
    ]);
    box.append(table, scores);
    return box;
  }

  $("ddz-new-game").addEventListener("click", newGame);
  for (const input of document.querySelectorAll("#ddz-scheme, #ddz-doubling, #ddz-show")) {
    input.addEventListener("change", () => {
      if (game) newGame();
    });
  }

  // Dealt at once, so the page opens on something to look at.
  doDeal();
}
