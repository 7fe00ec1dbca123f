// The client of the service (gRPC-Web on the page's own origin) and how a failed call is shown:
// the gRPC status name and number, the service's message, and the field violations of the
// google.rpc.BadRequest detail carried in grpc-status-details-bin.
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import { CardRulesService } from "../gen/cardrules/v1/service_pb.js";

const transport = createGrpcWebTransport({
  baseUrl: window.location.origin,
  useBinaryFormat: true,
});

/** The CardRulesService client. */
export const client = createClient(CardRulesService, transport);

/** gRPC's names of the status codes, by number (Connect's `Code` numbers are gRPC's). */
const STATUS_NAMES = [
  "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND",
  "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED",
  "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
];

/** The field violations of an encoded google.rpc.BadRequest: [{field, description}]. */
function badRequestViolations(bytes) {
  const violations = [];
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [number, wireType] = reader.tag();
    if (number === 1 && wireType === WireType.LengthDelimited) {
      // FieldViolation: 1 field, 2 description (3 reason, 4 localized_message are not used).
      const inner = new BinaryReader(reader.bytes());
      const violation = { field: "", description: "" };
      while (inner.pos < inner.len) {
        const [n, w] = inner.tag();
        if (n === 1 && w === WireType.LengthDelimited) violation.field = inner.string();
        else if (n === 2 && w === WireType.LengthDelimited) violation.description = inner.string();
        else inner.skip(w, n);
      }
      violations.push(violation);
    } else {
      reader.skip(wireType, number);
    }
  }
  return violations;
}

/** A failed call as shown: {status, code, message, violations}. */
export function describeError(error) {
  const e = ConnectError.from(error);
  const violations = [];
  for (const detail of e.details) {
    if (detail.type === "google.rpc.BadRequest" && detail.value instanceof Uint8Array) {
      violations.push(...badRequestViolations(detail.value));
    }
  }
  return {
    code: e.code,
    status: STATUS_NAMES[e.code] ?? Code[e.code] ?? String(e.code),
    message: e.rawMessage,
    violations,
  };
}

/** The error box of `panel`: shows `error`, or clears itself when `error` is null. */
export function showError(box, error) {
  box.replaceChildren();
  box.hidden = error == null;
  if (error == null) return;
  const info = describeError(error);
  const title = document.createElement("p");
  title.className = "error-title";
  title.textContent = `${info.status} (grpc-status ${info.code}): ${info.message}`;
  box.append(title);
  if (info.violations.length > 0) {
    const list = document.createElement("ul");
    list.className = "violations";
    for (const v of info.violations) {
      const item = document.createElement("li");
      const field = document.createElement("code");
      field.textContent = v.field;
      item.append(field, `: ${v.description}`);
      list.append(item);
    }
    box.append(list);
  }
}

/** Runs `call` with `box` showing its failure (and cleared on success); the answer or null. */
export async function guarded(box, call) {
  try {
    const answer = await call();
    showError(box, null);
    return answer;
  } catch (error) {
    showError(box, error);
    return null;
  }
}

/** An enum value's name for people: "TRIO_WITH_SINGLE" -> "trio with single". */
export function enumText(enumObject, value) {
  const name = enumObject[value];
  return name === undefined ? String(value) : name.toLowerCase().replaceAll("_", " ");
}
