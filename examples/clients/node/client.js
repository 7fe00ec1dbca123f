#!/usr/bin/env node
// A cardrules client in Node: calls every RPC of CardRulesService, the standard health service,
// and reads the google.rpc.BadRequest detail of an INVALID_ARGUMENT answer.
//
// @grpc/proto-loader reads the .proto files at start-up (no generated code):
//
//   npm install && node client.js localhost:50051
//
// Each check is one small function registered with check() and named after the RPC it calls; a
// new RPC is one more (the coverage check fails until it has one). Exits 1 when any answer is not
// the expected one.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const assert = require('node:assert/strict');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const protobuf = require('protobufjs');
const health = require('grpc-health-check');

const PROTO_DIR = process.env.CARDRULES_PROTO_DIR || path.resolve(__dirname, '../../../proto');
// The published service config: retries of UNAVAILABLE and RESOURCE_EXHAUSTED with backoff, and a
// default deadline per RPC family.
const SERVICE_CONFIG = process.env.CARDRULES_SERVICE_CONFIG ||
  path.resolve(__dirname, '../../../deploy/service-config.json');
// Every call carries a deadline: a stuck server fails the check instead of hanging the client.
// The service config's per-family timeout also applies; the earlier of the two wins.
const TIMEOUT_MS = 10_000;

// camelCase field names, enums as their names, 64-bit integers as strings (the seed is uint64).
const LOADER_OPTIONS = { enums: String, longs: String, defaults: true, oneofs: true };

function loadService(file, includeDir, serviceName) {
  const definition = protoLoader.loadSync(file, { ...LOADER_OPTIONS, includeDirs: [includeDir] });
  const root = grpc.loadPackageDefinition(definition);
  return serviceName.split('.').reduce((node, part) => node[part], root);
}

// google.rpc.Status and BadRequest, as in googleapis' google/rpc/{status,error_details}.proto,
// to read the grpc-status-details-bin trailer.
const rpcTypes = protobuf.Root.fromJSON(protobuf.common.get('google/protobuf/any.proto'));
protobuf.parse(`
  syntax = "proto3";
  package google.rpc;
  message Status { int32 code = 1; string message = 2; repeated google.protobuf.Any details = 3; }
  message BadRequest {
    message FieldViolation { string field = 1; string description = 2; }
    repeated FieldViolation field_violations = 1;
  }`, rpcTypes);
const Status = rpcTypes.lookupType('google.rpc.Status');
const BadRequest = rpcTypes.lookupType('google.rpc.BadRequest');

/** The fields a google.rpc.BadRequest in an error's details names, in order. */
function badRequestFields(error) {
  const [bytes] = error.metadata.get('grpc-status-details-bin');
  assert.ok(bytes, 'no grpc-status-details-bin trailer');
  return Status.decode(bytes).details
    .filter((detail) => detail.type_url === 'type.googleapis.com/google.rpc.BadRequest')
    .flatMap((detail) => BadRequest.decode(detail.value).fieldViolations.map((v) => v.field));
}

/** Promise-returning call of a unary method with a deadline. */
function call(client, method, request) {
  return new Promise((resolve, reject) => {
    client[method](request, { deadline: Date.now() + TIMEOUT_MS }, (error, response) =>
      error ? reject(error) : resolve(response));
  });
}

// Each check: a name and a function of the connected clients that throws on a wrong answer.
const CHECKS = [];
const check = (name, fn) => CHECKS.push([name, fn]);

check('Deal: a seeded deal is reproducible and deals 20 + 17 + 17 with a kitty of 3',
  async ({ rules }) => {
    const request = { game: 'GAME_DOUDIZHU', seed: 42, landlordSeat: 0 };
    const first = await call(rules, 'Deal', request);
    assert.deepEqual(await call(rules, 'Deal', request), first, 'the same seed, the same deal');
    assert.deepEqual(first.hands.map((hand) => hand.cards.length), [20, 17, 17], 'hand sizes');
    assert.equal(first.hands[0].isLandlord, true, 'seat 0 is the landlord');
    assert.deepEqual(first.kitty, ['5D', '7C', 'KS'], 'kitty of seed 42');
    assert.deepEqual(first.hands[0].cards.slice(0, 3), ['4D', '5S', '5D'], 'lowest cards');
  });

