import { CONNECT_ORIGINS, DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, SEARCH_CONSOLE_SOURCES, SYNC_ERRORS, SYNC_STATUSES } from "#domain/search-console";
import { z } from "../http/router";

export const SiteSchema = z
  .object({
    site_url: z.string().openapi({ description: "As Search Console names it: `https://www.example.com/` or `sc-domain:example.com`" }),
    permission_level: z.string().openapi({ description: "siteOwner, siteFullUser or siteRestrictedUser" }),
  })
  .openapi("SearchConsoleSite");

export const StatusSchema = z
  .object({
    is_connected: z.boolean(),
    connected_site: z.string().nullable(),
    sites: z.array(SiteSchema),
    needs_selection: z.boolean().openapi({ description: "Connected, but no site chosen yet" }),
    needs_reconnect: z.boolean().openapi({ description: "Google says access was revoked: connect again" }),
    source: z.enum(SEARCH_CONSOLE_SOURCES).nullable().openapi({ description: "`demo`: deterministic sites and traffic drawn from the profile, shown labelled Demo" }),
    account_email: z.string().nullable().openapi({ description: "The Google account connected" }),
    sync_status: z.enum(SYNC_STATUSES),
    sync_error: z.enum(SYNC_ERRORS).nullable(),
    last_synced_at: z.string().nullable(),
    data_end_date: z.string().nullable().openapi({ description: "The last day the synced data covers (Google's figures lag by about three days)" }),
    available_source: z.enum(SEARCH_CONSOLE_SOURCES).openapi({ description: "What POST /connect would connect now" }),
  })
  .openapi("SearchConsoleStatus");

export const ConnectBodySchema = z
  .object({
    origin: z.enum(CONNECT_ORIGINS).default("dashboard").openapi({ description: "The screen to return to" }),
    app_origin: z.url().optional().openapi({ description: "The web app's origin, when APP_URL is not set" }),
  })
  .openapi("SearchConsoleConnect");

export const ConnectAnswerSchema = z.object({ data: z.object({ auth_url: z.string().openapi({ description: "Where to send the browser" }) }) });

export const SitesAnswerSchema = z.object({ data: z.array(SiteSchema) });

export const SelectSiteSchema = z.object({ site_url: z.string().trim().min(1).max(2048) }).openapi("SearchConsoleSelectSite");

export const CallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  scope: z.string().max(4096).optional(),
});

export const PeriodQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS).default(DEFAULT_DASHBOARD_PERIOD).openapi({ param: { allowEmptyValue: false } }),
});

const Totals = z.object({ clicks: z.number(), impressions: z.number(), ctr: z.number().nullable().openapi({ description: "Percent" }), position: z.number().nullable() });
const Range = z.object({ start_date: z.string(), end_date: z.string() });
const TopRow = z.object({ key: z.string(), clicks: z.number(), impressions: z.number(), ctr: z.number().nullable(), position: z.number() });

export const PerformanceSchema = z
  .object({
    period: z.enum(DASHBOARD_PERIODS),
    status: StatusSchema,
    range: Range.nullable().openapi({ description: "Null until the first sync has finished" }),
    totals: Totals.nullable(),
    previous: Range.extend(Totals.shape).nullable().openapi({ description: "The period before, for the change; null when Search Console has no data that old" }),
    daily: z.array(z.object({ date: z.string(), clicks: z.number(), impressions: z.number(), ctr: z.number().nullable(), position: z.number() })),
    queries: z.array(TopRow),
    pages: z.array(TopRow),
    keywords: z.array(
      z.object({
        keyword: z.string(),
        organic: Totals.extend({ queries: z.number() }),
        ai: z.object({ answers: z.number(), visibility: z.number().nullable(), average_position: z.number().nullable() }),
      }),
    ),
  })
  .openapi("SearchConsolePerformance");
