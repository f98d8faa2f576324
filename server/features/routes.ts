import { isUpcomingFeature, type UpcomingFeature } from "#domain/upcoming-features";
import { adminRoute, authedRoute } from "../auth/guarded-route";
import { ApiError } from "../http/errors";
import { createRouter, errorResponse, jsonResponse } from "../http/router";
import { getDb } from "../runtime";
import { FeatureParams, FeatureSchema, FeaturesSchema, OpenedSchema, WaitlistsSchema } from "./schemas";
import { featuresOf, openFeature, subscribe, unsubscribe, waitlists } from "./service";

/* The "Soon" sections (issue 17): each user's "notify me", and the team's side, under /features. */

const TAG = "features";
const ADMIN = "features admin";
const UNKNOWN = "unknown_feature: no upcoming feature has this name";

function known(feature: string): UpcomingFeature {
  if (!isUpcomingFeature(feature)) throw new ApiError(404, "No upcoming feature has this name", { code: "unknown_feature" });
  return feature;
}

const list = authedRoute(TAG, {
  method: "get",
  path: "/",
  summary: "The upcoming features, when each is planned, and which ones the caller is waiting for",
  responses: { 200: jsonResponse(FeaturesSchema, "Features") },
});

const notify = authedRoute(TAG, {
  method: "put",
  path: "/{feature}/notify",
  summary: "E-mail the caller once when the feature opens; idempotent",
  request: { params: FeatureParams },
  responses: { 200: jsonResponse(FeatureSchema, "Waiting"), 404: errorResponse(UNKNOWN) },
});

const stop = authedRoute(TAG, {
  method: "delete",
  path: "/{feature}/notify",
  summary: "No e-mail for this feature after all; idempotent",
  request: { params: FeatureParams },
  responses: { 200: jsonResponse(FeatureSchema, "Not waiting"), 404: errorResponse(UNKNOWN) },
});

const adminWaitlists = adminRoute(ADMIN, {
  method: "get",
  path: "/admin/waitlists",
  summary: "How many users wait for each upcoming feature",
  responses: { 200: jsonResponse(WaitlistsSchema, "Waitlists") },
});

const adminOpen = adminRoute(ADMIN, {
  method: "post",
  path: "/admin/{feature}/open",
  summary: "Marks a feature as opened: each waiting user gets one e-mail, in their language, and the waitlist is emptied",
  request: { params: FeatureParams },
  responses: { 200: jsonResponse(OpenedSchema, "Opened"), 404: errorResponse(UNKNOWN) },
});

export const featureRoutes = createRouter()
  .openapi(list, async (c) => {
    const user = c.get("user");
    return c.json({ email: user.email, features: await featuresOf(await getDb(), user.id) }, 200);
  })
  .openapi(notify, async (c) => c.json(await subscribe(await getDb(), c.get("user").id, known(c.req.valid("param").feature)), 200))
  .openapi(stop, async (c) => c.json(await unsubscribe(await getDb(), c.get("user").id, known(c.req.valid("param").feature)), 200))
  .openapi(adminWaitlists, async (c) => c.json({ features: await waitlists(await getDb()) }, 200))
  .openapi(adminOpen, async (c) => c.json(await openFeature(await getDb(), known(c.req.valid("param").feature)), 200));
