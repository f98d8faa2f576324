import { useTranslation } from "react-i18next";
import type { Route } from "./+types/methodology";
import { METRICS } from "#domain/metrics";
import { ScreenTitle } from "~/components/screen-title";
import { Card } from "~/components/ui/card";
import { requireSession } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const t = await getFixedT(context);
  return { title: t("methodology:title") };
}

/**
 * How each number is measured (issue 14; docs/metrics.md says the same): every metric's label
 * links to its section here, and the footer links the page.
 */
export default function Methodology() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto grid max-w-3xl gap-6 p-6 lg:p-10">
      <ScreenTitle title={t("methodology:title")} description={t("methodology:description")} />
      <Card className="grid gap-2 p-6">
        <h2 className="text-lg font-semibold">{t("methodology:mention.title")}</h2>
        <p className="text-sm leading-6 text-slate-700">{t("methodology:mention.body")}</p>
        <p className="text-sm leading-6 text-slate-700">{t("methodology:mention.repeats")}</p>
        <p className="text-sm leading-6 text-slate-700">{t("methodology:mention.words")}</p>
      </Card>
      {METRICS.map((metric) => (
        <Card key={metric} id={metric} className="grid scroll-mt-24 gap-2 p-6 target:ring-2 target:ring-indigo-500">
          <h2 className="text-lg font-semibold">{t(`methodology:metrics.${metric}.name`)}</h2>
          <p className="rounded-md bg-muted px-3 py-2 font-mono text-sm">{t(`methodology:metrics.${metric}.formula`)}</p>
          <p className="text-sm leading-6 text-slate-700">{t(`methodology:metrics.${metric}.body`)}</p>
        </Card>
      ))}
      <Card id="uncertainty" className="grid scroll-mt-24 gap-2 p-6">
        <h2 className="text-lg font-semibold">{t("methodology:uncertainty.title")}</h2>
        <p className="text-sm leading-6 text-slate-700">{t("methodology:uncertainty.body")}</p>
        <p className="text-sm leading-6 text-slate-700">{t("methodology:uncertainty.example")}</p>
      </Card>
    </section>
  );
}
