import { and, count, eq } from "drizzle-orm";
import { PLANNED_WINDOWS, UPCOMING_FEATURES, type UpcomingFeature } from "#domain/upcoming-features";
import { getConfig } from "../config";
import type { Database, Executor } from "../db/client";
import { featureWaitlist, users } from "../db/schema";
import { getMailer } from "../integrations/mail";
import { logger } from "../logger";
import { featureOpenedMail } from "./mails";

/* The "Soon" sections' waitlists (issue 17): a user asks to be told, changes their mind, and an admin opens a section. */

export async function featuresOf(db: Executor, userId: string) {
  const rows = await db.select({ feature: featureWaitlist.feature }).from(featureWaitlist).where(eq(featureWaitlist.userId, userId));
  const waiting = new Set(rows.map((row) => row.feature));
  return UPCOMING_FEATURES.map((id) => ({ id, planned: PLANNED_WINDOWS[id], notify: waiting.has(id) }));
}

/** Idempotent: asking twice keeps the first date. */
export async function subscribe(db: Executor, userId: string, feature: UpcomingFeature) {
  await db.insert(featureWaitlist).values({ userId, feature }).onConflictDoNothing();
  return { id: feature, planned: PLANNED_WINDOWS[feature], notify: true };
}

/** Idempotent: stopping what was never asked is not an error. */
export async function unsubscribe(db: Executor, userId: string, feature: UpcomingFeature) {
  await db.delete(featureWaitlist).where(and(eq(featureWaitlist.userId, userId), eq(featureWaitlist.feature, feature)));
  return { id: feature, planned: PLANNED_WINDOWS[feature], notify: false };
}

export async function waitlists(db: Executor) {
  const rows = await db.select({ feature: featureWaitlist.feature, waiting: count() }).from(featureWaitlist).groupBy(featureWaitlist.feature);
  const counts = new Map(rows.map((row) => [row.feature, row.waiting]));
  return UPCOMING_FEATURES.map((id) => ({ id, planned: PLANNED_WINDOWS[id], waiting: counts.get(id) ?? 0 }));
}

/**
 * Opens a feature to its waitlist: the rows are taken (deleted and returned in one statement), so
 * two admins clicking at once cannot mail anyone twice; then each taken user gets one e-mail. A
 * failed mail is logged and counted, never retried into a second copy.
 */
export async function openFeature(db: Database, feature: UpcomingFeature) {
  const taken = await db.delete(featureWaitlist).where(eq(featureWaitlist.feature, feature)).returning({ userId: featureWaitlist.userId });
  let notified = 0;
  if (taken.length) {
    const url = `${getConfig().APP_URL}/${feature}`;
    for (const { userId } of taken) {
      const [user] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
      if (!user) continue;
      try {
        await getMailer().send(featureOpenedMail(user.email, user.locale, feature, url));
        notified++;
      } catch (error) {
        logger.warn("features.mail_failed", { feature, user_id: userId, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  logger.info("features.opened", { feature, waiting: taken.length, notified });
  return { id: feature, notified, failed: taken.length - notified };
}
