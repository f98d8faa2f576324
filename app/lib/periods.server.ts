import { z } from "zod";
import { parsePeriod } from "./periods";

/** The `period` of a screen's URL in a search schema: absent, unknown or hand-edited means the default. */
export const PeriodParam = z
  .string()
  .nullish()
  .transform((value) => parsePeriod(value ?? null));
