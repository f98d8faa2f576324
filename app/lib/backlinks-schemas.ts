import { z } from "zod";
import { ANCHOR_TEXT_MAX_LENGTH, CURRENCIES, LINK_TYPES, ORDER_ITEM_STATUSES, SITE_CATEGORIES, SITE_LANGUAGES } from "#domain/backlinks";
import { hasControlCharacters } from "#domain/text";
import { checkWebsite } from "#domain/website";
import { MAX_PRICE_CENTS, MAX_TRAFFIC, parseMajor } from "./backlinks";

/*
 * The marketplace's forms, the same zod schema in the browser (conform) and in the action. Field
 * names are the API's, so its refusals land on the fields; messages are i18n keys of the backlinks
 * namespace, which the Field component translates.
 */

const FE = "backlinks:fieldErrors";

/** A web address, normalised as the API stores it (http becomes https). */
const website = (required: string) =>
  z.string({ error: required }).transform((value, ctx) => {
    const checked = checkWebsite(value);
    if (checked.ok) return checked.website;
    ctx.addIssue({ code: "custom", message: checked.reason === "tooLong" ? `${FE}.url.too_long` : `${FE}.url.invalid` });
    return z.NEVER;
  });

const optionalWebsite = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return null;
    const checked = checkWebsite(value);
    if (checked.ok) return checked.website;
    ctx.addIssue({ code: "custom", message: checked.reason === "tooLong" ? `${FE}.url.too_long` : `${FE}.url.invalid` });
    return z.NEVER;
  });

const noControl = (value: string) => !hasControlCharacters(value);

// ---- the cart ------------------------------------------------------------------------------------

/** PUT /cart/items/{id}: where the bought link points and the words it shows. */
export const ConfigureFormSchema = z.object({
  id: z.uuid(),
  target_url: website(`${FE}.target_url.required`),
  anchor_text: z
    .string({ error: `${FE}.anchor_text.required` })
    .trim()
    .min(1, `${FE}.anchor_text.required`)
    .max(ANCHOR_TEXT_MAX_LENGTH, `${FE}.anchor_text.too_long`)
    .refine(noControl, `${FE}.control_characters`),
});
export const CONFIGURE_FIELDS = ["target_url", "anchor_text"] as const;

// ---- the team's side: an order item's status ----------------------------------------------------

export const ItemStatusFormSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(ORDER_ITEM_STATUSES, `${FE}.status.required`),
    published_url: optionalWebsite,
    note: z
      .string()
      .trim()
      .max(500, `${FE}.note.too_long`)
      .refine(noControl, `${FE}.control_characters`)
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((value, ctx) => {
    if (value.status === "published" && !value.published_url) ctx.addIssue({ code: "custom", path: ["published_url"], message: `${FE}.published_url.required` });
  });
export const ITEM_STATUS_FIELDS = ["status", "published_url", "note"] as const;

// ---- the team's side: a catalogue site -----------------------------------------------------------

/** A whole number as typed in a text field (the form kit's fields hold text), from `min` to `max`. */
const whole = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);

/** An offer's price in major units as typed ("149", "149,50"); absent when the site does not sell it. */
const offerPrice = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return undefined;
    const cents = parseMajor(value);
    if (cents === null) ctx.addIssue({ code: "custom", message: `${FE}.price.invalid` });
    else if (cents < 100) ctx.addIssue({ code: "custom", message: `${FE}.price.too_small` });
    else if (cents > MAX_PRICE_CENTS) ctx.addIssue({ code: "custom", message: `${FE}.price.too_big` });
    else return cents;
    return z.NEVER;
  });

/** POST and PUT /backlinks/admin/sites: every figure of a site, its offers in major units. */
export const SiteFormFields = z.object({
  url: z
    .string({ error: `${FE}.url.required` })
    .trim()
    .max(500, `${FE}.url.too_long`)
    .refine((value) => checkWebsite(value).ok, `${FE}.url.invalid`),
  dr: whole(0, 100, `${FE}.score`),
  da: whole(0, 100, `${FE}.score`),
  traffic: whole(0, MAX_TRAFFIC, `${FE}.traffic`),
  currency: z.enum(CURRENCIES, `${FE}.choose`),
  category: z.enum(SITE_CATEGORIES, `${FE}.choose`),
  language: z.enum(SITE_LANGUAGES, `${FE}.choose`),
  country: z
    .string({ error: `${FE}.country` })
    .trim()
    .regex(/^[A-Za-z]{2}$/, `${FE}.country`)
    .transform((value) => value.toUpperCase()),
  dofollow: z.boolean().default(false),
  turnaround_days: whole(1, 90, `${FE}.turnaround_days`),
  sample_url: optionalWebsite,
  offers: z
    .object(Object.fromEntries(LINK_TYPES.map((type) => [type, offerPrice])) as Record<(typeof LINK_TYPES)[number], typeof offerPrice>)
    .default({} as never)
    .superRefine((offers, ctx) => {
      if (!Object.values(offers).some((price) => price !== undefined)) ctx.addIssue({ code: "custom", message: `${FE}.offers.required` });
    }),
});

/** The form's fields as the API takes them: only the link types sold, in cents. */
export const SiteFormSchema = SiteFormFields.transform(({ offers, ...site }) => ({
  ...site,
  // The API reads a missing key as "not sold"; an undefined one would be sent as nothing anyway.
  offers: Object.fromEntries(Object.entries(offers).filter(([, price]) => price !== undefined)) as Partial<Record<(typeof LINK_TYPES)[number], number>>,
}));
export const SITE_FIELDS = ["url", "dr", "da", "traffic", "currency", "category", "language", "country", "dofollow", "turnaround_days", "sample_url", "offers"] as const;

/** The cart's other posts: a line to remove, a new price accepted. */
export const CartIdSchema = z.object({ id: z.uuid() });
export const CartPriceFormSchema = z.object({ id: z.uuid(), price: z.coerce.number().int().min(0), currency: z.enum(CURRENCIES) });
