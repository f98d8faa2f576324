import { expect } from "vitest";
import { Contract, declaredMediaType, fromParameterText, type OpenApiDocument, type Operation, type Problem, pointerTo, typesOf } from "./openapi";

/**
 * The conformance check of the integration tests: every request the tests make through the API and
 * its answer are held against the OpenAPI document the API serves. A request the document allows
 * must get a documented answer; one it does not allow (a bad-input test) must get a documented 4xx.
 * Either way the answer's body must match the schema documented for its status.
 */

type Fetch = (request: Request, env?: any, executionCtx?: any) => Response | Promise<Response>;
type Checked = { fetch: Fetch };

type Violation = { test: string | undefined; exchange: string; problems: Problem[] };

const OPENAPI_PATH = "/api/v1/openapi.json";
const checked = new WeakSet<object>();
let contract: Promise<Contract> | undefined;
let found: Violation[] = [];

/** The document, read once from the first API checked (every instance serves the same one). */
function contractFrom(fetch: Fetch): Promise<Contract> {
  contract ??= (async () => {
    const res = await fetch(new Request(`http://localhost${OPENAPI_PATH}`));
    if (res.status !== 200) throw new Error(`${OPENAPI_PATH} answered ${res.status}`);
    return new Contract((await res.json()) as OpenApiDocument);
  })();
  return contract;
}

/** Wraps the API's `fetch`, which `request()` and Hono's `testClient` both go through. */
export function checkConformance(api: Checked) {
  if (checked.has(api)) return;
  checked.add(api);
  const original = api.fetch.bind(api);
  api.fetch = async (request, env, executionCtx) => {
    const copy = request.clone();
    const response = await original(request, env, executionCtx);
    const url = new URL(copy.url);
    if (url.pathname !== OPENAPI_PATH) {
      const problems = await checkExchange(await contractFrom(original), copy, response.clone());
      if (problems.length > 0) {
        found.push({ test: expect.getState().currentTestName, exchange: `${copy.method} ${url.pathname}${url.search} → ${response.status}`, problems });
      }
    }
    return response;
  };
}

/** The violations seen since the last call, as one readable message (empty when there were none). */
export function takeViolations(): string {
  const taken = found;
  found = [];
  return taken
    .map((violation) => [`${violation.exchange}${violation.test ? `  (in "${violation.test}")` : ""}`, ...violation.problems.map((p) => `    ${p.at}: ${p.message}`)].join("\n"))
    .join("\n");
}

type Exchange = { operation: Operation | undefined; requestProblems: Problem[]; problems: Problem[]; status: number; body: unknown };

/** What the document says of one request and its response. */
export async function checkExchange(contract: Contract, request: Request, response: Response): Promise<Problem[]> {
  return (await examineExchange(contract, request, response)).problems;
}

/** Where a request departs from the document (empty when it is one the document allows), and its operation. */
export async function requestProblemsFor(contract: Contract, request: Request): Promise<{ operation: Operation | undefined; problems: Problem[] }> {
  const match = contract.find(request.method, new URL(request.url).pathname);
  if (!match) return { operation: undefined, problems: [{ at: "path", message: "no operation of the document" }] };
  return { operation: match.operation, problems: await requestProblemsOf(contract, match.operation, match.params, request) };
}

async function examineExchange(contract: Contract, request: Request, response: Response): Promise<Exchange> {
  const url = new URL(request.url);
  const text = await response.text();
  const status = response.status;
  const body = parseJson(text);
  const match = contract.find(request.method, url.pathname);
  if (!match) {
    // Not an operation: the one answer is the JSON 404 every unknown route gets.
    const problems = status === 404 ? contract.validate(pointerTo("components", "schemas", "Error"), body.value, "response") : [{ at: "status", message: `${status} for a route the document does not list (expected 404)` }];
    return { operation: undefined, requestProblems: [], problems, status, body: body.value };
  }
  const { operation } = match;
  const requestProblems = await requestProblemsOf(contract, operation, match.params, request);
  const problems = responseProblemsOf(contract, operation, status, response.headers.get("content-type"), text, body);
  if (requestProblems.length > 0 && (status < 400 || status >= 500)) {
    const why = requestProblems.map((p) => `${p.at} ${p.message}`).join("; ");
    problems.push({ at: "status", message: `${status} answered a request the document does not allow (expected a documented 4xx): ${why}` });
  }
  return { operation, requestProblems, problems, status, body: body.value };
}

