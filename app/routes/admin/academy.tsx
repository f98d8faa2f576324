import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/academy";
import { titleMeta } from "~/lib/meta";
import { PlaceholderScreen } from "~/components/placeholder-screen";
import { getApiClient, requireSession } from "~/lib/api.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  const profile = await getApiClient(context).user.profile();
  if (profile.role !== "admin") throw data(null, { status: 403 });
  const t = await getFixedT(context);
  return { title: t("nav.adminAcademy") };
}

export default function AdminAcademy() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t("nav.adminAcademy")} description={t("placeholder.descriptions.adminAcademy")} />;
}
