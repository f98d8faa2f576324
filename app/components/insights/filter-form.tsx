import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { PERIODS, type Period, periodMonths } from "~/lib/periods";
import { providerLabel } from "#domain/providers";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * An insight screen's filters as a GET form: without JavaScript "Apply" reloads the page with the
 * filters in the URL; with it, each change applies at once and the button goes away.
 */
export function FilterForm({ label, applyLabel, children }: { label: string; applyLabel: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      preventScrollReset
      aria-label={label}
      onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
      className="flex flex-wrap items-end gap-3"
    >
      {children}
      {hydrated ? null : (
        <Button type="submit" variant="outline" className="h-9">
          {applyLabel}
        </Button>
      )}
    </Form>
  );
}

export function FilterSelect({ label, name, defaultValue, children }: { label: string; name: string; defaultValue: string; children: ReactNode }) {
  return (
    <label className="grid gap-1 text-xs font-medium text-muted-foreground">
      {label}
      <NativeSelect name={name} defaultValue={defaultValue} className="h-9 w-auto px-2">
        {children}
      </NativeSelect>
    </label>
  );
}

/** The period of the insight screens (7 to 365 days), as `period`. */
export function PeriodSelect({ label, value }: { label: string; value: Period }) {
  const { t } = useTranslation();
  return (
    <FilterSelect label={label} name="period" defaultValue={String(value)}>
      {PERIODS.map((days) => (
        <option key={days} value={days}>
          {periodMonths(days) ? t("seo:period.months", { count: periodMonths(days) ?? 0 }) : t("seo:period.days", { count: days })}
        </option>
      ))}
    </FilterSelect>
  );
}

/** One assistant, or every one (`allValue`, labelled `allLabel`). */
export function ProviderSelect({
  label,
  name,
  value,
  providers,
  all,
}: {
  label: string;
  name: string;
  value: string;
  providers: string[];
  all: { value: string; label: string };
}) {
  const { i18n } = useTranslation();
  return (
    <FilterSelect label={label} name={name} defaultValue={value}>
      <option value={all.value}>{all.label}</option>
      {providers.map((provider) => (
        <option key={provider} value={provider}>
          {providerLabel(provider, i18n.language)}
        </option>
      ))}
    </FilterSelect>
  );
}
