import { redirect } from "react-router";
import type { Route } from "./+types/home";
import { getApiClient } from "~/lib/api.server";

export function loader({ context }: Route.LoaderArgs) {
  return redirect(getApiClient(context).session ? "/dashboard" : "/auth");
}
