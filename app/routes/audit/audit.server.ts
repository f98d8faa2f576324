import type { RouterContextProvider } from "react-router";
import { getApiClient, notFoundOn404, read, usageFrom } from "~/lib/api.server";
import { getFixedT } from "~/middleware/i18next.server";

type Context = Readonly<RouterContextProvider>;

/** The analyses and the plan's usage (the layout asks too: one request to the API for both). */
export async function auditList(context: Context) {
  const { data, headers } = await read(getApiClient(context).siteAudits.index.$get());
  return { audits: data.audits, usage: usageFrom(headers) };
}

/** What a report screen shows: the analysis (404 for anyone else's), how often to poll it, whether it may run again. */
export async function auditPage(context: Context, id: string) {
  const api = getApiClient(context);
  const [{ data: audit }, { data: config }, { usage }, t] = await Promise.all([
    read(api.siteAudits[":id"].$get({ param: { id } })).catch(notFoundOn404),
    read(api.config.index.$get()),
    auditList(context),
    getFixedT(context),
  ]);
  return { title: t("audit:title"), audit, pollingInterval: config.seo_llm.polling_interval, canRun: (usage?.remaining ?? 0) > 0 };
}
