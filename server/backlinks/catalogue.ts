import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Currency, LinkType, SiteSort } from "#domain/backlinks";
import type { Database, Executor } from "../db/client";
import { answerCitations, backlinkOffers, backlinkSites } from "../db/schema";
import { ApiError } from "../http/errors";
import { registrableDomain } from "../seo-llm/answer-analysis";
import type { CheckedSite } from "./site-input";

/**
 * The catalogue (issue 15): live sites filtered, sorted and paged for the listing, each with how
 * often the AI assistants cited its domain in the caller's own analyses, and the admin's import,
 * edit and retire. A site's `price` is its cheapest offer; with a link type chosen, that type's.
 */

export type SiteQuery = {
  category?: string;
  dr_min?: number;
  dr_max?: number;
  da_min?: number;
  da_max?: number;
  traffic_min?: number;
  price_min?: number;
  price_max?: number;
  currency?: Currency;
  language?: string;
  country?: string;
  link_type?: LinkType;
  q?: string;
  cited?: boolean;
  sort: SiteSort;
  page: number;
  per_page: number;
};

type SiteRow = typeof backlinkSites.$inferSelect;

export type SiteView = ReturnType<typeof siteView>;

function siteView(site: SiteRow, offers: Array<{ linkType: LinkType; price: number }>, citations: number) {
  return {
    id: site.id,
    url: site.url,
    domain: site.domain,
    dr: site.dr,
    da: site.da,
    traffic: site.traffic,
    price: site.price,
    currency: site.currency,
    category: site.category,
    language: site.language,
    country: site.country,
    dofollow: site.dofollow,
    turnaround_days: site.turnaroundDays,
    sample_url: site.sampleUrl,
    demo: site.demo,
    retired: site.retiredAt !== null,
    offers: offers.map((offer) => ({ link_type: offer.linkType, price: offer.price })).sort((a, b) => a.price - b.price),
    ai_citations: citations,
  };
}

/** `%`, `_` and `\` typed in a search are letters, not patterns. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The domains the assistants cited in this user's analyses, as a subquery. */
const citedBy = (db: Executor, userId: string) =>
  db.selectDistinct({ domain: answerCitations.domain }).from(answerCitations).where(eq(answerCitations.userId, userId));

export async function listSites(db: Database, userId: string, query: SiteQuery) {
  const offer = query.link_type ? backlinkOffers : null;
  const price = offer ? backlinkOffers.price : backlinkSites.price;
  const conditions: Array<SQL | undefined> = [isNull(backlinkSites.retiredAt)];
  if (query.category) conditions.push(eq(backlinkSites.category, query.category));
  if (query.dr_min !== undefined) conditions.push(gte(backlinkSites.dr, query.dr_min));
  if (query.dr_max !== undefined) conditions.push(lte(backlinkSites.dr, query.dr_max));
  if (query.da_min !== undefined) conditions.push(gte(backlinkSites.da, query.da_min));
  if (query.da_max !== undefined) conditions.push(lte(backlinkSites.da, query.da_max));
  if (query.traffic_min !== undefined) conditions.push(gte(backlinkSites.traffic, query.traffic_min));
  if (query.price_min !== undefined) conditions.push(gte(price, query.price_min));
  if (query.price_max !== undefined) conditions.push(lte(price, query.price_max));
  if (query.currency) conditions.push(eq(backlinkSites.currency, query.currency));
  if (query.language) conditions.push(eq(backlinkSites.language, query.language));
  if (query.country) conditions.push(eq(backlinkSites.country, query.country.toUpperCase()));
  if (query.q) conditions.push(or(ilike(backlinkSites.domain, likeText(query.q)), ilike(backlinkSites.category, likeText(query.q))));
  if (query.cited) conditions.push(inArray(backlinkSites.registrableDomain, citedBy(db, userId)));
  const where = and(...conditions);

  const order = {
    price_asc: [asc(price)],
    price_desc: [desc(price)],
    dr_desc: [desc(backlinkSites.dr)],
    da_desc: [desc(backlinkSites.da)],
    traffic_desc: [desc(backlinkSites.traffic)],
  }[query.sort];

  const base = db.select({ site: backlinkSites, price }).from(backlinkSites).$dynamic();
  const joined = offer ? base.innerJoin(backlinkOffers, and(eq(backlinkOffers.siteId, backlinkSites.id), eq(backlinkOffers.linkType, query.link_type!))) : base;
  const countBase = db.select({ total: count() }).from(backlinkSites).$dynamic();
  const countJoined = offer ? countBase.innerJoin(backlinkOffers, and(eq(backlinkOffers.siteId, backlinkSites.id), eq(backlinkOffers.linkType, query.link_type!))) : countBase;

  const [rows, [{ total }]] = await Promise.all([
    joined
      .where(where)
      .orderBy(...order, asc(backlinkSites.domain))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    countJoined.where(where),
  ]);
  const sites = await withDetails(
    db,
    userId,
    rows.map((row) => ({ ...row.site, price: row.price })),
  );
  return { sites, page: query.page, per_page: query.per_page, total, pages: Math.max(1, Math.ceil(total / query.per_page)) };
}

