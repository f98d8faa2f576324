import { index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
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
