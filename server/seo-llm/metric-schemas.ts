import { z } from "../http/router";

/** A percentage's 95 % Wilson interval (domain/metrics.ts), as every metric of the API carries it. */
export const IntervalSchema = z
  .object({ low: z.number(), high: z.number() })
  .openapi("Interval", { description: "The 95 % Wilson interval of a percentage, in percent (docs/metrics.md); null when there is no sample" });
