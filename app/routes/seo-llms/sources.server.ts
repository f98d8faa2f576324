import { z } from "zod";
import { SOURCE_SORTS } from "~/components/insights/sources-table";
import { PeriodParam } from "~/lib/periods.server";
import { PROVIDER_LABELS } from "#domain/providers";
import { QUESTION_CATEGORIES } from "#domain/seo-profile";

/** A hand-edited or stale URL falls back to "all" rather than failing: these are only view settings. */
export const SearchSchema = z.object({
  period: PeriodParam,
  provider: z.enum(Object.keys(PROVIDER_LABELS) as [string, ...string[]]).optional().catch(undefined),
  category: z.enum(QUESTION_CATEGORIES).optional().catch(undefined),
  sort: z.enum(SOURCE_SORTS).catch("citations"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
});
