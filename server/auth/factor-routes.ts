import { createRouter, errorResponse, invalidInput, jsonBody, jsonResponse, z } from "../http/router";
import { getDb } from "../runtime";
import { assurance, enrollTotp, unenroll, useRecoveryCode, verifyFactor } from "./factors";
import { authedRoute, signedInRoute } from "./guarded-route";
import { issueSession } from "./service";
import { AalSchema, FactorSchema, SessionSchema } from "./routes";

const TAG = "auth";
const CodeSchema = z.object({ code: z.string().trim().min(6).max(32).openapi({ example: "123456" }) }).openapi("FactorCode");
const FactorParams = z.object({ id: z.uuid("Not a factor id") });

const AssuranceSchema = z
  .object({
    current_level: AalSchema,
    next_level: AalSchema.openapi({ description: "aal2 when the account has a verified factor: the session must give a code" }),
    factors: z.array(FactorSchema),
    recovery_codes_left: z.number().int(),
  })
  .openapi("Assurance");

const list = signedInRoute(TAG, {
  method: "get",
  path: "/",
  summary: "The account's second factors and the session's assurance level",
  responses: { 200: jsonResponse(AssuranceSchema, "Factors") },
});

const enroll = authedRoute(TAG, {
  method: "post",
  path: "/",
  summary: "Start turning on TOTP: a secret, its otpauth:// URI and QR code (verify a first code to finish)",
  request: { body: jsonBody(z.object({ factor_type: z.literal("totp"), friendly_name: z.string().trim().max(100).optional() }).openapi("FactorEnroll")) },
  responses: {
    200: jsonResponse(
      z.object({
        id: z.uuid(),
        type: z.literal("totp"),
        friendly_name: z.string().nullable(),
        totp: z.object({ qr_code: z.string().openapi({ description: "An SVG data URI" }), secret: z.string(), uri: z.string() }),
      }),
      "Enrolled, not verified yet",
    ),
    409: errorResponse("factor_exists: TOTP is already on"),
  },
});

const verify = signedInRoute(TAG, {
  method: "post",
  path: "/{id}/verify",
  summary: "Give a code from the authenticator: verifies a new factor, or completes a sign-in (the session reaches aal2)",
  description: "Answers a new Session (the previous refresh token is rotated). When this verified a new factor, `recovery_codes` holds the ten recovery codes: shown once, never again.",
  request: { params: FactorParams, body: jsonBody(CodeSchema) },
  responses: {
    200: jsonResponse(z.object({ session: SessionSchema, recovery_codes: z.array(z.string()).nullable() }), "Accepted"),
    400: errorResponse("invalid_code (at code): not the app's current code, or one already used"),
    404: errorResponse("No such factor of this user"),
    429: errorResponse("mfa_locked: five wrong codes; Retry-After says when to try again"),
  },
});

const recover = signedInRoute(TAG, {
  method: "post",
  path: "/recovery",
  summary: "Give a recovery code instead of the app's (each works once); the session reaches aal2",
  request: { body: jsonBody(CodeSchema) },
  responses: {
    200: jsonResponse(z.object({ session: SessionSchema, recovery_codes_left: z.number().int() }), "Accepted"),
    400: errorResponse("invalid_recovery_code (at code)"),
  },
});

const remove = authedRoute(TAG, {
  method: "post",
  path: "/{id}/unenroll",
  summary: "Turn TOTP off: needs a fresh code from the app (or a recovery code); the recovery codes go with it",
  request: { params: FactorParams, body: jsonBody(CodeSchema) },
  responses: {
    200: jsonResponse(SessionSchema, "Turned off; the session as it now is"),
    400: invalidInput,
    404: errorResponse("No such factor of this user"),
    429: errorResponse("mfa_locked"),
  },
});

/** Mounted at /auth/factors. */
export const factorRoutes = createRouter()
  .openapi(list, async (c) => {
    const user = c.get("user");
    return c.json(await assurance(await getDb(), user.id, user.sessionId), 200);
  })
  .openapi(enroll, async (c) => c.json(await enrollTotp(await getDb(), c.get("user").record, c.req.valid("json").friendly_name), 200))
  .openapi(verify, async (c) => {
    const [db, user] = [await getDb(), c.get("user")];
    const { refreshToken, recovery_codes } = await verifyFactor(db, user.record, user.sessionId, c.req.valid("param").id, c.req.valid("json").code);
    return c.json({ session: await issueSession(db, user.record, user.sessionId, refreshToken), recovery_codes }, 200);
  })
  .openapi(recover, async (c) => {
    const [db, user] = [await getDb(), c.get("user")];
    const { refreshToken, recovery_codes_left } = await useRecoveryCode(db, user.record, user.sessionId, c.req.valid("json").code);
    return c.json({ session: await issueSession(db, user.record, user.sessionId, refreshToken), recovery_codes_left }, 200);
  })
  .openapi(remove, async (c) => {
    const [db, user] = [await getDb(), c.get("user")];
    const { refreshToken } = await unenroll(db, user.record, user.sessionId, c.req.valid("param").id, c.req.valid("json").code);
    return c.json(await issueSession(db, user.record, user.sessionId, refreshToken), 200);
  });
