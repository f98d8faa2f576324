import { UPCOMING_FEATURES } from "#domain/upcoming-features";
import { z } from "../http/router";

export const PlannedSchema = z
  .object({ year: z.number().int(), quarter: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) })
  .openapi("PlannedWindow", { description: "The quarter the feature is planned for" });

const FeatureId = z.enum(UPCOMING_FEATURES);

export const FeatureSchema = z
  .object({
    id: FeatureId,
    planned: PlannedSchema,
    notify: z.boolean().openapi({ description: "The caller asked to be e-mailed when it opens" }),
  })
  .openapi("UpcomingFeature");

export const FeaturesSchema = z
  .object({
    email: z.string().openapi({ description: "Where the opening e-mails go: the caller's address" }),
    features: z.array(FeatureSchema),
  })
  .openapi("UpcomingFeatures");

/**
 * A string rather than the enum: a name this version does not know is a feature that does not
 * exist (404 `unknown_feature`), not malformed input.
 */
export const FeatureParams = z.object({
  feature: z
    .string()
    .max(40, "At most 40 characters")
    .openapi({ param: { name: "feature", in: "path" }, description: `One of ${UPCOMING_FEATURES.join(", ")}`, example: "recherche" }),
});

export const WaitlistsSchema = z
  .object({ features: z.array(z.object({ id: FeatureId, planned: PlannedSchema, waiting: z.number().int().min(0) })) })
  .openapi("FeatureWaitlists");

export const OpenedSchema = z
  .object({
    id: FeatureId,
    notified: z.number().int().min(0).openapi({ description: "Users e-mailed; the waitlist is now empty" }),
    failed: z.number().int().min(0).openapi({ description: "Users whose e-mail could not be sent (logged; not retried)" }),
  })
  .openapi("FeatureOpened");
