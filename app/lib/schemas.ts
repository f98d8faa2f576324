import { z } from "zod";
import { hasControlCharacters } from "./text";
import { normaliseWebsite, WEBSITE_MAX_LENGTH } from "./website";

/**
 * Form schemas shared by the server action and the browser. Messages are i18n keys: the Field
 * component translates them, so the same schema speaks English and French.
 */
export const LoginSchema = z.object({
  // Addresses are often pasted with a stray space around them.
  email: z.string({ error: "validation.required" }).trim().pipe(z.email("validation.email").max(254, "validation.email")),
  redirectTo: z.string().optional(),
});

const personName = z
  .string({ error: "validation.required" })
  .trim()
  .min(2, "validation.nameLength")
  .max(50, "validation.nameLength")
  .refine((value) => !hasControlCharacters(value), "validation.invalidCharacters");

export const ProfileFormSchema = z.object({
  firstName: personName,
  lastName: personName,
  website: z
    .string()
    .max(WEBSITE_MAX_LENGTH, "validation.websiteTooLong")
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const website = normaliseWebsite(value);
      if (!website) {
        ctx.addIssue({ code: "custom", message: "validation.websiteInvalid" });
        return z.NEVER;
      }
      return website;
    }),
});
