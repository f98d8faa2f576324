import { z } from "zod";
import { checkWebsite } from "#domain/website";

/** The address to analyse, normalised as the API normalises it (https). */
export const AuditFormSchema = z.object({
  url: z
    .string({ error: "audit:fieldErrors.url.required" })
    .max(2048, "validation.websiteTooLong")
    .transform((value, ctx) => {
      const checked = checkWebsite(value);
      if (checked.ok) return checked.website;
      ctx.addIssue({ code: "custom", message: checked.reason === "tooLong" ? "validation.websiteTooLong" : "validation.websiteInvalid" });
      return z.NEVER;
    }),
});
