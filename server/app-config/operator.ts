import path from "node:path";
import { type ProviderId, providerLabel } from "#domain/providers";
import { type Config, getConfig } from "../config";
import { getProviders } from "../integrations/ai/registry";
import { googleConfigured } from "../integrations/google/search-console";

/*
 * What the operator set up and what is missing (issue 17), for the admin-only configuration page:
 * the one place that names environment variables, so customer screens never have to. Values of
 * secrets never leave the server: only whether each variable is set.
 */

export const SERVICE_IDS = ["payments", "mail", "storage", "google_sign_in", "search_console", "linkedin_sign_in", "booking"] as const;
export const SERVICE_MODES = ["stripe", "local_checkout", "smtp", "outbox", "s3", "local_disk", "enabled", "disabled", "google", "demo"] as const;

type ServiceId = (typeof SERVICE_IDS)[number];
type ServiceMode = (typeof SERVICE_MODES)[number];
type EnvName = keyof Config & string;

const env = (config: Config, names: EnvName[]) => names.map((name) => ({ name, set: config[name] !== undefined && config[name] !== "" }));

function service(id: ServiceId, configured: boolean, mode: ServiceMode, detail: string | null, variables: { name: string; set: boolean }[]) {
  return { id, configured, mode, detail, env: variables };
}

/** Each real provider in screen order, the variable that turns it on and the one that picks its model. */
const AI_SETTINGS: Array<{ id: ProviderId; key: EnvName; model: EnvName }> = [
  { id: "chatgpt", key: "OPENAI_API_KEY", model: "OPENAI_MODEL" },
  { id: "gemini", key: "GEMINI_API_KEY", model: "GEMINI_MODEL" },
  { id: "perplexity", key: "PERPLEXITY_API_KEY", model: "PERPLEXITY_MODEL" },
  { id: "claude", key: "ANTHROPIC_API_KEY", model: "ANTHROPIC_MODEL" },
  { id: "grok", key: "XAI_API_KEY", model: "XAI_MODEL" },
  { id: "openai-compatible", key: "OPENAI_COMPATIBLE_BASE_URL", model: "OPENAI_COMPATIBLE_MODEL" },
];

export function operatorConfiguration(config: Config = getConfig()) {
  const inUse = [...getProviders().keys()];
  const stripe = Boolean(config.STRIPE_SECRET_KEY);
  const google = googleConfigured(config);
  return {
    ai: {
      providers: AI_SETTINGS.map(({ id, key, model }) => {
        const configured = Boolean(config[key]);
        return { id, label: providerLabel(id), configured, in_use: inUse.includes(id), model: configured ? String(config[model]) : null, env: env(config, [key]) };
      }),
      demo: inUse.includes("demo"),
      enabled_providers: config.SEO_LLM_ENABLED_PROVIDERS,
    },
    services: [
      service("payments", stripe, stripe ? "stripe" : "local_checkout", null, env(config, ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"])),
      service("mail", Boolean(config.SMTP_URL), config.SMTP_URL ? "smtp" : "outbox", config.SMTP_URL ? config.MAIL_FROM : path.resolve(config.DATA_DIR, "outbox"), env(config, ["SMTP_URL"])),
      service(
        "storage",
        Boolean(config.S3_BUCKET),
        config.S3_BUCKET ? "s3" : "local_disk",
        config.S3_BUCKET ?? path.resolve(config.DATA_DIR, "uploads"),
        env(config, ["S3_BUCKET", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"]),
      ),
      service("google_sign_in", Boolean(config.GOOGLE_CLIENT_ID), config.GOOGLE_CLIENT_ID ? "enabled" : "disabled", config.GOOGLE_CLIENT_ID ? config.GOOGLE_ISSUER : null, env(config, ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"])),
      service("search_console", google, google ? "google" : "demo", `${config.APP_URL}/api/v1/oauth/google/callback`, env(config, ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"])),
      service(
        "linkedin_sign_in",
        Boolean(config.LINKEDIN_CLIENT_ID),
        config.LINKEDIN_CLIENT_ID ? "enabled" : "disabled",
        config.LINKEDIN_CLIENT_ID ? config.LINKEDIN_ISSUER : null,
        env(config, ["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET"]),
      ),
      service("booking", Boolean(config.BOOKING_URL), config.BOOKING_URL ? "enabled" : "disabled", config.BOOKING_URL ?? null, env(config, ["BOOKING_URL"])),
    ],
  };
}
