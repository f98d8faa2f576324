import { z } from "zod";
import type { AiProvider, StructuredReply } from "./types";

/**
 * Asking an assistant for facts rather than an answer to show: which one to ask, and how to read
 * the JSON object it is asked for. Used by the site audit's suggestions and the answer engine's
 * second opinion.
 */

/** The first real assistant configured (the demo one makes things up, so it is never asked). */
export function pickAdvisor(providers: Iterable<AiProvider>): AiProvider | null {
  for (const provider of providers) if (!provider.simulated) return provider;
  return null;
}

/**
 * A zod schema as the JSON Schema the providers' structured-output modes take. `$schema` goes:
 * OpenAI's strict mode accepts only the keywords it documents.
 */
export function structuredReply(name: string, schema: z.ZodType): StructuredReply {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema) as Record<string, unknown>;
  return { name, schema: jsonSchema };
}

/** The first balanced {…} in the text that parses (models wrap JSON in fences or a sentence). */
export function firstJsonObject(text: string): unknown {
  for (let start = text.indexOf("{"); start >= 0; start = text.indexOf("{", start + 1)) {
    const end = balancedEnd(text, start);
    if (end < 0) return null;
    try {
      return JSON.parse(text.slice(start, end + 1));
    } catch {
      // A brace in the prose: try the next one.
    }
  }
  return null;
}

/** Where the object opened at `start` closes, strings skipped; -1 when it never does. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return index;
  }
  return -1;
}