/** The router's answer to input its schema refused (server/http/router.ts): no code, and `errors` per field, each `{code, message}`. */
export function isSchemaRefusal(status: number, body: unknown): boolean {
  const error = body as { message?: unknown; code?: unknown; errors?: unknown } | null;
  return status === 400 && typeof error?.message === "string" && error.message.startsWith("Invalid request.") && error.code === undefined && error.errors !== undefined;
}

function parseJson(text: string): { ok: boolean; value: unknown } {
  if (text === "") return { ok: false, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: text };
  }
}

async function requestProblemsOf(contract: Contract, operation: Operation, pathParams: Record<string, string>, request: Request): Promise<Problem[]> {
  const problems: Problem[] = [];
  const { spec } = operation;
  if (spec.security?.some((requirement) => "bearerAuth" in requirement) && !/^bearer \S+$/i.test(request.headers.get("authorization") ?? "")) {
    problems.push({ at: "header authorization", message: "a bearer token is required" });
  }
  const query = new URL(request.url).searchParams;
  for (const [index, parameter] of (spec.parameters ?? []).entries()) {
    const pointer = `${operation.pointer}${pointerTo("parameters", String(index), "schema")}`;
    const where = `${parameter.in} ${parameter.name}`;
    const types = typesOf(contract, parameter.schema);
    let values: string[] = [];
    if (parameter.in === "path") values = pathParams[parameter.name] === undefined ? [] : [pathParams[parameter.name]];
    else if (parameter.in === "query") values = query.getAll(parameter.name);
    else if (parameter.in === "header") values = request.headers.has(parameter.name) ? [request.headers.get(parameter.name)!] : [];
    if (parameter.allowEmptyValue) values = values.filter((value) => value !== "");
    if (values.length === 0) {
      if (parameter.required) problems.push({ at: where, message: "is required" });
    } else if (types.has("array")) {
      problems.push(...contract.validate(pointer, values.map((value) => fromParameterText(typesOf(contract, contract.resolve(parameter.schema).items), value)), where));
    } else if (values.length > 1) {
      problems.push({ at: where, message: `given ${values.length} times; the document allows one value` });
    } else {
      problems.push(...contract.validate(pointer, fromParameterText(types, values[0]), where));
    }
  }
  const text = await request.text();
  const declared = spec.requestBody;
  if (!declared) return problems;
  const contentType = request.headers.get("content-type");
  if (!contentType) {
    if (text !== "") problems.push({ at: "body", message: "sent without a content type" });
    else if (declared.required) problems.push({ at: "body", message: "is required" });
    return problems;
  }
  const media = declaredMediaType(declared.content, contentType);
  if (!media) {
    problems.push({ at: "header content-type", message: `${contentType} is not one of ${Object.keys(declared.content).join(", ")}` });
    return problems;
  }
  // Multipart parts are files and form fields the handler reads itself; only JSON bodies have a schema to hold them to.
  if (!media.includes("json")) return problems;
  const body = parseJson(text);
  if (!body.ok) problems.push({ at: "body", message: text === "" ? "is empty" : "is not JSON" });
  else problems.push(...contract.validate(`${operation.pointer}${pointerTo("requestBody", "content", media, "schema")}`, body.value, "body"));
  return problems;
}

function responseProblemsOf(contract: Contract, operation: Operation, status: number, contentType: string | null, text: string, body: { ok: boolean; value: unknown }): Problem[] {
  const { responses } = operation.spec;
  const key = [String(status), `${String(status)[0]}XX`, "default"].find((candidate) => responses[candidate]);
  if (!key) return [{ at: "status", message: `${status} is not documented for ${operation.label} (documented: ${Object.keys(responses).join(", ")})` }];
  const content = responses[key].content;
  if (!content) return text === "" ? [] : [{ at: "body", message: `the ${key} answer is documented without a body, got ${text.slice(0, 80)}` }];
  const media = declaredMediaType(content, contentType);
  if (!media) return [{ at: "header content-type", message: `${contentType} is not one of ${Object.keys(content).join(", ")}` }];
  if (!body.ok) return [{ at: "body", message: `not JSON: ${String(body.value).slice(0, 80)}` }];
  return contract.validate(`${operation.pointer}${pointerTo("responses", key, "content", media, "schema")}`, body.value, "response");
}