check('ValidatePlay: an airplane beats a lower airplane; a low four-with-pairs is TOO_LOW',
  async ({ rules }) => {
    const legal = await call(rules, 'ValidatePlay', {
      hand: ['10S', '10H', '10C', 'JS', 'JH', 'JD', '4C', '9D', '2S', 'BJ', 'RJ'],
      play: ['10S', '10H', '10C', 'JS', 'JH', 'JD', '4C', '9D'],
      previous: ['5', '5', '5', '6', '6', '6', '8', '8'],
    });
    assert.equal(legal.legal, true, 'legal');
    assert.equal(legal.reading.type, 'COMBO_TYPE_AIRPLANE_WITH_SINGLES', 'reading');
    const tooLow = await call(rules, 'ValidatePlay', {
      rules: { preset: 'DOUDIZHU_PRESET_PERMISSIVE' },
      play: ['3', '3', '3', '3', '4', '4', '4', '4'],
      previous: ['5', '5', '5', '5', '9', '9', 'J', 'J'],
    });
    assert.equal(tooLow.legal, false, 'legal');
    assert.equal(tooLow.reason, 'ILLEGAL_PLAY_REASON_TOO_LOW', 'reason');
    assert.equal(tooLow.readings.length, 2, 'readings of 33334444 under PERMISSIVE');
  });

check('CompareCombos: a bomb beats a straight',
  async ({ rules }) => {
    const answer = await call(rules, 'CompareCombos', {
      a: ['7', '7', '7', '7'],
      b: ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'],
    });
    assert.equal(answer.outcome, 'COMPARISON_OUTCOME_A_BEATS_B', 'outcome');
    assert.equal(answer.aReading.type, 'COMBO_TYPE_BOMB', "A's reading");
  });

check('ListPlays: the two plays that beat a 3-7 straight',
  async ({ rules }) => {
    const answer = await call(rules, 'ListPlays', {
      hand: ['3S', '5H', '6C', '7D', '8S', '8H', '8C', '8D', '9S', '2S', 'BJ'],
      previous: ['3', '4', '5', '6', '7'],
    });
    assert.deepEqual(answer.plays.map((play) => play.cards),
      [['5H', '6C', '7D', '8S', '9S'], ['8S', '8H', '8C', '8D']], 'plays');
    assert.equal(answer.truncated, false, 'truncated');
  });

check('FitWildcards: with 10 wild, J J J + a 10 is first a soft bomb of jacks, over 999+4',
  async ({ rules }) => {
    const answer = await call(rules, 'FitWildcards', {
      rules: { wildRanks: ['10'] },
      play: ['JS', 'JH', 'JD', '10S'],
      previous: ['9', '9', '9', '4'],
      limit: 2,
    });
    const [first] = answer.fits;
    assert.equal(first.reading.type, 'COMBO_TYPE_BOMB', 'first fit');
    assert.equal(first.reading.bombKind, 'BOMB_KIND_SOFT', 'bomb kind');
    assert.deepEqual(first.assignments.map((a) => [a.card, a.rank]), [['10S', 'J']],
      "the wildcard's rank");
    assert.equal(first.beatsPrevious, true, 'beats 999+4');
    assert.deepEqual([answer.fits.length, answer.truncated], [2, true], 'limit');
  });

check('MahjongWaits: 123m456p789s1122z waits on 1z and 2z, 3 live with one 1z visible',
  async ({ rules }) => {
    const answer = await call(rules, 'MahjongWaits', { hand: '123m456p789s1122z', visible: '1z' });
    assert.equal(answer.ready, true, 'ready');
    const waits = answer.waits.map((wait) => [wait.tile, wait.live]);
    assert.deepEqual(waits, [['1z', 1], ['2z', 2]], 'waits');
    assert.equal(answer.liveTotal, 3, 'live total');
  });

