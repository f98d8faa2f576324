import { authedRoute } from "../auth/guarded-route";
import { lifetimeUsageHeaders, setLifetimeUsage } from "../http/lifetime-usage";
import { createRouter, errorResponse, getById, jsonBody, jsonResponse, type z } from "../http/router";
import { getBoss, getDb } from "../runtime";
import { AcceptedSiteAuditSchema, CreateSiteAuditSchema, SiteAuditListSchema, SiteAuditSchema } from "./schemas";
import { createSiteAudit, getSiteAudit, listSiteAudits, siteAuditUsage } from "./service";

const usageHeaders = lifetimeUsageHeaders({
  limit: "Website analyses the plan allows over the account's life",
  used: "Website analyses run or running (failed ones do not count)",
  remaining: "Website analyses the user may still run",
});

/** A success that carries the user's website-analysis usage (seed §7). */
const withUsage = <T extends z.ZodType>(schema: T, description: string) => ({ ...jsonResponse(schema, description), headers: usageHeaders });

const create = authedRoute("site-audits", {
  method: "post",
  path: "/",
  summary: "Analyse a website: how ready it is for AI assistants (queued)",
  description:
    "Answers at once (202); GET /site-audits/{id} follows it. The home page, robots.txt, the sitemap and llms.txt are fetched from the address (at most 5 redirects, 2 MB and 10 s each). Asking again for an address whose analysis is queued or running answers that one. A host written as a loopback, private, link-local or metadata address is refused here; a name that resolves to one fails the analysis with `address_not_allowed`.",
  request: { body: jsonBody(CreateSiteAuditSchema) },
  responses: {
    202: withUsage(AcceptedSiteAuditSchema, "Accepted: the analysis is queued (or already was)"),
    400: errorResponse("Invalid input (`errors.url`); address_not_allowed: the host is a private address"),
    403: { ...errorResponse("site_audit_limit: the plan's lifetime count of website analyses is used"), headers: usageHeaders },
    429: errorResponse("site_audits_in_flight: the user already has 3 analyses queued or running (Retry-After says when to try again)"),
  },
});

const list = authedRoute("site-audits", {
  method: "get",
  path: "/",
  summary: "The user's website analyses, newest first (the 200 newest)",
  responses: { 200: withUsage(SiteAuditListSchema, "Website analyses") },
});

const one = authedRoute(
  "site-audits",
  getById(SiteAuditSchema, {
    summary: "One website analysis: its status, and its report once done",
    thing: "Website analysis",
    invalid: "Not a website analysis id",
    missing: "No such website analysis of this user",
  }),
);

export const siteAuditRoutes = createRouter()
  .openapi(create, async (c) => {
    const { audit, usage } = await createSiteAudit(await getDb(), await getBoss(), c.get("user").id, c.req.valid("json").url);
    setLifetimeUsage(c, usage);
    return c.json(audit, 202);
  })
  .openapi(list, async (c) => {
    const db = await getDb();
    const userId = c.get("user").id;
    const [audits, usage] = await Promise.all([listSiteAudits(db, userId), siteAuditUsage(db, userId)]);
    setLifetimeUsage(c, usage);
    return c.json({ audits }, 200);
  })
  .openapi(one, async (c) => c.json(await getSiteAudit(await getDb(), c.get("user").id, c.req.valid("param").id), 200));
