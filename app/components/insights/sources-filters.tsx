import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { PERIODS, type Period } from "~/lib/periods";
import { providerLabel } from "~/lib/providers";
import { QUESTION_CATEGORIES } from "~/lib/seo-profile";
import { useHydrated } from "~/lib/use-hydrated";
import type { SortDirection, SourceSort } from "./sources-table";

export type SourceFilterValues = { period: Period; provider?: string | undefined; category?: string | undefined; sort: SourceSort; dir: SortDirection };

const select = "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

/**
 * A GET form: without JavaScript "Apply" reloads the page with the filters in the URL; with it,
 * each change applies at once and the button goes away. The sort rides along in hidden fields.
 */
export function SourcesFilters({ values, providers }: { values: SourceFilterValues; providers: string[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      preventScrollReset
      aria-label={t("insights:sources.filters.label")}
      onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
      className="flex flex-wrap items-end gap-3"
    >
      <input type="hidden" name="sort" value={values.sort} />
      <input type="hidden" name="dir" value={values.dir} />
      <label className="grid gap-1 text-xs font-medium text-slate-600">
        {t("insights:sources.filters.period")}
        <select name="period" defaultValue={String(values.period)} className={select}>
          {PERIODS.map((days) => (
            <option key={days} value={days}>
              {t("seo:period.days", { count: days })}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-xs font-medium text-slate-600">
        {t("insights:sources.filters.provider")}
        <select name="provider" defaultValue={values.provider ?? ""} className={select}>
          <option value="">{t("insights:sources.filters.allProviders")}</option>
          {providers.map((provider) => (
            <option key={provider} value={provider}>
              {providerLabel(provider)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-xs font-medium text-slate-600">
        {t("insights:sources.filters.category")}
        <select name="category" defaultValue={values.category ?? ""} className={select}>
          <option value="">{t("insights:sources.filters.allCategories")}</option>
          {QUESTION_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`seoSetup:categories.${category}.name`)}
            </option>
          ))}
        </select>
      </label>
      {hydrated ? null : (
        <Button type="submit" variant="outline" className="h-9">
          {t("insights:sources.filters.apply")}
        </Button>
      )}
    </Form>
  );
}
