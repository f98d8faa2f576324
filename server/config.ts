import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const csv = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .default("")
    .transform((value) => (value === "" ? fallback : value === "true" || value === "1"));

const DATABASE_URL_FORMS = [/^postgres(ql)?:\/\/./, /^pglite:./, /^memory:\/\/$/];

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: int(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("data"),
  /**
   * postgres://… or postgresql://… uses a PostgreSQL server; pglite:PATH an embedded database in
   * PATH; memory:// an in-memory one (tests). Unset: PGlite in DATA_DIR/pglite. Anything else stops
   * the start: a mistyped URL must not quietly become an empty embedded database.
   */
  DATABASE_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === "" || DATABASE_URL_FORMS.some((form) => form.test(value)), {
      message: "expected postgres://…, postgresql://… (a PostgreSQL server) or pglite:PATH (an embedded database in PATH)",
    })
    .transform((value) => value || undefined),
  /**
   * Public origin of the web app: magic links point here, and behind a proxy that terminates TLS
   * every request is taken to have arrived at this origin (React Router's and our own origin
   * checks compare the browser's Origin with it).
   */
  APP_URL: z.url().optional(),
  /** Origins besides APP_URL that /auth/login accepts in redirect_to. */
  ALLOWED_REDIRECT_ORIGINS: csv,
  /** Signs access tokens and encrypts the session cookie. Required when several processes serve the app. */
  SECRET_KEY: z.string().min(32).optional(),
  /** When set, the web app calls the API over HTTP instead of in process. */
  API_URL: z.url().optional(),
  /**
   * How many proxies in front of the app append to X-Forwarded-For (a load balancer: 1; `true`
   * means 1). The client's address is read that many entries from the right: the left part of the
   * header is whatever the client sent. 0 (default) ignores the header.
   */
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((value) => (value === "true" ? 1 : value === "false" || value === "" ? 0 : Number(value)))
    .pipe(z.number().int().min(0).max(10)),
  /** Run pg-boss workers inside the web process (default) or only in `npm run worker`. */
  JOBS_IN_PROCESS: bool(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Sightline <no-reply@sightline.local>"),
  ADMIN_EMAILS: csv.transform((emails) => emails.map((email) => email.toLowerCase())),
  /**
   * Sign-in with Google and LinkedIn (OpenID Connect): a provider without its client id offers no
   * button. The issuer's discovery document gives every endpoint, so tests point them elsewhere.
   */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com").transform((url) => url.replace(/\/$/, "")),
  /**
   * Google's Search Console API (searchconsole v1). Connecting uses the GOOGLE_* client above with
   * the webmasters.readonly scope; without GOOGLE_CLIENT_ID a labelled demo Search Console is offered.
   */
  SEARCH_CONSOLE_API_URL: z.url().default("https://searchconsole.googleapis.com/"),
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  LINKEDIN_ISSUER: z.url().default("https://www.linkedin.com/oauth").transform((url) => url.replace(/\/$/, "")),
  /** The scheduling widget (e.g. a Calendly or Cal.com page) shown by the booking button. */
  BOOKING_URL: z.url().optional(),
  /** The public site that hosts the legal pages the footer links to. */
  LEGAL_SITE_URL: z.url().default("https://sightline.app").transform((url) => url.replace(/\/$/, "")),
  SUPPORT_EMAIL: z.email().default("support@sightline.app"),
  ACCESS_TOKEN_TTL_SECONDS: int(3600),
  REFRESH_TOKEN_TTL_SECONDS: int(60 * 60 * 24 * 30),
  MAGIC_LINK_TTL_SECONDS: int(15 * 60),
  /** Magic links one address may ask for per window. */
  RATE_LIMIT_EMAIL: int(5),
  /** Magic links one IP address may ask for per window. */
  RATE_LIMIT_IP: int(20),
  RATE_LIMIT_WINDOW_SECONDS: int(15 * 60),
  /** Overrides of the defaults served by GET /api/v1/config (seed 000 §9). */
  APP_NAME: z.string().default("Sightline"),
  APP_VERSION: z.string().default("1.0.0"),
  SEO_LLM_QUESTIONS_PER_PROVIDER: int(1),
  /** Upper bound of `question_limit`; the default follows the largest plan, so no plan's questions are cut. */
  SEO_LLM_MAX_QUESTIONS_PER_ANALYSIS: int(100),
  /**
   * Which configured providers analyses use, in this order. Unset: every provider whose key is set
   * (and `demo` when none is). A provider listed here without its key is left out, not faked.
   */
  SEO_LLM_ENABLED_PROVIDERS: csv,
  SEO_LLM_POLLING_INTERVAL_MS: int(5000),
  USER_DEFAULT_QUESTION_LIMIT: int(10),
  USER_ANALYSES_PER_DAY: int(10),
  USER_ANALYSES_PER_MONTH: int(100),
  LOG_REQUESTS: bool(false),
  /** Logs every SQL statement (without its parameters): how many queries a page costs (docs/operations.md). */
  LOG_SQL: bool(false),
  /**
   * How long a process trusts a session it has checked, in ms; 0 checks the database on every
   * request. A sign-out served by another process is seen within this window (docs/operations.md).
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /**
   * The longest a process keeps a read route's answer for a user (server/http/kept-answers.ts), in
   * ms; 0 answers every request afresh. A change reaches every process when it commits (database
   * notifications), so this only bounds what changes with time alone.
   */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /**
   * AI providers: each is enabled by its key. Models and base URLs are configurable so a proxy, a
   * newer model or a local protocol fake can stand in.
   */
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().default("gpt-5-mini"),
  OPENAI_BASE_URL: z.url().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_MODEL: z.string().default("claude-sonnet-4-6"),
  ANTHROPIC_BASE_URL: z.url().optional(),
  PERPLEXITY_API_KEY: z.string().optional(),
  PERPLEXITY_MODEL: z.string().default("sonar"),
  PERPLEXITY_BASE_URL: z.url().optional(),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_MODEL: z.string().default("gemini-2.5-flash"),
  GEMINI_BASE_URL: z.url().optional(),
  XAI_API_KEY: z.string().optional(),
  XAI_MODEL: z.string().default("grok-4-1-fast"),
  XAI_BASE_URL: z.url().default("https://api.x.ai/v1"),
  /** Any server speaking OpenAI chat completions (a local model server, a gateway). */
  OPENAI_COMPATIBLE_BASE_URL: z.url().optional(),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  OPENAI_COMPATIBLE_MODEL: z.string().default("default"),
  /** The demo provider's pause before answering (default: 0.3–0.9 s, so runs visibly progress). */
  AI_DEMO_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Calls in flight per provider, per worker process. */
  AI_CONCURRENCY: int(4),
  /** One provider call, before it counts as timed out and is retried. */
  AI_TIMEOUT_MS: int(90_000),
  /** Attempts per answer (first call included) on 429, 5xx, time-outs and malformed bodies. */
  AI_MAX_ATTEMPTS: int(4),
  /** A retry-after longer than this is not waited for: the answer fails and says why. */
  AI_MAX_RETRY_AFTER_MS: int(60_000),
  /** How often each worker process records that it is alive and looks for dead workers' answers. */
  WORKER_HEARTBEAT_MS: int(10_000),
  /**
   * After this long without a heartbeat, this worker counts as dead and its answers go back to the
   * queue for the live ones (each worker declares its own). Keep it at three heartbeats or more, so
   * a busy moment is not taken for a death.
   */
  WORKER_STALE_MS: int(30_000),
  /**
   * Billing: Stripe when STRIPE_SECRET_KEY is set, else the local test-mode checkout. Prices are
   * found by lookup key `<prefix>_<plan>_<monthly|yearly>` (e.g. sightline_pro_yearly).
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_LOOKUP_PREFIX: z.string().default("sightline"),
  /** Where the Stripe SDK sends requests (a proxy or a local protocol fake); Stripe's API by default. */
  STRIPE_API_URL: z.url().optional(),
  /** The referral-tracking script (e.g. Rewardful's) and the global it sets with the visitor's referral id. */
  REFERRAL_SCRIPT_URL: z.url().optional(),
  REFERRAL_GLOBAL: z.string().regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/).default("Rewardful.referral"),
  /**
   * Uploaded files (academy thumbnails). Unset S3_BUCKET: the local disk under DATA_DIR/uploads,
   * served by the app at /uploads/. Set: any S3-compatible storage (AWS S3, R2, MinIO, …); files
   * are then linked at S3_PUBLIC_URL/<key> (a CDN or the bucket's public address).
   */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** Another S3-compatible service than AWS (https://<account>.r2.cloudflarestorage.com, http://minio:9000). */
  S3_ENDPOINT: z.url().optional(),
  /** Unset: the AWS SDK's default credential chain (instance role, AWS_* variables, …). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z
    .url()
    .optional()
    .transform((url) => url?.replace(/\/+$/, "")),
  /** Bucket in the path (endpoint/bucket/key) rather than in the host name: MinIO and most self-hosted services. */
  S3_FORCE_PATH_STYLE: bool(false),
  /** Seeds a demo academy (courses in en and fr) the first time the app starts. */
  ACADEMY_DEMO_SEED: bool(true),
  BACKLINKS_DEMO_SEED: bool(true),
  /**
   * The website analysis fetches addresses users type. By default it refuses loopback, private,
   * link-local, CGNAT and the cloud metadata address, so nobody can make the server read its own
   * network. `true` lifts that rule: for tests and for self-hosted intranets.
   */
  ALLOW_PRIVATE_FETCH: bool(false),
});

