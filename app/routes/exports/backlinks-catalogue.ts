import { data } from "react-router";
import type { Route } from "./+types/backlinks-catalogue";
import { requireAdmin } from "~/lib/admin.server";
import { dataOf, getApiClient, read } from "~/lib/api.server";
import { csvResponse } from "~/lib/csv";

/**
 * The whole catalogue (retired sites included) as the CSV the import reads, for the team: the
 * API's text as it is, so an export re-imports unchanged. Admins only; anyone else gets the 403 page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { csv } = await read(getApiClient(context).backlinks.admin.sites.export.$get()).then(dataOf);
  if (typeof csv !== "string") throw data(null, { status: 502 });
  return csvResponse("backlinks-catalogue", csv);
}
