import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index is on lower() so a stray capital can never fork an account. */
    email: text("email").notNull(),
    role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** The company the user works for (onboarding's first step); the SEO profile's brand defaults to it. */
    company: text("company"),
    websiteUrl: text("website_url"),
    profilePictureUrl: text("profile_picture_url"),
    locale: text("locale"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${table.email})`)],
);

export type UserRow = typeof users.$inferSelect;
