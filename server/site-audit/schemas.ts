import { SITE_AUDIT_ERROR_CODES, SITE_AUDIT_STATUSES } from "#domain/site-audit";
import { RequiredWebsiteSchema } from "../users/routes";
import { z } from "../http/router";
import type { SiteAudit } from "./audit";
import { CHECK_IDS } from "./checks";

/**
 * The website analysis in the OpenAPI document: the requests, the answers, and the report, whose
 * schemas mirror the engine's types (audit.ts, checks.ts, html.ts, robots.ts, llms-txt.ts,
 * suggestions.ts). `MirrorsEngine` below does not compile when the two part.
 */

// ---- the report ---------------------------------------------------------------------------------

const LLMS_TXT_PROBLEMS = [
  "empty",
  "missing_title",
  "multiple_titles",
  "misplaced_summary",
  "unexpected_heading",
  "text_in_section",
  "invalid_link",
  "invalid_link_url",
  "empty_section",
] as const;

const DIRECTIVES = ["noindex", "noai", "noimageai"] as const;
const ACCESS = ["allowed", "blocked"] as const;

const RedirectSchema = z.object({ from: z.string(), to: z.string(), status: z.number().int() });

const SchemaOrgEntitySchema = z.object({ name: z.string().nullable(), url: z.string().nullable(), same_as: z.array(z.string()) });

const SitemapSchema = z.object({
  url: z.string(),
  found: z.boolean(),
  http_status: z.number().int().nullable(),
  listed_in_robots: z.boolean().openapi({ description: "robots.txt names at least one sitemap" }),
});

const SiteFactsSchema = z
  .object({
    url: z.string().openapi({ description: "The address that answered, after redirects" }),
    http_status: z.number().int(),
    redirects: z.array(RedirectSchema),
    title: z.string().nullable(),
    description: z.string().nullable(),
    lang: z.string().nullable().openapi({ description: "`<html lang>` as written" }),
    og_site_name: z.string().nullable(),
    schema_org: z.object({
      blocks: z.number().int().openapi({ description: "JSON-LD blocks on the page" }),
      invalid_blocks: z.number().int().openapi({ description: "Blocks that do not parse" }),
      types: z.array(z.string()),
      organization: SchemaOrgEntitySchema.nullable(),
      website: SchemaOrgEntitySchema.nullable(),
    }),
    canonical: z.string().nullable(),
    hreflang: z.array(z.object({ lang: z.string(), href: z.string() })),
    favicon: z.string(),
    favicon_declared: z.boolean().openapi({ description: "false: /favicon.ico, where browsers look without a declared icon" }),
    h1: z.array(z.string()),
    meta_robots: z.array(z.object({ name: z.string(), content: z.string() })),
    sitemap: SitemapSchema,
  })
  .openapi("SiteFacts");

const CrawlerSchema = z
  .object({
    token: z.string().openapi({ description: "The user-agent token robots.txt addresses (GPTBot, ClaudeBot, PerplexityBot…)" }),
    operator: z.string(),
    purpose: z.enum(["training", "search", "user"]).openapi({ description: "training data, an assistant's search index, or a fetch a person asked for" }),
    status: z.enum(ACCESS).openapi({ description: "robots.txt and the page's directives together" }),
    robots_txt: z.enum(ACCESS),
    directives: z.array(z.enum(DIRECTIVES)),
  })
  .openapi("AiCrawlerAccess");

const AiCrawlersSchema = z.object({
  robots_txt: z.object({
    url: z.string(),
    state: z.enum(["found", "missing", "unreachable"]).openapi({ description: "missing lets every crawler in; unreachable (5xx, no answer) keeps them all out" }),
    http_status: z.number().int().nullable(),
    sitemaps: z.array(z.string()),
  }),
  directives: z.array(z.enum(DIRECTIVES)).openapi({ description: "X-Robots-Tag and `<meta name=robots>` directives addressed to every crawler" }),
  crawlers: z.array(CrawlerSchema),
});

const LlmsTxtSchema = z
  .object({
    url: z.string(),
    present: z.boolean().openapi({ description: "Served as a text file (an HTML page there is a soft 404)" }),
    http_status: z.number().int().nullable(),
    valid: z.boolean().openapi({ description: "Present and without problems" }),
    title: z.string().nullable(),
    summary: z.string().nullable(),
    sections: z.array(z.object({ title: z.string(), links: z.number().int() })),
    links: z.number().int(),
    problems: z.array(z.object({ code: z.enum(LLMS_TXT_PROBLEMS), line: z.number().int() })),
  })
  .openapi("LlmsTxtReport");

const CheckSchema = z
  .object({
    id: z.enum(CHECK_IDS),
    status: z.enum(["pass", "warn", "fail"]),
    detail: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]))
      .openapi({ description: "The check's values (lengths, counts, addresses), never sentences: clients word them" }),
  })
  .openapi("SiteAuditCheck");

const SuggestionsSchema = z
  .object({
    source: z
      .enum(["page", "page_and_ai"])
      .openapi({ description: "page: read from the home page alone; page_and_ai: with competitors and keywords an AI assistant suggested" }),
    brand_name: z.string().nullable(),
    description: z.string().nullable(),
    language: z.enum(["en", "fr"]).nullable(),
    keywords: z.array(z.string()),
    competitors: z.array(z.object({ name: z.string(), domain: z.string().nullable() })),
  })
  .openapi("SiteSuggestions");

export const SiteAuditResultSchema = z
  .object({
    url: z.string().openapi({ description: "The address as normalised from what was asked (https)" }),
    site: SiteFactsSchema,
    ai_crawlers: AiCrawlersSchema,
    llms_txt: LlmsTxtSchema,
    checks: z.array(CheckSchema),
    score: z.number().int().min(0).max(100),
    suggestions: SuggestionsSchema,
    timings: z.object({
      total_ms: z.number().int(),
      home_ms: z.number().int(),
      robots_txt_ms: z.number().int(),
      sitemap_ms: z.number().int(),
      llms_txt_ms: z.number().int(),
    }),
  })
  .openapi("SiteAuditReport");

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** Does not compile when the document's report and the engine's SiteAudit differ. */
export type MirrorsEngine = Holds<Same<z.infer<typeof SiteAuditResultSchema>, SiteAudit>>;

// ---- requests and answers -----------------------------------------------------------------------

export const CreateSiteAuditSchema = z.object({ url: RequiredWebsiteSchema }).openapi("SiteAuditInput");

const status = z.enum(SITE_AUDIT_STATUSES).openapi({ description: "pending: queued; running; done: `result` is there; failed: `error.code` says why" });
const score = z.number().int().min(0).max(100).nullable().openapi({ description: "0–100 once done" });

export const AcceptedSiteAuditSchema = z.object({ id: z.uuid(), status }).openapi("SiteAuditAccepted");

export const SiteAuditSummarySchema = z
  .object({ id: z.uuid(), url: z.string(), status, score, created_at: z.string(), finished_at: z.string().nullable() })
  .openapi("SiteAuditSummary");

export const SiteAuditListSchema = z.object({ audits: z.array(SiteAuditSummarySchema) });

export const SiteAuditSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    status,
    error: z
      .object({ code: z.enum(SITE_AUDIT_ERROR_CODES) })
      .nullable()
      .openapi({ description: "Why it failed: the home page's fetch failed (invalid_url, address_not_allowed, timeout, too_many_redirects, dns_failed, connection_failed, invalid_response), or audit_error" }),
    score,
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    result: SiteAuditResultSchema.nullable().openapi({ description: "The report, once done" }),
  })
  .openapi("SiteAudit");
