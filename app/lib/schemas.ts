import { z } from "zod";
import { hasControlCharacters } from "#domain/text";
import { checkWebsite } from "#domain/website";

/**
 * Form schemas shared by the server action and the browser. Messages are i18n keys: the Field
 * component translates them, so the same schema speaks English and French.
 */
export const LoginSchema = z.object({
  // Addresses are often pasted with a stray space around them.
  email: z.string({ error: "fieldErrors.required" }).trim().pipe(z.email("validation.email").max(254, "validation.email")),
  // Anything longer is no path of ours; safeRedirect drops it, this keeps the form from failing.
  redirectTo: z.string().max(2048).optional().catch(undefined),
});

const personName = z
  .string({ error: "fieldErrors.required" })
  .trim()
  .min(2, "validation.nameLength")
  .max(50, "validation.nameLength")
  .refine((value) => !hasControlCharacters(value), "validation.invalidCharacters");

/** A website the user may leave empty (null), normalised as the API stores it (checkWebsite). */
export const optionalWebsite = z
  .string()
  .max(2048, "validation.websiteTooLong")
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return null;
    const checked = checkWebsite(value);
    if (checked.ok) return checked.website;
    ctx.addIssue({ code: "custom", message: checked.reason === "tooLong" ? "validation.websiteTooLong" : "validation.websiteInvalid" });
    return z.NEVER;
  });

/** Named as the API names them (PATCH /user/profile), so its refusals land on the fields. */
export const ProfileFormSchema = z.object({
  first_name: personName,
  last_name: personName,
  website_url: optionalWebsite,
});

/** A code from an authenticator app (six digits, spaces allowed) or a recovery code (xxxxx-xxxxx). */
export const FactorCodeSchema = z.object({
  code: z
    .string({ error: "fieldErrors.required" })
    .trim()
    .min(6, "fieldErrors.codeFormat")
    .max(32, "fieldErrors.codeFormat")
    .transform((value) => (/^[\d\s]+$/.test(value) ? value.replace(/\s/g, "") : value)),
  recovery: z.enum(["true"]).optional(),
  factor_id: z.uuid().optional(),
});
