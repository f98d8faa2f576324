import { bigint, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { OIDC_PROVIDERS } from "#domain/oidc-providers";
import { users } from "./users";

/** One row per e-mailed sign-in link; only the SHA-256 of the token is kept. */
export const magicLinks = pgTable(
  "magic_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    redirectTo: text("redirect_to").notNull(),
    locale: text("locale").notNull().default("en"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("magic_links_expires_at_idx").on(table.expiresAt)],
);

/**
 * A signed-in device. Access tokens carry its id (`sid`), so signing out revokes them at once,
 * and every refresh token of the session belongs to one rotation family.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    /**
     * Seed §3's assurance level: `aal1` signed in with one factor (a link, Google, LinkedIn),
     * `aal2` once a second one (a TOTP code or a recovery code) was given in this session.
     */
    aal: text("aal", { enum: ["aal1", "aal2"] }).notNull().default("aal1"),
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when this token was exchanged; presenting it again means it leaked. */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    /** Late presentations granted inside the grace window (bounded by REFRESH_GRACE_USES). */
    graceUses: integer("grace_uses").notNull().default(0),
  },
  (table) => [index("refresh_tokens_session_idx").on(table.sessionId)],
);

/**
 * An account at an OpenID provider (Google, LinkedIn) that signs in as this user: its issuer's
 * subject, never its e-mail, is what finds the user again (an e-mail can change hands).
 */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: OIDC_PROVIDERS }).notNull(),
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("user_identities_provider_subject_key").on(table.provider, table.subject), index("user_identities_user_idx").on(table.userId)],
);

/**
 * The ID tokens that signed in, by hash, until they expire: one token, one sign-in, so a token that
 * leaked (a log, a proxy) cannot be turned into a session again.
 */
export const idTokenUses = pgTable("id_token_uses", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Fixed-window counters shared by every web process. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/**
 * A second factor (issue 13): a TOTP authenticator. Its secret is sealed with a key derived from
 * SECRET_KEY. `unverified` until a first code proves the app holds it; only a verified factor is
 * asked for at sign-in. `lastStep` is the 30-second step of the last code accepted: a code is never
 * accepted twice. Failures lock the factor for a while (`lockedUntil`).
 */
export const authFactors = pgTable(
  "auth_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    factorType: text("factor_type", { enum: ["totp"] }).notNull().default("totp"),
    friendlyName: text("friendly_name"),
    secretSealed: text("secret_sealed").notNull(),
    status: text("status", { enum: ["unverified", "verified"] }).notNull().default("unverified"),
    lastStep: bigint("last_step", { mode: "number" }),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("auth_factors_user_idx").on(table.userId)],
);

/** Ten single-use codes given when TOTP is turned on, for a lost phone; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("recovery_codes_user_idx").on(table.userId)],
);
