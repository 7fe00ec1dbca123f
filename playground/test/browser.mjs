// Drives the playground in a real browser (Chromium, headless, through puppeteer-core): deals,
// selects a pair by keyboard and reads the verdict, asks for hints, fits wildcards, plays a game
// to the settlement, shows a service error, enters mahjong hands and reads their waits and
// discards, and scores a win. Each step saves a screenshot and checks its expected text; the
// run fails on any console error, page error, failed request or gRPC error the step did not
// expect.
// usage: node test/browser.mjs BASE_URL SCREENSHOT_DIR [CHROMIUM]
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";

const [baseUrl, shots, executablePath = "/usr/bin/chromium"] = process.argv.slice(2);
if (!baseUrl || !shots) {
  console.error("usage: node test/browser.mjs BASE_URL SCREENSHOT_DIR [CHROMIUM]");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
const profile = mkdtempSync(join(tmpdir(), "cardrules-playground-"));

const problems = [];
const browser = await puppeteer.launch({
  executablePath,
  headless: true,
  acceptInsecureCerts: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--user-data-dir=${profile}`,
    "--window-size=1280,900",
  ],
});
let failed = false;
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  page.setDefaultTimeout(30_000);
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`));
  // gRPC-Web errors come as HTTP 200 with a non-zero grpc-status header (trailers-only).
  let expectedErrors = 0;
  page.on("response", (response) => {
    const status = response.headers()["grpc-status"];
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.url()}`);
    else if (status !== undefined && status !== "0") {
      if (expectedErrors > 0) expectedErrors--;
      else problems.push(`gRPC status ${status} for ${response.url()}: ${response.headers()["grpc-message"]}`);
    }
  });

  let stepNumber = 0;
  /** Checks the page shows every text of `expected` and no error box, then saves a screenshot. */
  async function step(name, expected, { errorsShown = false } = {}) {
    stepNumber++;
    const file = join(shots, `${String(stepNumber).padStart(2, "0")}-${name}.png`);
    const text = await page.evaluate(() => document.body.innerText);
    const missing = expected.filter((want) => !text.includes(want));
    const errorBoxes = await page.$$eval(".error", (boxes) =>
      boxes.filter((box) => !box.hidden && box.offsetParent !== null).map((box) => box.innerText),
    );
    await page.screenshot({ path: file, fullPage: true });
    const ok = missing.length === 0 && (errorsShown ? errorBoxes.length > 0 : errorBoxes.length === 0);
    console.log(`${ok ? "ok  " : "FAIL"} ${name} (${file})`);
    if (missing.length > 0) console.log(`     missing text: ${JSON.stringify(missing)}`);
    if (!errorsShown && errorBoxes.length > 0) console.log(`     error shown: ${JSON.stringify(errorBoxes)}`);
    if (errorsShown && errorBoxes.length === 0) console.log("     no error shown");
    if (!ok) failed = true;
  }
  const waitText = (selector, text) =>
    page.waitForFunction(
      (s, t) => [...document.querySelectorAll(s)].some((e) => e.offsetParent !== null && e.innerText.includes(t)),
      {},
      selector,
      text,
    );
  async function setValue(selector, value) {
    await page.$eval(selector, (input, v) => {
      input.value = v;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }, value);
  }
  async function clickText(selector, text) {
    const handle = await page.waitForFunction(
      (s, t) => [...document.querySelectorAll(s)].find((e) => e.offsetParent !== null && e.innerText.trim() === t),
      {},
      selector,
      text,
    );
    await handle.asElement().click();
  }

  // 1. The page opens on a seeded deal.
  await page.goto(baseUrl, { waitUntil: "load" });
  await waitText("#ddz-deal-facts", "Seed 42");
  await step("deal", ["Seed 42", "3 players", "Seat 0 (17 cards)", "Seat 2 (17 cards)", "Kitty"]);

  // 2. A pair of seat 0's hand, selected with the keyboard, against a lower pair.
  const hand = await page.$$eval("#ddz-hand button.card", (cards) => cards.map((c) => c.dataset.card));
  const rank = (code) => code.replace(/[SHCD]$/, "");
  const order = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];
  let pair = null;
  for (let i = hand.length - 1; i > 0 && pair === null; i--) {
    if (rank(hand[i]) === rank(hand[i - 1]) && order.indexOf(rank(hand[i])) > 0) pair = [i - 1, i];
  }
  if (pair === null) throw new Error(`seat 0 holds no pair above 3s: ${hand.join(" ")}`);
  for (const index of pair) {
    const card = (await page.$$("#ddz-hand button.card"))[index];
    await card.focus();
    await page.keyboard.press("Space");
  }
  await setValue("#ddz-previous", "3 3");
  await page.click("#ddz-validate");
  await waitText("#ddz-verdict", "Legal");
  await step("pair-verdict", ["Legal.", `pair of ${rank(hand[pair[0]])}`, "Against: pair of 3"]);

  // 3. Hints: every play that beats the pair of 3s.
  await page.click("#ddz-hints");
  await waitText("#ddz-hints-summary", "play(s)");
  await step("hints", ["Hints (ListPlays)", "beating pair of 3", "pair of"]);

  // 3b. The rules switch the answer: leading, then without trio + pair (asked again at once).
  await setValue("#ddz-previous", "");
  await page.click("#ddz-hints");
  await waitText("#ddz-hints-summary", "(leading)");
  const leading = await page.$eval("#ddz-hints-summary", (e) => e.innerText);
  await page.select("#ddz-o-trioWithPair", "off");
  await page.waitForFunction((b) => document.querySelector("#ddz-hints-summary")?.innerText !== b, {}, leading);
  const withoutTrioPair = await page.$eval("#ddz-hints-summary", (e) => e.innerText);
  const count = (text) => Number(text.split(" ")[0]);
  if (!(count(withoutTrioPair) < count(leading))) {
    console.log(`FAIL without trio + pair the leads did not shrink: ${leading} / ${withoutTrioPair}`);
    failed = true;
  }
  await step("rules-switched", ["(leading)", "trio with single"]);
  await page.select("#ddz-o-trioWithPair", "");

  // 4. Laizi: one wild rank; a wildcard with another card, fitted.
  await page.select("#ddz-wild", "2");
  await page.click("#ddz-deal");
  await waitText("#ddz-deal-facts", "wild ranks (laizi)");
  const laiziHand = await page.$$eval("#ddz-hand button.card", (cards) => cards.map((c) => ({ card: c.dataset.card, wild: c.classList.contains("wild") })));
  const wildIndex = laiziHand.findIndex((c) => c.wild);
  const plainIndex = laiziHand.findIndex((c) => !c.wild && !["BJ", "RJ"].includes(c.card));
  if (wildIndex < 0) throw new Error("the laizi deal gave seat 0 no wildcard; choose another seed");
  await setValue("#ddz-previous", "");
  for (const index of [plainIndex, wildIndex]) await (await page.$$("#ddz-hand button.card"))[index].click();
  await page.click("#ddz-fit");
  await waitText("#ddz-fit-summary", "fit(s)");
  const shownAs = await page.$$eval("#ddz-answer .card .as", (badges) => badges.length);
  if (shownAs === 0) {
    console.log("FAIL no wildcard shows the rank it stands for");
    failed = true;
  }
  await step("wildcards", ["FitWildcards", "1 wildcard(s) in the play", "pair of", "as "]);

  // 5. A game from a plain deal: seat to act bids 3, two plays by hand, then to the end.
  await page.select("#ddz-wild", "1");
  await setValue("#ddz-seed", "42");
  await page.click("#ddz-deal");
  await waitText("#ddz-deal-facts", "Seed 42");
  await page.click("#ddz-new-game");
  await waitText("#ddz-game-facts", "Phase: bidding");
  await clickText("#ddz-actions button", "Bid 3");
  await waitText("#ddz-game-facts", "Phase: play");
  await step("game-bid", ["Phase: play", "landlord 地主", "20 cards", "Legal plays (NextActions)"]);
  // The landlord leads its first listed play (a single), the next seat plays its first answer,
  // the third passes; then every seat takes its first listed action to the end.
  const record = () => page.$eval("#ddz-game-view details summary", (e) => e.innerText);
  async function acting(action) {
    const before = await record();
    await action();
    await page.waitForFunction((b) => document.querySelector("#ddz-game-view details summary")?.innerText !== b, {}, before);
  }
  await acting(() => page.click("#ddz-game-view .play-choice"));
  await acting(() => page.click("#ddz-game-view .play-choice"));
  await acting(() => clickText("#ddz-actions button", "Pass"));
  await page.click("#ddz-to-end");
  await waitText("#ddz-settlement-winner", "Winner: seat");
  await step("game-settlement", ["AdjudicateGame: finished", "Winner: seat", "Landlord: seat", "Seat 0", "Seat 2", "Phase: finished"]);

  // 6. A malformed request: the service's status, message and field violation are shown.
  expectedErrors = 1;
  await setValue("#ddz-previous", "3 1X");
  await page.click("#ddz-validate");
  await waitText("#ddz-check-error", "INVALID_ARGUMENT");
  await step("service-error", ["INVALID_ARGUMENT (grpc-status 3)", "previous[1]"], { errorsShown: true });
  await setValue("#ddz-previous", "");
  await page.click("#ddz-clear");
  await page.click("#ddz-validate");
  await page.waitForFunction(() => document.querySelector("#ddz-check-error").hidden);

  // 7. Mahjong, reached with the keyboard: nine gates waits on nine tiles.
  await page.focus("#tab-doudizhu");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => !document.querySelector("#panel-mahjong").hidden);
  // Typed in MPSZ less one tile, which is then clicked in from the palette (the text follows).
  await setValue("#mj-hand", "111234567899m");
  await page.click("#mj-palette-box summary");
  await page.click('#mj-palette button.tile[data-tile="9m"]');
  const typed = await page.$eval("#mj-hand", (input) => input.value);
  if (typed !== "1112345678999m") {
    console.log(`FAIL the palette's 9m made the hand ${typed}`);
    failed = true;
  }
  await step("mahjong-tiles", ["13 tile(s)", "Add tiles by clicking"]);
  await page.click("#mj-analyze");
  await waitText("#mj-waits-summary", "Ready");
  const waits = await page.$$eval("#mj-waits li", (items) => items.length);
  if (waits !== 9) {
    console.log(`FAIL nine gates shows ${waits} waits, not 9`);
    failed = true;
  }
  await step("mahjong-waits", ["Ready (听牌)", "Waits: 9 tile(s)", "1m: 1 live", "5m: 3 live", "9m: 1 live"]);

  // 8. A dead wait: the other copies of east are visible.
  await setValue("#mj-hand", "123m456p789s1122z");
  await setValue("#mj-visible", "11z");
  await page.click("#mj-analyze");
  await waitText("#mj-answer", "Dead waits");
  await step("mahjong-dead-wait", ["2z: 2 live", "Dead waits", "the other copies are all visible"]);

  // 9. Discard advice for 14 tiles.
  await setValue("#mj-visible", "");
  await setValue("#mj-hand", "123m456p789s11225z");
  await page.click("#mj-analyze");
  await waitText("#mj-answer", "Discard advice");
  await step("mahjong-discards", ["MahjongAnalyze", "Discard advice, best first", "discard 5z: ready on 1z 2z"]);

  // 10. A riichi win scored: riichi, tanyao and pinfu on a two-sided wait, ron.
  await setValue("#mj-hand", "234567m234p66678s");
  await setValue("#mj-winning", "8s");
  await page.click("#mj-riichi");
  await page.click("#mj-score");
  await waitText("#mj-score-summary", "valid win");
  await step("mahjong-score", ["A valid win.", "Riichi", "Tanyao", "Pinfu", "han", "fu", "Payments"]);
} catch (error) {
  console.log(`FAIL ${error.stack ?? error}`);
  failed = true;
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
for (const problem of problems) console.log(`FAIL ${problem}`);
process.exit(failed || problems.length > 0 ? 1 : 0);
