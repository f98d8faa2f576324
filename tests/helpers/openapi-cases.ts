import type { Contract, Schema } from "./openapi";
import { typesOf } from "./openapi";

/**
 * Values made from the OpenAPI document's schemas, schemathesis-style: valid ones (typical, or at
 * the bounds) and invalid ones (wrong type, null, past a bound, bad format, unknown enum value,
 * missing required property). Deterministic: every choice comes from a seeded generator.
 */

/** mulberry32: small, seedable, good enough to pick test values. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    /** `count` of the items, in a random order, without repeats. */
    sample: <T>(items: readonly T[], count: number): T[] => {
      const pool = [...items];
      const out: T[] = [];
      while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
      return out;
    },
  };
}

export type Random = ReturnType<typeof random>;

/** A stable seed from a name, so an operation's cases do not change when another is added. */
export const seedOf = (name: string) => [...name].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0, 2166136261);

/** typical: a value from the middle; min/max: every bound at its smallest/largest (lengths, items, numbers). */
export type Mode = "typical" | "min" | "max";

/** Knows which real ids and values to put where a schema alone cannot tell (a course that exists). */
export type Hints = { value?: (path: string[], schema: Schema) => unknown };

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const HEX = "0123456789abcdef";

/** A version 4 uuid from the seeded generator. */
export function uuidFrom(rng: Random) {
  const hex = Array.from({ length: 32 }, () => rng.pick([...HEX]));
  hex[12] = "4";
  hex[16] = rng.pick(["8", "9", "a", "b"]);
  const text = hex.join("");
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
const word = (rng: Random, length: number) => Array.from({ length }, () => rng.pick([...ALPHABET])).join("");

export class ValueMaker {
  constructor(
    private readonly contract: Contract,
    private readonly rng: Random,
    private readonly hints: Hints = {},
  ) {}

  /** A value the schema accepts, in the given mode. */
  valid(schema: Schema | undefined, mode: Mode = "typical", path: string[] = []): unknown {
    const hinted = this.hints.value?.(path, this.contract.resolve(schema));
    if (hinted !== undefined) return hinted;
    const resolved = this.contract.resolve(schema);
    const options: Schema[] | undefined = resolved.anyOf ?? resolved.oneOf;
    if (options) {
      // The first branch that makes a real value: an enum before its other spellings, text before null or "".
      // A field whose branches carry semantics (a video link, a country) says what a good value is by its example.
      if (resolved.example !== undefined) return resolved.example;
      for (const option of options) {
        if (typesOf(this.contract, option).size === 1 && typesOf(this.contract, option).has("null")) continue;
        const value = this.valid(option, mode, path);
        if (typeof value !== "string" || value.trim() !== "") return value;
      }
      return null;
    }
    if ("const" in resolved) return resolved.const;
    if (resolved.enum) {
      const values = resolved.enum.filter((value: unknown) => value !== null && value !== "");
      return values.length ? this.rng.pick(values) : resolved.enum[0];
    }
    const types = [...typesOf(this.contract, resolved)].filter((type) => type !== "null");
    const type = types[0] ?? (resolved.properties ? "object" : undefined);
    switch (type) {
      case "string":
        return this.string(resolved, mode);
      case "integer":
      case "number": {
        const min = resolved.minimum ?? 0;
        const max = resolved.maximum ?? min + 1000;
        return mode === "max" ? max : mode === "min" ? min : this.rng.int(min, Math.min(max, min + 20));
      }
      case "boolean":
        return this.rng.chance(0.5);
      case "array": {
        const min = resolved.minItems ?? 0;
        const max = resolved.maxItems ?? min + 3;
        const count = mode === "max" ? Math.min(max, 25) : mode === "min" ? min : this.rng.int(Math.max(min, 1), Math.min(max, Math.max(min, 1) + 2));
        return Array.from({ length: count }, (_, index) => this.valid(resolved.items, mode, [...path, String(index)]));
      }
      case "object": {
        const required = new Set<string>(resolved.required ?? []);
        const entries = Object.entries(resolved.properties ?? {});
        const chosen = entries.filter(([name]) => required.has(name) || mode === "max" || (mode === "typical" && this.rng.chance(0.6)));
        // minProperties (e.g. "at least one offer"): the first optional properties make up the count.
        for (const entry of entries) {
          if (chosen.length >= (resolved.minProperties ?? 0)) break;
          if (!chosen.includes(entry)) chosen.push(entry);
        }
        return Object.fromEntries(chosen.map(([name, property]) => [name, this.valid(property as Schema, mode, [...path, name])]));
      }
      default:
        return this.rng.chance(0.5) ? word(this.rng, 6) : this.rng.int(0, 99);
    }
  }

  private string(schema: Schema, mode: Mode): string {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? Math.max(min, 40);
    switch (schema.format) {
      case "uuid":
        return uuidFrom(this.rng);
      case "date":
        return `2026-${String(this.rng.int(1, 12)).padStart(2, "0")}-${String(this.rng.int(1, 28)).padStart(2, "0")}`;
      case "date-time":
        return new Date(Date.UTC(2026, this.rng.int(0, 11), this.rng.int(1, 28))).toISOString();
      case "email":
        return `contract-${word(this.rng, 10)}@example.test`;
      case "uri":
        return schema.example ?? `https://example.test/${word(this.rng, 8)}`;
      case "binary":
        return word(this.rng, 8);
    }
    const length = mode === "max" ? max : mode === "min" ? Math.max(min, 1) : this.rng.int(Math.max(min, 1), Math.max(Math.min(max, 24), Math.max(min, 1)));
    const candidate = word(this.rng, length);
    if (!schema.pattern || new RegExp(schema.pattern, "u").test(candidate)) return candidate;
    if (typeof schema.example === "string" && new RegExp(schema.pattern, "u").test(schema.example)) return schema.example;
    // A pattern that only admits blank text (the "clear it" branch of a field) is met by "".
    if (new RegExp(schema.pattern, "u").test("")) return "";
    throw new Error(`No value for the pattern ${schema.pattern}: give the schema an example`);
  }

  /**
   * Values that break one rule of the schema each, with what they break. Some may still be valid
   * through another branch of an anyOf; the caller checks each against the document.
   */
  invalid(schema: Schema | undefined): Array<{ rule: string; value: unknown; kind: "type" | "rule" }> {
    const resolved = this.contract.resolve(schema);
    const types = typesOf(this.contract, resolved);
    const out: Array<{ rule: string; value: unknown; kind: "type" | "rule" }> = [];
    const type = (rule: string, value: unknown) => out.push({ rule, value, kind: "type" });
    const rule = (rule: string, value: unknown) => out.push({ rule, value, kind: "rule" });
    const branches = [resolved, ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])].map((branch) => this.contract.resolve(branch));
    if (!types.has("null")) type("null", null);
    if (!types.has("string")) type("a string", "not-what-it-takes");
    if (!types.has("integer") && !types.has("number")) type("a number", 12345);
    if (!types.has("boolean")) type("a boolean", true);
    if (!types.has("array")) type("an array", ["x"]);
    if (!types.has("object")) type("an object", { unexpected: 1 });
    for (const branch of branches) {
      if (branch.enum) rule("an unknown enum value", "zz-unknown-value");
      if (typeof branch.maxLength === "number") rule(`over maxLength ${branch.maxLength}`, "a".repeat(branch.maxLength + 1));
      if (typeof branch.minLength === "number" && branch.minLength > 0) rule(`under minLength ${branch.minLength}`, "a".repeat(branch.minLength - 1));
      if (branch.pattern) rule("a control character against the pattern", "bad\u0001value");
      if (branch.format === "uuid") rule("not a uuid", "not-a-uuid");
      if (branch.format === "date") rule("not a date", "2026-02-30");
      if (branch.format === "email") rule("not an e-mail address", "not-an-email");
      if (branch.format === "uri") rule("not a URI", "not a uri");
      if (typeof branch.minimum === "number") rule(`under minimum ${branch.minimum}`, branch.minimum - 1);
      if (typeof branch.maximum === "number") rule(`over maximum ${branch.maximum}`, branch.maximum + 1);
      if (typesOf(this.contract, branch).has("integer") && !typesOf(this.contract, branch).has("number")) rule("not an integer", 1.5);
      if (typeof branch.maxItems === "number") rule(`over maxItems ${branch.maxItems}`, Array.from({ length: branch.maxItems + 1 }, () => this.valid(branch.items)));
      if (typeof branch.minItems === "number" && branch.minItems > 0) rule(`under minItems ${branch.minItems}`, []);
      if (branch.additionalProperties === false) rule("an unknown property", { ...(this.valid(branch) as object), zz_unknown: 1 });
    }
    return out;
  }
}

/** Every place in a JSON value, as a path, with the schema that describes it (following objects and arrays). */
export function placesOf(contract: Contract, schema: Schema | undefined, value: unknown, path: string[] = []): Array<{ path: string[]; schema: Schema }> {
  const resolved = contract.resolve(schema);
  const here = path.length ? [{ path, schema: resolved }] : [];
  if (Array.isArray(value)) {
    return [...here, ...value.flatMap((item, index) => placesOf(contract, resolved.items, item, [...path, String(index)]))];
  }
  if (value && typeof value === "object") {
    const properties = resolved.properties ?? contract.resolve((resolved.anyOf ?? []).find((option: Schema) => contract.resolve(option).properties)).properties ?? {};
    return [...here, ...Object.entries(value).flatMap(([key, item]) => placesOf(contract, properties[key], item, [...path, key]))];
  }
  return here;
}

/** `value` with the place at `path` replaced (or removed, for `undefined`). */
export function replaceAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (String(index) === head ? replaceAt(item, rest, replacement) : item));
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === undefined) delete copy[head];
  else copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}
