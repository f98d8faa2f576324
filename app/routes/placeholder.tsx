import { useTranslation } from "react-i18next";
import type { Route } from "./+types/placeholder";
import { titleMeta } from "~/lib/meta";
import { PlaceholderScreen } from "~/components/placeholder-screen";
import { requireSession } from "~/lib/api.server";
import { sectionFor } from "~/lib/navigation";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/** The shared screen of every section a later issue fills in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  const section = sectionFor(new URL(request.url).pathname);
  const key = section?.key ?? "dashboard";
  const t = await getFixedT(context);
  return { key, locked: Boolean(section?.locked), title: t(`nav.${key}`) };
}

export default function Placeholder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { key, locked } = loaderData;
  return (
    <PlaceholderScreen
      title={t(`nav.${key}`)}
      description={t(`placeholder.descriptions.${key}`, { defaultValue: "" }) || undefined}
      message={locked ? t("placeholder.lockedMessage") : undefined}
      locked={locked}
    />
  );
}
