import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

/**
 * The API's OpenAPI 3.1 document as a checker: which operation a request is for, whether the
 * request is one the document allows, and whether the answer is one it documents. Schemas are
 * checked by Ajv in JSON Schema 2020-12, the dialect OpenAPI 3.1 uses, with its formats.
 */

export type Schema = Record<string, any>;

export type Parameter = {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  allowEmptyValue?: boolean;
  schema: Schema;
};

export type MediaTypes = Record<string, { schema?: Schema }>;

export type OperationSpec = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: MediaTypes };
  responses: Record<string, { description: string; content?: MediaTypes }>;
  security?: Array<Record<string, string[]>>;
  summary?: string;
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OperationSpec>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
};

export type Operation = {
  method: string;
  path: string;
  /** `GET /api/v1/seo-llm/analyses/{id}`: how messages name it. */
  label: string;
  spec: OperationSpec;
  /** The operation's place in the document, as a JSON pointer. */
  pointer: string;
  matcher: RegExp;
  paramNames: string[];
};

/** One way a request or a response departs from the document: where (a JSON pointer or a name) and how. */
export type Problem = { at: string; message: string };

const DOCUMENT_ID = "https://sightline.test/openapi.json";
const METHODS = ["get", "put", "post", "delete", "patch"];

const escapePointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"));
export const pointerTo = (...segments: string[]) => segments.map((segment) => `/${escapePointer(segment)}`).join("");

export class Contract {
  readonly operations: Operation[];
  readonly #ajv: Ajv2020;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    if (!document.openapi?.startsWith("3.1")) throw new Error(`Not an OpenAPI 3.1 document: ${document.openapi}`);
    // strict: false because OpenAPI adds its own annotations (example, discriminator…) to the dialect.
    this.#ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    this.operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, spec]) => {
          const paramNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
          const pattern = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "([^/]+)");
          return {
            method: method.toUpperCase(),
            path,
            label: `${method.toUpperCase()} ${path}`,
            spec,
            pointer: pointerTo("paths", path, method),
            matcher: new RegExp(`^${pattern}$`),
            paramNames,
          };
        }),
    );
  }

  /** The operation a request is routed to: a literal segment wins over a parameter, as in the routers. */
  find(method: string, pathname: string): { operation: Operation; params: Record<string, string> } | undefined {
    const candidates = this.operations
      .filter((operation) => operation.method === method.toUpperCase())
      .map((operation) => ({ operation, match: operation.matcher.exec(pathname) }))
      .filter((entry): entry is { operation: Operation; match: RegExpExecArray } => entry.match !== null)
      .sort((a, b) => a.operation.paramNames.length - b.operation.paramNames.length);
    const [best] = candidates;
    if (!best) return undefined;
    const params = Object.fromEntries(best.operation.paramNames.map((name, index) => [name, decode(best.match[index + 1])]));
    return { operation: best.operation, params };
  }

  /** A schema with its `$ref` followed (components only, as the generator writes them). */
  resolve(schema: Schema | undefined): Schema {
    let current = schema ?? {};
    for (let hops = 0; typeof current.$ref === "string" && hops < 20; hops++) {
      const name = current.$ref.replace(/^#\/components\/schemas\//, "");
      current = this.document.components?.schemas?.[name] ?? {};
    }
    return current;
  }

  /** Checks `value` against the schema at `pointer` in the document; `at` prefixes the problems' places. */
  validate(pointer: string, value: unknown, at: string): Problem[] {
    let validate = this.#validators.get(pointer);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      this.#validators.set(pointer, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => ({ at: `${at}${error.instancePath}`, message: explain(error) }));
  }
}

function explain(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "enum") return `${error.message}: ${JSON.stringify(params.allowedValues)}`;
  if (error.keyword === "additionalProperties") return `${error.message}: "${String(params.additionalProperty)}"`;
  if (error.keyword === "const") return `${error.message}: ${JSON.stringify(params.allowedValue)}`;
  return error.message ?? error.keyword;
}

function decode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The JSON types a schema admits, looking through `anyOf`/`oneOf`/`enum`/`const`. */
export function typesOf(contract: Contract, schema: Schema | undefined): Set<string> {
  const resolved = contract.resolve(schema);
  const types = new Set<string>();
  const add = (type: unknown) => {
    if (Array.isArray(type)) for (const entry of type) types.add(String(entry));
    else if (typeof type === "string") types.add(type);
  };
  add(resolved.type);
  for (const value of [...(resolved.enum ?? []), ...("const" in resolved ? [resolved.const] : [])]) {
    add(value === null ? "null" : Number.isInteger(value) ? "integer" : typeof value);
  }
  for (const option of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) for (const type of typesOf(contract, option)) types.add(type);
  return types;
}

/**
 * A query or path value as the JSON value the document describes: query strings carry digits and
 * `true`/`false`, which become numbers and booleans where the schema wants them.
 */
export function fromParameterText(types: Set<string>, text: string): unknown {
  if ((types.has("integer") && /^-?\d+$/.test(text)) || (types.has("number") && /^-?\d+(\.\d+)?$/.test(text))) return Number(text);
  if (types.has("boolean") && (text === "true" || text === "false")) return text === "true";
  return text;
}

export const mediaTypeOf = (contentType: string | null) => (contentType ?? "").split(";")[0].trim().toLowerCase();

/** The declared media type a content type falls under (`application/json; charset=utf-8` → `application/json`). */
export function declaredMediaType(content: MediaTypes | undefined, contentType: string | null): string | undefined {
  const media = mediaTypeOf(contentType);
  return Object.keys(content ?? {}).find((declared) => declared.toLowerCase() === media);
}