export type Config = z.infer<typeof EnvSchema> & {
  SECRET_KEY: string;
  APP_URL: string;
  /** APP_URL's origin when the operator set it; null when APP_URL is the local default. */
  PUBLIC_ORIGIN: string | null;
  /** The app is served over https: cookies are Secure and browsers are told to stay on https. */
  HTTPS: boolean;
};

let cached: Config | undefined;

export function getConfig(): Config {
  if (!cached) cached = loadConfig(process.env);
  return cached;
}

/** Tests change the environment between files; this forgets the parsed copy. */
export function resetConfig() {
  cached = undefined;
}

/** The environment cannot start the app; the message names each variable and what was expected. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    // One line, so the start-up failure is one readable log line.
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join("; ")}`);
  }
  const values = parsed.data;
  const appUrl = (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, "");
  let secret = values.SECRET_KEY;
  return {
    ...values,
    APP_URL: appUrl,
    PUBLIC_ORIGIN: values.APP_URL ? new URL(values.APP_URL).origin : null,
    HTTPS: appUrl.startsWith("https://"),
    // Made (and written to DATA_DIR) when first needed, not by every reader of the configuration:
    // `sightline restore` on a new machine must not leave a fresh key where the old one goes.
    get SECRET_KEY() {
      secret ??= localSecret(values.DATA_DIR);
      return secret;
    },
  };
}

/**
 * Without SECRET_KEY a single installation still needs a stable key, or every restart would sign
 * everyone out: keep a random one beside the data. Several processes must share SECRET_KEY instead.
 */
function localSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "secret.key");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(48).toString("base64url");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      // Another process created it first.
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}
