// A gRPC-Web client of cardrules made with Connect's browser transport, run under Node (whose
// fetch stands in for the browser's). The service comes from the FileDescriptorSet of proto/
// (`buf build -o`), so no code is generated. Each call sends an Origin header as a page on
// ORIGIN would, and checks the CORS header a browser would demand.
// usage: node client.mjs BASE_URL DESCRIPTOR_SET ORIGIN
import { readFileSync } from "node:fs";
import { createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";

const [baseUrl, descriptorSet, origin] = process.argv.slice(2);
const registry = createFileRegistry(
  fromBinary(FileDescriptorSetSchema, readFileSync(descriptorSet)),
);
const service = registry.getService("cardrules.v1.CardRulesService");
const transport = createGrpcWebTransport({
  baseUrl,
  useBinaryFormat: true,
  interceptors: [
    (next) => async (request) => {
      request.header.set("Origin", origin);
      return next(request);
    },
  ],
});
const client = createClient(service, transport);

const show = (value) => JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v));
let failed = 0;
function check(name, ok, detail = "") {
  console.log(`${ok ? "ok  " : "FAIL"} gRPC-Web ${name}${ok ? "" : ` ${detail}`}`);
  if (!ok) failed++;
}

// A seeded Dou Dizhu deal: three hands of 17 and a kitty of 3.
let allowOrigin;
const deal = await client.deal(
  { game: 1, seed: 42n },
  { onHeader: (headers) => (allowOrigin = headers.get("access-control-allow-origin")) },
);
check(
  "Deal answers three hands of 17 and a kitty of 3",
  deal.hands.length === 3 && deal.hands.every((h) => h.cards.length === 17) && deal.kitty.length === 3,
  show(deal),
);
check("Deal answer allows the page's origin (CORS)", allowOrigin === origin, String(allowOrigin));

// A legal play, and a malformed one (INVALID_ARGUMENT with a google.rpc.BadRequest detail).
const verdict = await client.validatePlay({ play: ["4"], previous: ["3"] });
check("ValidatePlay says a 4 beats a 3", verdict.legal === true, show(verdict));
try {
  await client.validatePlay({ hand: ["3S", "1X"], play: ["3S"] });
  check("ValidatePlay refuses the card 1X", false, "answered OK");
} catch (error) {
  const e = ConnectError.from(error);
  check(
    "ValidatePlay refuses the card 1X with INVALID_ARGUMENT and a BadRequest detail",
    e.code === Code.InvalidArgument && e.details.some((d) => d.type === "google.rpc.BadRequest"),
    `${Code[e.code]}: ${e.rawMessage} ${JSON.stringify(e.details.map((d) => d.type))}`,
  );
}

const waits = await client.mahjongWaits({ hand: "1112345678999m" });
check("MahjongWaits: nine gates waits on nine tiles", waits.waits.length === 9, show(waits));

process.exit(failed === 0 ? 0 : 1);
