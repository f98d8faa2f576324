import { z } from "@hono/zod-openapi";
import { describe, expect, test } from "vitest";
import { fieldErrorsOf } from "./field-errors";

const Schema = z.object({
  name: z.string().trim().min(2).max(5),
  tags: z.array(z.string()).min(1).max(2),
  count: z.number().int().min(0).max(10),
  id: z.uuid(),
  kind: z.enum(["a", "b"]),
  flag: z.boolean().optional(),
  link: z.union([z.string(), z.strictObject({ en: z.string().optional() })]).optional(),
  code: z.union([z.string().length(2), z.string().length(3)]).optional(),
  slug: z
    .string()
    .refine((value) => value !== "taken", { message: "Taken", params: { code: "taken" } })
    .refine((value) => value !== "odd", "Odd")
    .optional(),
});

const valid = { name: "Ada", tags: ["x"], count: 1, id: "0b6a1e3e-6f0b-4c43-9f1e-3c1d2b1a0e9f", kind: "a" };

/** The codes of what `input` gets wrong, by field. */
function codes(input: Record<string, unknown>) {
  const result = Schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(Object.entries(fieldErrorsOf(result.error.issues, input)).map(([field, errors]) => [field, errors.map((error) => error.code)]));
}

describe("fieldErrorsOf", () => {
  test("a field missing, null or blank is required, whatever check it failed", () => {
    expect(codes({})).toEqual({ name: ["required"], tags: ["required"], count: ["required"], id: ["required"], kind: ["required"] });
    expect(codes({ ...valid, name: null, id: "  ", kind: "" })).toEqual({ name: ["required"], id: ["required"], kind: ["required"] });
  });

  test("lengths and counts are too_short or too_long, numbers too_small or too_big", () => {
    expect(codes({ ...valid, name: "A", tags: [] })).toEqual({ name: ["too_short"], tags: ["too_short"] });
    expect(codes({ ...valid, name: "Adelaide", tags: ["x", "y", "z"] })).toEqual({ name: ["too_long"], tags: ["too_long"] });
    expect(codes({ ...valid, count: -1 })).toEqual({ count: ["too_small"] });
    expect(codes({ ...valid, count: 11 })).toEqual({ count: ["too_big"] });
  });

  test("a format, a value outside the choices, a wrong type, an unknown key", () => {
    expect(codes({ ...valid, id: "nope" })).toEqual({ id: ["invalid_format"] });
    expect(codes({ ...valid, kind: "c" })).toEqual({ kind: ["invalid_value"] });
    expect(codes({ ...valid, flag: "yes", count: 1.5 })).toEqual({ flag: ["invalid_type"], count: ["invalid_type"] });
    expect(codes({ ...valid, link: { de: "x" } })).toEqual({ link: ["unknown_key"] });
  });

  test("a union: of no type any form takes is invalid_type, of a right type but no accepted value invalid_value", () => {
    expect(codes({ ...valid, link: 42 })).toEqual({ link: ["invalid_type"] });
    expect(codes({ ...valid, code: "abcd" })).toEqual({ code: ["invalid_value"] });
    const byKind = z.discriminatedUnion("kind", [z.object({ kind: z.literal("a") }), z.object({ kind: z.literal("b"), size: z.number() })]);
    const unknownKind = byKind.safeParse({ kind: "c" });
    expect(fieldErrorsOf(unknownKind.error!.issues, { kind: "c" })).toEqual({ kind: [{ code: "invalid_value", message: expect.any(String) }] });
  });

  test("a custom check names its code, or is invalid_value; errors sit at their dotted path", () => {
    expect(codes({ ...valid, slug: "taken" })).toEqual({ slug: ["taken"] });
    expect(codes({ ...valid, slug: "odd" })).toEqual({ slug: ["invalid_value"] });
    expect(codes({ ...valid, tags: ["x", 1] })).toEqual({ "tags.1": ["invalid_type"] });
    const result = z.string().safeParse(1);
    expect(fieldErrorsOf(result.error!.issues, 1)).toEqual({ _: [{ code: "invalid_type", message: expect.any(String) }] });
  });
});
