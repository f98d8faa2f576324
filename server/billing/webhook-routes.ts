import { bodyLimit } from "hono/body-limit";
import Stripe from "stripe";
import { ApiError } from "../http/errors";
import { publicRoute } from "../auth/guarded-route";
import { createRouter, errorResponse, jsonResponse, z } from "../http/router";
import { getConfig } from "../config";
import { logger } from "../logger";
import { getDb } from "../runtime";
import { handleStripeEvent, stripeGateway } from "./stripe-events";

/** What Sightline reads of every event, checked once the signature is: Stripe's other fields pass through. */
const StripeEventSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * The body is documented from StripeEventSchema but not validated by the route: the signature
 * covers the exact bytes, so nothing may read the body as JSON before the handler has checked it.
 */
const { $schema: _dialect, ...eventJsonSchema } = z.toJSONSchema(StripeEventSchema, { io: "input" });
// zod's JSON Schema type and the OpenAPI one describe the same 2020-12 object in two type libraries.
const eventBodySchema = eventJsonSchema as { type: "object" };

const stripeWebhook = publicRoute("webhooks", {
  method: "post",
  path: "/stripe",
  summary: "Stripe's events, verified by their Stripe-Signature; each event is applied once",
  request: {
    headers: z.object({ "stripe-signature": z.string().optional().openapi({ description: "Required: Stripe's signature of the body (400 signature_missing without it)" }) }),
    body: { required: true, description: "A Stripe event, as Stripe sends it", content: { "application/json": { schema: eventBodySchema } } },
  },
  responses: {
    200: jsonResponse(z.object({ received: z.literal(true), result: z.enum(["applied", "duplicate"]) }), "Applied, or already applied"),
    400: errorResponse("signature_missing, signature_invalid, or event_invalid: signed, but not a Stripe event (no id, type or data.object)"),
    404: errorResponse("Stripe is not configured"),
    413: errorResponse("Body too large (code body_too_large)"),
  },
});

/** Stripe's events are a few kilobytes; an unauthenticated endpoint reads no more than this before the signature check. */
const MAX_EVENT_BYTES = 256 * 1024;

export const webhookRoutes = createRouter();
webhookRoutes.use(
  "/stripe",
  bodyLimit({ maxSize: MAX_EVENT_BYTES, onError: (c) => c.json({ message: "Webhook body too large", code: "body_too_large" }, 413) }),
);
webhookRoutes.openapi(stripeWebhook, async (c) => {
  const secret = getConfig().STRIPE_WEBHOOK_SECRET;
  const gateway = stripeGateway();
  if (!secret || !gateway) throw new ApiError(404, "Stripe webhooks are not configured on this server");
  const signature = c.req.header("stripe-signature");
  if (!signature) throw new ApiError(400, "Missing Stripe-Signature header", { code: "signature_missing" });
  // The signature covers the exact bytes Stripe sent: the raw body, never re-serialised JSON.
  const payload = await c.req.text();
  let event: Stripe.Event;
  try {
    event = gateway.stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      logger.warn("billing.webhook_bad_signature", { error: error.message });
      throw new ApiError(400, "The Stripe-Signature does not match this payload", { code: "signature_invalid" });
    }
    throw new ApiError(400, "The body is not a Stripe event", { code: "event_invalid" });
  }
  // constructEvent checks the signature and parses JSON, nothing more: a signed `{}` must not reach the handlers.
  if (!StripeEventSchema.safeParse(event).success) {
    logger.warn("billing.webhook_not_an_event", { id: (event as { id?: unknown } | null)?.id });
    throw new ApiError(400, "The body is not a Stripe event: it needs an id, a type and data.object", { code: "event_invalid" });
  }
  const result = await handleStripeEvent(await getDb(), gateway, event);
  logger.info("billing.webhook", { id: event.id, type: event.type, result });
  return c.json({ received: true as const, result }, 200);
});