check('MahjongAnalyze: with three melds, discarding 5z leaves a hand ready on 1m 4m',
  async ({ rules }) => {
    const answer = await call(rules, 'MahjongAnalyze', {
      hand: '23m11z5z',
      visible: '1m4m',
      melds: [
        { kind: 'MELD_KIND_PON', tiles: '777z' },
        { kind: 'MELD_KIND_CHI', tiles: '345p' },
        { kind: 'MELD_KIND_KAN', tiles: '9999s', concealed: true },
      ],
    });
    assert.equal(answer.complete, false, 'complete');
    const [best] = answer.discards;
    assert.deepEqual([best.discard, best.shanten], ['5z', 0], 'best discard, shanten it leaves');
    const improving = best.improving.map((tile) => [tile.tile, tile.live]);
    assert.deepEqual(improving, [['1m', 3], ['4m', 3]], 'improving');
  });

check("MahjongScore: the dealer's self-drawn haku hand with a double-East pair is 40 fu 2 han",
  async ({ rules }) => {
    const answer = await call(rules, 'MahjongScore', {
      hand: '123m456p789s11555z',
      winningTile: '9s',
      context: { method: 'WIN_METHOD_SELF_DRAWN', riichi: { honba: 1 } },
    });
    assert.equal(answer.valid, true, 'valid');
    const ids = answer.elements.map((element) => element.id);
    assert.deepEqual(ids, ['riichi.menzen_tsumo', 'riichi.yakuhai_haku'], 'yaku');
    assert.deepEqual([answer.totals.fu, answer.totals.han], [40, 2], 'fu and han');
    const points = answer.payments.map((payment) => payment.points);
    assert.deepEqual(points, ['4200', '-1400', '-1400', '-1400'], 'payments (int64 as strings)');
  });

/** A game record of a seeded deal: bids as [seat, action name], plays as [seat, cards]. */
function seededRecord(seed, bids = [], plays = []) {
  return {
    seededDeal: { seed: String(seed) },
    bids: bids.map(([seat, action]) => ({ seat, action })),
    plays: plays.map(([seat, cards]) => ({ seat, cards })),
  };
}

check('NextActions: seed 42, seat 0 bids first; after its bid of 3 it leads with 20 cards',
  async ({ rules }) => {
    let answer = await call(rules, 'NextActions', { record: seededRecord(42) });
    assert.equal(answer.phase, 'DOUDIZHU_GAME_PHASE_BIDDING', 'phase');
    assert.equal(answer.seat, 0, 'seat to act');
    assert.equal(answer.bids.at(-1), 'DOUDIZHU_BID_ACTION_BID_THREE', 'highest bid offered');
    const record = seededRecord(42, [[0, 'DOUDIZHU_BID_ACTION_BID_THREE']]);
    answer = await call(rules, 'NextActions', { record, limit: 5 });
    assert.deepEqual([answer.seat, answer.mayPass, answer.truncated], [0, false, true], 'lead');
    assert.equal(answer.plays.length, 5, 'plays up to the limit');
    assert.equal(answer.state.seats[0].cardCount, 20, 'the landlord took the kitty');
  });

check('AdjudicateGame: a card the seat never held is illegal at plays[0]; all pass is a redeal',
  async ({ rules }) => {
    const record = seededRecord(42, [[0, 'DOUDIZHU_BID_ACTION_BID_THREE']], [[0, ['3S']]]);
    let answer = await call(rules, 'AdjudicateGame', { record });
    assert.equal(answer.verdict, 'DOUDIZHU_GAME_VERDICT_ILLEGAL', 'verdict');
    assert.equal(answer.violation.field, 'record.plays[0]', 'the illegal action');
    assert.equal(answer.violation.playReason, 'ILLEGAL_PLAY_REASON_NOT_IN_HAND', 'reason');
    const passes = [0, 1, 2].map((seat) => [seat, 'DOUDIZHU_BID_ACTION_PASS']);
    answer = await call(rules, 'AdjudicateGame', { record: seededRecord(42, passes) });
    assert.equal(answer.verdict, 'DOUDIZHU_GAME_VERDICT_REDEAL', 'verdict');
  });

check('Health: the server and CardRulesService are SERVING',
  async ({ healthClient }) => {
    for (const service of ['', 'cardrules.v1.CardRulesService']) {
      const answer = await call(healthClient, 'Check', { service });
      assert.equal(answer.status, 'SERVING', JSON.stringify(service));
    }
  });

