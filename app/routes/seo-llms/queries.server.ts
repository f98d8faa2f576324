import { z } from "zod";
import { PeriodParam } from "~/lib/periods.server";
import { PROVIDER_LABELS } from "#domain/providers";
import { MIN_OCCURRENCES } from "./queries-view";

/** A hand-edited or stale URL falls back to the defaults rather than failing: these are only view settings. */
export const SearchSchema = z.object({
  period: PeriodParam,
  model: z.enum(["all", ...Object.keys(PROVIDER_LABELS)] as [string, ...string[]]).catch("all"),
  min_occurrences: z.coerce.number().pipe(z.literal(MIN_OCCURRENCES)).catch(1),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
