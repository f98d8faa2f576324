import { useTranslation } from "react-i18next";
import type { Period } from "~/lib/periods";
import { QUESTION_CATEGORIES } from "#domain/seo-profile";
import { FilterForm, FilterSelect, PeriodSelect, ProviderSelect } from "./filter-form";
import type { SortDirection, SourceSort } from "./sources-table";

export type SourceFilterValues = { period: Period; provider?: string | undefined; category?: string | undefined; sort: SourceSort; dir: SortDirection };

/** The sort rides along in hidden fields, so filtering keeps it. */
export function SourcesFilters({ values, providers }: { values: SourceFilterValues; providers: string[] }) {
  const { t } = useTranslation();
  return (
    <FilterForm label={t("insights:sources.filters.label")} applyLabel={t("insights:sources.filters.apply")}>
      <input type="hidden" name="sort" value={values.sort} />
      <input type="hidden" name="dir" value={values.dir} />
      <PeriodSelect label={t("insights:sources.filters.period")} value={values.period} />
      <ProviderSelect
        label={t("insights:sources.filters.provider")}
        name="provider"
        value={values.provider ?? ""}
        providers={providers}
        all={{ value: "", label: t("insights:sources.filters.allProviders") }}
      />
      <FilterSelect label={t("insights:sources.filters.category")} name="category" defaultValue={values.category ?? ""}>
        <option value="">{t("insights:sources.filters.allCategories")}</option>
        {QUESTION_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`seoSetup:categories.${category}.name`)}
          </option>
        ))}
      </FilterSelect>
    </FilterForm>
  );
}
