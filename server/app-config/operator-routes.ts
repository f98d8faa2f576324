import { adminRoute } from "../auth/guarded-route";
import { createRouter, jsonResponse, z } from "../http/router";
import { operatorConfiguration, SERVICE_IDS, SERVICE_MODES } from "./operator";

const EnvSchema = z.array(z.object({ name: z.string(), set: z.boolean() })).openapi({ description: "The variables that configure it, and whether each is set (never their values)" });

export const OperatorConfigurationSchema = z
  .object({
    ai: z.object({
      providers: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          configured: z.boolean(),
          in_use: z.boolean().openapi({ description: "Analyses ask it (SEO_LLM_ENABLED_PROVIDERS may leave a configured one out)" }),
          model: z.string().nullable(),
          env: EnvSchema,
        }),
      ),
      demo: z.boolean().openapi({ description: "No real provider is in use: analyses are answered by the labelled demo provider" }),
      enabled_providers: z.array(z.string()).openapi({ description: "SEO_LLM_ENABLED_PROVIDERS as set (empty: every configured one)" }),
    }),
    services: z.array(
      z.object({
        id: z.enum(SERVICE_IDS),
        configured: z.boolean(),
        mode: z.enum(SERVICE_MODES).openapi({ description: "What runs: the real service, or the built-in stand-in" }),
        detail: z.string().nullable().openapi({ description: "A non-secret fact: the sender, the bucket or folder, the issuer, the redirect URI, the booking URL" }),
        env: EnvSchema,
      }),
    ),
  })
  .openapi("OperatorConfiguration");

const read = adminRoute("configuration", {
  method: "get",
  path: "/",
  summary: "What this installation has configured (AI providers, payments, mail, storage, sign-in, Search Console, booking) and which variables are missing",
  responses: { 200: jsonResponse(OperatorConfigurationSchema, "Configuration") },
});

export const operatorConfigurationRoutes = createRouter().openapi(read, (c) => c.json(operatorConfiguration(), 200));