check('Errors: a bad card is INVALID_ARGUMENT with a BadRequest violation on hand[1]',
  async ({ rules }) => {
    const error = await call(rules, 'ValidatePlay', { hand: ['3S', '1X'], play: ['3S'] }).then(
      () => assert.fail('the bad card was accepted'),
      (error) => error);
    assert.equal(error.code, grpc.status.INVALID_ARGUMENT, `status code (${error.message})`);
    assert.deepEqual(badRequestFields(error), ['hand[1]'], 'fields named by BadRequest');
  });

check('Coverage: every RPC of CardRulesService has a check named after it',
  async ({ rules }) => {
    const checked = new Set(CHECKS.map(([name]) => name.split(':')[0]));
    const rpcs = Object.keys(rules.constructor.service);
    assert.deepEqual(rpcs.filter((rpc) => !checked.has(rpc)), [], 'RPCs without a check');
  });

check('Batch: two messages on one stream, each item answered in order as its unary call',
  async ({ rules }) => {
    const deal = { game: 'GAME_DOUDIZHU', seed: '42', landlordSeat: 0 };
    const messages = [
      { items: [{ id: '1', deal }, { id: '2', validatePlay: { hand: ['3S', '1X'], play: ['3S'] } }] },
      { items: [{ id: '3', mahjongWaits: { hand: '1112345678999m' } }] },
    ];
    const answers = await new Promise((resolve, reject) => {
      const stream = rules.Batch({ deadline: Date.now() + TIMEOUT_MS });
      const received = [];
      stream.on('data', (answer) => received.push(answer));
      stream.on('error', reject);
      stream.on('end', () => resolve(received));
      for (const message of messages) stream.write(message);
      stream.end();
    });
    const ids = answers.map((answer) => answer.results.map((result) => result.id));
    assert.deepEqual(ids, [['1', '2'], ['3']], 'ids, in order');
    const [dealt, rejected] = answers[0].results;
    assert.equal(dealt.status.code, 0, "the deal's status");
    assert.deepEqual(dealt.deal, await call(rules, 'Deal', deal), 'the same deal as unary');
    assert.equal(rejected.status.code, grpc.status.INVALID_ARGUMENT, "the bad item's code");
    const fields = rejected.status.fieldViolations.map((violation) => violation.field);
    assert.deepEqual(fields, ['hand[1]'], 'its violations');
    assert.equal(answers[1].results[0].mahjongWaits.waits.length, 9, 'nine gates: nine waits');
  });

async function main() {
  const address = process.argv[2] || process.env.CARDRULES_ADDR || 'localhost:50051';
  const credentials = grpc.credentials.createInsecure();
  const CardRulesService =
    loadService('cardrules/v1/service.proto', PROTO_DIR, 'cardrules.v1.CardRulesService');
  const { protoPath } = health; // grpc-health-check ships the standard health.proto
  const Health =
    loadService(path.basename(protoPath), path.dirname(protoPath), 'grpc.health.v1.Health');
  // grpc-js parses the service config when the client is created (a bad one throws here) and
  // retries by default.
  const options = { 'grpc.service_config': fs.readFileSync(SERVICE_CONFIG, 'utf8') };
  const clients = {
    rules: new CardRulesService(address, credentials, options),
    healthClient: new Health(address, credentials),
  };
  try {
    await new Promise((resolve, reject) => clients.rules.waitForReady(
      Date.now() + TIMEOUT_MS, (error) => (error ? reject(error) : resolve())));
  } catch (error) {
    console.error(`node client: cannot connect to ${address}: ${error.message}`);
    return 1;
  }
  let failed = 0;
  for (const [name, fn] of CHECKS) {
    try {
      await fn(clients);
      console.log(`ok   ${name}`);
    } catch (error) {
      failed += 1;
      console.log(`FAIL ${name}: ${error.message}`);
    }
  }
  for (const client of Object.values(clients)) client.close();
  console.log(`node client: ${CHECKS.length - failed} passed, ${failed} failed against ${address}`);
  return failed ? 1 : 0;
}

main().then(
  (code) => { process.exitCode = code; },
  (error) => { console.error(error); process.exitCode = 1; });
