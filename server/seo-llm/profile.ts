import { eq, sql } from "drizzle-orm";
import type { MarketLanguage } from "#domain/seo-profile";
import { type Competitor, type SeoProfileRow, seoProfiles, users } from "../db/schema";
import type { Database, Executor } from "../db/client";
import { prepared } from "../db/prepared";
import { ApiError, badRequest, notFound } from "../http/errors";
import { fieldError } from "../http/field-errors";
import { type PlanLimits, planLimits } from "../billing/limits";
import { regenerateSystemQuestions } from "./questions";
import { forgetUser } from "../auth/session-cache";

/** A PATCH: every key optional; null clears what may be empty. */
export type SeoProfilePatch = {
  BrandName?: string;
  BrandAliases?: string[];
  WebsiteURL?: string | null;
  MarketLanguage?: MarketLanguage;
  Country?: string | null;
  Keywords?: string[];
  Competitors?: Competitor[];
  AmbiguousNames?: string[];
};

/** The profile as the API answers it, under the API's names. */
export function toSeoProfile(row: SeoProfileRow, websiteUrl: string | null) {
  return {
    BrandName: row.brandName,
    BrandAliases: row.aliases,
    WebsiteURL: websiteUrl,
    MarketLanguage: row.marketLanguage,
    Country: row.country,
    Keywords: row.keywords,
    Competitors: row.competitors.map((competitor) => ({ Name: competitor.name, Domain: competitor.domain, Aliases: competitor.aliases })),
    AmbiguousNames: row.ambiguousNames,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

export type SeoProfile = ReturnType<typeof toSeoProfile>;

/** Read by most pages (the dashboard, the analyses, the insights). */
const seoProfileOf = prepared("seo_profile", (db, name) =>
  db
    .select({ profile: seoProfiles, websiteUrl: users.websiteUrl })
    .from(users)
    .leftJoin(seoProfiles, eq(seoProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare(name),
);

export async function findSeoProfile(db: Database, userId: string) {
  const [row] = await seoProfileOf(db).execute({ userId });
  if (!row) return null;
  return { profile: row.profile, websiteUrl: row.websiteUrl };
}

export async function getSeoProfile(db: Database, userId: string): Promise<SeoProfile> {
  const found = await findSeoProfile(db, userId);
  if (!found?.profile) throw notFound("No SEO profile yet");
  return toSeoProfile(found.profile, found.websiteUrl);
}

/**
 * Creates the profile on the first PATCH (brand, language and keywords are then required) and
 * updates it after. When what the questions are generated from changes, the system questions are
 * generated again in the same transaction: the user never sees questions about the old brand.
 */
export async function patchSeoProfile(db: Database, userId: string, patch: SeoProfilePatch): Promise<SeoProfile> {
  const saved = await db.transaction(async (tx) => {
    // Row locks cannot cover a row that does not exist yet: two first saves would both insert.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`seo-profile:${userId}`}))`);
    const [current] = await tx.select().from(seoProfiles).where(eq(seoProfiles.userId, userId));
    const now = new Date();
    if (patch.WebsiteURL !== undefined) {
      await tx.update(users).set({ websiteUrl: patch.WebsiteURL, updatedAt: now }).where(eq(users.id, userId));
    }
    const values = {
      ...(patch.BrandName !== undefined && { brandName: patch.BrandName }),
      ...(patch.BrandAliases !== undefined && { aliases: patch.BrandAliases }),
      ...(patch.MarketLanguage !== undefined && { marketLanguage: patch.MarketLanguage }),
      ...(patch.Country !== undefined && { country: patch.Country }),
      ...(patch.Keywords !== undefined && { keywords: patch.Keywords }),
      ...(patch.Competitors !== undefined && { competitors: patch.Competitors }),
      ...(patch.AmbiguousNames !== undefined && { ambiguousNames: patch.AmbiguousNames }),
    };
    if (patch.Competitors !== undefined) await checkCompetitorLimit(tx, userId, current?.competitors ?? [], patch.Competitors);
    let row: SeoProfileRow;
    if (!current) {
      const missing = [
        !values.brandName && "BrandName",
        !values.marketLanguage && "MarketLanguage",
        !values.keywords?.length && "Keywords",
      ].filter((field): field is string => Boolean(field));
      if (missing.length) {
        throw badRequest(`A new SEO profile needs ${missing.join(", ")}`, {
          code: "profile_incomplete",
          errors: Object.fromEntries(missing.map((field) => [field, [{ code: "required", message: "Required" }]])),
        });
      }
      [row] = await tx
        .insert(seoProfiles)
        .values({ userId, brandName: values.brandName!, marketLanguage: values.marketLanguage!, keywords: values.keywords!, ...values })
        .returning();
    } else {
      [row] = await tx
        .update(seoProfiles)
        .set({ ...values, updatedAt: now })
        .where(eq(seoProfiles.userId, userId))
        .returning();
    }
    const [user] = await tx.select({ websiteUrl: users.websiteUrl }).from(users).where(eq(users.id, userId));
    if (!current || questionInputsChanged(current, row)) await regenerateSystemQuestions(tx, userId, row, user?.websiteUrl ?? null);
    return toSeoProfile(row, user?.websiteUrl ?? null);
  });
  // The website is the user's own field: the session's copy of the user must not outlive it.
  if (patch.WebsiteURL !== undefined) forgetUser(userId);
  return saved;
}

/**
 * The plan bounds how many competitors are tracked. A list already above it (after a downgrade)
 * may be kept or shortened, but not grow or take new names.
 */
async function checkCompetitorLimit(tx: Executor, userId: string, before: Competitor[], after: Competitor[]) {
  const limits = await planLimits(tx, userId);
  if (after.length <= limits.maxCompetitors) return;
  const known = new Set(before.map((competitor) => competitor.name.toLocaleLowerCase()));
  if (after.every((competitor) => known.has(competitor.name.toLocaleLowerCase()))) return;
  throw competitorLimitError(limits, "Competitors");
}

/** 403 `competitor_limit` on `field`: more competitors than the plan tracks. */
export function competitorLimitError({ maxCompetitors, planName, isTopPlan }: PlanLimits, field: string) {
  const message = `Your ${planName} plan tracks up to ${maxCompetitors} competitors${isTopPlan ? "" : ": upgrade to track more"}`;
  return new ApiError(403, message, { code: "competitor_limit", errors: fieldError(field, "competitor_limit", message) });
}

function questionInputsChanged(before: SeoProfileRow, after: SeoProfileRow) {
  const key = (row: SeoProfileRow) =>
    JSON.stringify([row.brandName, row.marketLanguage, row.country, row.keywords, row.competitors.map((competitor) => competitor.name)]);
  return key(before) !== key(after);
}
