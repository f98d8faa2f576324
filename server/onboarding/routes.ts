import { authedRead, authedRoute } from "../auth/guarded-route";
import { createRouter, errorResponse, invalidInput, jsonBody, jsonResponse } from "../http/router";
import { getBoss, getDb } from "../runtime";
import { onboardingProgressOf, onboardingStatus, saveStep } from "./progress";
import { ProgressSchema, SaveStepSchema, SetupSchema, StatusSchema } from "./schemas";
import { completeOnboarding, setupOf } from "./setup";

const getStatus = authedRead("onboarding", {
  path: "/status",
  summary: "Whether the signed-in user has finished onboarding, and the step to resume at",
  description: "The web app sends a user whose onboarding is not complete to /onboarding/{current_step}.",
  answer: StatusSchema,
  label: "Status",
});

const getProgress = authedRead("onboarding", { path: "/progress", summary: "Each step's saved data", answer: ProgressSchema, label: "Progress" });

const putProgress = authedRoute("onboarding", {
  method: "put",
  path: "/progress",
  summary: "Save one step's data",
  description:
    "Replaces that step's data (the other steps' stay) and moves `current_step` to the next step. A step may be saved once the steps before it are: the current step or an earlier one. Saving after completing changes only what a retried setup would use.",
  request: { body: jsonBody(SaveStepSchema) },
  responses: {
    200: jsonResponse(ProgressSchema, "Saved; the progress as it now is"),
    400: invalidInput,
    403: errorResponse("competitor_limit (at data.competitors): more competitors than the plan tracks"),
    409: errorResponse("step_not_open: a step after the current one (its `errors.step` says which to save first)"),
  },
});

const postComplete = authedRoute("onboarding", {
  method: "post",
  path: "/complete",
  summary: "Finish onboarding: write the profile, generate the questions and launch the first analysis, as one job",
  description:
    "Answers at once (202) with the setup, which GET /setup-status follows. Idempotent: while the setup is queued, running or done, calling it again answers the same setup; after a failure it is queued again from the step that failed. google_search_console is optional.",
  responses: {
    202: jsonResponse(SetupSchema, "Accepted: the setup is queued (or was already)"),
    400: errorResponse("onboarding_incomplete: required steps not saved yet, each named in `errors` (personal_info, website_analysis, keyword_selection, market_location)"),
  },
});

const getSetupStatus = authedRoute("onboarding", {
  method: "get",
  path: "/setup-status",
  summary: "How the setup queued by POST /complete is going",
  responses: {
    200: jsonResponse(SetupSchema, "Setup"),
    404: errorResponse("setup_not_started: onboarding is not complete"),
  },
});

export const onboardingRoutes = createRouter()
  .openapi(getStatus, async (c) => c.json(await onboardingStatus(await getDb(), c.get("user").id), 200))
  .openapi(getProgress, async (c) => c.json(await onboardingProgressOf(await getDb(), c.get("user").id), 200))
  .openapi(putProgress, async (c) => c.json(await saveStep(await getDb(), c.get("user").id, c.req.valid("json")), 200))
  .openapi(postComplete, async (c) => c.json(await completeOnboarding(await getDb(), await getBoss(), c.get("user").id), 202))
  .openapi(getSetupStatus, async (c) => c.json(await setupOf(await getDb(), c.get("user").id), 200));
