import type { TFunction } from "i18next";
import { ApiRequestError } from "~/lib/api.server";

/** The insight filters a download link carries, as the screens put them in their URL. */
export function exportFilters(url: URL) {
  const params = url.searchParams;
  const read = (name: string) => params.get(name)?.trim() || undefined;
  return { start_date: read("start_date"), end_date: read("end_date"), provider: read("provider"), category: read("category"), model: read("model") };
}

/**
 * A download whose filters the API refuses (a hand-edited link, `start_date=x`) is the client's
 * mistake: 400 with the reason, as text, not a failed server.
 */
export async function refusingBadFilters<T>(call: Promise<T>, t: TFunction): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 400) throw error;
    throw new Response(`${t("exports:badFilters")} ${error.message}\n`, {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
}
