import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import type { Route } from "./+types/placeholder";
import { titleMeta } from "~/lib/meta";
import { PlaceholderScreen } from "~/components/placeholder-screen";
import { getApiClient, read, requireSession } from "~/lib/api.server";
import { stepPath } from "~/lib/onboarding-steps";
import { sectionFor } from "~/lib/navigation";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/**
 * The shared screen of every section a later issue fills in. The dashboard, where a signed-in user
 * lands, first sends one who has not finished onboarding to their step.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  const section = sectionFor(new URL(request.url).pathname);
  const key = section?.key ?? "dashboard";
  if (key === "dashboard") {
    const { data: status } = await read(getApiClient(context).onboarding.status.$get());
    if (!status.complete) throw redirect(stepPath(status.current_step));
  }
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
