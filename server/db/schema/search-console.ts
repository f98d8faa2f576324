import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { CONNECT_ORIGINS, SEARCH_CONSOLE_SOURCES, SYNC_ERRORS, SYNC_STATUSES } from "#domain/search-console";
import { users } from "./users";

export type SearchConsoleSite = { site_url: string; permission_level: string };

/**
 * A user's Search Console account (issue 13): where its data comes from, the Google refresh token
 * sealed with a key derived from SECRET_KEY (never stored readable), the sites it can see and the
 * one chosen. `needs_reconnect` is set when Google says the grant was revoked.
 */
export const searchConsoleConnections = pgTable("search_console_connections", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  source: text("source", { enum: SEARCH_CONSOLE_SOURCES }).notNull(),
  refreshTokenSealed: text("refresh_token_sealed"),
  scope: text("scope"),
  /** The Google account connected, so a user with several knows which one (from the token response's ID token). */
  accountEmail: text("account_email"),
  needsReconnect: boolean("needs_reconnect").notNull().default(false),
  connectedSite: text("connected_site"),
  sites: jsonb("sites").$type<SearchConsoleSite[]>().notNull().default([]),
  sitesFetchedAt: timestamp("sites_fetched_at", { withTimezone: true }),
  syncStatus: text("sync_status", { enum: SYNC_STATUSES }).notNull().default("idle"),
  syncError: text("sync_error", { enum: SYNC_ERRORS }),
  syncRequestedAt: timestamp("sync_requested_at", { withTimezone: true }),
  lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
  /** The last day the synced data covers (Search Console's data lags two or three days). */
  dataEndDate: date("data_end_date", { mode: "string" }),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The selected site's totals per day, as `searchanalytics.query` by date gives them. */
export const searchConsoleDays = pgTable(
  "search_console_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    clicks: integer("clicks").notNull(),
    impressions: integer("impressions").notNull(),
    /** Average position, weighted by impressions when days are added up. */
    position: doublePrecision("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.date] })],
);

/** Top queries and pages of the selected site, per dashboard period (days), as one query per period gives them. */
export const searchConsoleTopRows = pgTable(
  "search_console_top_rows",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dimension: text("dimension", { enum: ["query", "page"] }).notNull(),
    periodDays: smallint("period_days").notNull(),
    key: text("key").notNull(),
    clicks: integer("clicks").notNull(),
    impressions: integer("impressions").notNull(),
    position: doublePrecision("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.dimension, table.periodDays, table.key] })],
);

/**
 * A connection under way: Google returns `state`, which names this row (by its hash) and so the
 * user who started it. Spent once; older than 15 minutes it has expired (`session_expired`).
 */
export const searchConsoleConnectStates = pgTable(
  "search_console_connect_states",
  {
    stateHash: text("state_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeVerifier: text("code_verifier").notNull(),
    /** Where Google was told to return, to be repeated when the code is exchanged. */
    redirectUri: text("redirect_uri").notNull(),
    /** Where the user goes back to: the app's origin and the screen the connection started on. */
    appOrigin: text("app_origin").notNull(),
    origin: text("origin", { enum: CONNECT_ORIGINS }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("search_console_connect_states_expires_idx").on(table.expiresAt)],
);