/** Offers and citation counts for a page of sites: two queries, whatever the page's size. */
async function withDetails(db: Executor, userId: string, sites: SiteRow[]) {
  if (sites.length === 0) return [];
  const ids = sites.map((site) => site.id);
  const domains = [...new Set(sites.map((site) => site.registrableDomain))];
  const [offers, citations] = await Promise.all([
    db.select().from(backlinkOffers).where(inArray(backlinkOffers.siteId, ids)),
    db
      .select({ domain: answerCitations.domain, total: count() })
      .from(answerCitations)
      .where(and(eq(answerCitations.userId, userId), inArray(answerCitations.domain, domains)))
      .groupBy(answerCitations.domain),
  ]);
  const cited = new Map(citations.map((row) => [row.domain, row.total]));
  return sites.map((site) =>
    siteView(
      site,
      offers.filter((offer) => offer.siteId === site.id),
      cited.get(site.registrableDomain) ?? 0,
    ),
  );
}

export async function findSite(db: Executor, id: string) {
  const [site] = await db.select().from(backlinkSites).where(eq(backlinkSites.id, id));
  return site ?? null;
}

/** One site with all its offers; a retired one only for admins (orders still name it). */
export async function getSite(db: Database, viewer: { id: string; role: string }, id: string) {
  const site = await findSite(db, id);
  if (!site || (site.retiredAt && viewer.role !== "admin")) throw new ApiError(404, "No such site in the catalogue", { code: "site_not_found" });
  const [view] = await withDetails(db, viewer.id, [site]);
  return view;
}

export async function getSiteByDomain(db: Database, viewer: { id: string; role: string }, domain: string) {
  const [site] = await db.select({ id: backlinkSites.id }).from(backlinkSites).where(eq(backlinkSites.domain, domain));
  if (!site) throw new ApiError(404, "No such site in the catalogue", { code: "site_not_found" });
  return getSite(db, viewer, site.id);
}

export async function offerPrice(db: Executor, siteId: string, linkType: LinkType): Promise<number | null> {
  const [row] = await db
    .select({ price: backlinkOffers.price })
    .from(backlinkOffers)
    .where(and(eq(backlinkOffers.siteId, siteId), eq(backlinkOffers.linkType, linkType)));
  return row?.price ?? null;
}

// ---- admin ---------------------------------------------------------------------------------------

const columns = (site: CheckedSite, now: Date) => ({
  domain: site.domain,
  registrableDomain: registrableDomain(site.domain) ?? site.domain,
  url: site.url,
  dr: site.dr,
  da: site.da,
  traffic: site.traffic,
  price: site.price,
  currency: site.currency,
  category: site.category,
  language: site.language,
  country: site.country,
  dofollow: site.dofollow,
  turnaroundDays: site.turnaround_days,
  sampleUrl: site.sample_url,
  updatedAt: now,
});

async function replaceOffers(tx: Executor, siteId: string, offers: CheckedSite["offers"]) {
  await tx.delete(backlinkOffers).where(eq(backlinkOffers.siteId, siteId));
  const rows = Object.entries(offers).flatMap(([linkType, price]) => (price === undefined ? [] : [{ siteId, linkType: linkType as LinkType, price }]));
  if (rows.length) await tx.insert(backlinkOffers).values(rows);
}

/**
 * Adds or updates sites by domain (a CSV import, the demo seed): a site already there takes the
 * new figures and offers, and a retired one comes back. Returns how many were added and updated.
 */
export async function upsertSites(db: Database, sites: CheckedSite[], options: { demo?: boolean; now?: Date } = {}) {
  const now = options.now ?? new Date();
  let added = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    for (const site of sites) {
      const [row] = await tx
        .insert(backlinkSites)
        .values({ ...columns(site, now), demo: options.demo ?? false, createdAt: now })
        .onConflictDoUpdate({ target: backlinkSites.domain, set: { ...columns(site, now), retiredAt: null } })
        .returning({ id: backlinkSites.id, createdAt: backlinkSites.createdAt });
      if (row.createdAt.getTime() === now.getTime()) added++;
      else updated++;
      await replaceOffers(tx, row.id, site.offers);
    }
  });
  return { added, updated };
}

export async function updateSite(db: Database, viewer: { id: string; role: string }, id: string, site: CheckedSite) {
  await db.transaction(async (tx) => {
    const [clash] = await tx.select({ id: backlinkSites.id }).from(backlinkSites).where(eq(backlinkSites.domain, site.domain));
    if (clash && clash.id !== id) throw new ApiError(409, `Another site already has the domain ${site.domain}`, { code: "domain_taken" });
    const [row] = await tx.update(backlinkSites).set(columns(site, new Date())).where(eq(backlinkSites.id, id)).returning({ id: backlinkSites.id });
    if (!row) throw new ApiError(404, "No such site in the catalogue", { code: "site_not_found" });
    await replaceOffers(tx, id, site.offers);
  });
  return getSite(db, viewer, id);
}

/** Retired: off the listing and the cart's add, kept for the orders that name it; or back again. */
export async function setRetired(db: Database, viewer: { id: string; role: string }, id: string, retired: boolean) {
  const [row] = await db
    .update(backlinkSites)
    .set({ retiredAt: retired ? sql`coalesce(${backlinkSites.retiredAt}, now())` : null, updatedAt: new Date() })
    .where(eq(backlinkSites.id, id))
    .returning({ id: backlinkSites.id });
  if (!row) throw new ApiError(404, "No such site in the catalogue", { code: "site_not_found" });
  return getSite(db, viewer, id);
}

/** Every site for the admin's export, retired ones included. */
export async function allSites(db: Database) {
  const [sites, offers] = await Promise.all([db.select().from(backlinkSites).orderBy(asc(backlinkSites.domain)), db.select().from(backlinkOffers)]);
  const bySite = new Map<string, typeof offers>();
  for (const offer of offers) bySite.set(offer.siteId, [...(bySite.get(offer.siteId) ?? []), offer]);
  return sites.map((site) => ({ site, offers: bySite.get(site.id) ?? [] }));
}
