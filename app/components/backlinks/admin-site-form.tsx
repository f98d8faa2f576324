import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CURRENCIES, LINK_TYPES, SITE_CATEGORIES, SITE_LANGUAGES } from "#domain/backlinks";
import { CheckboxField, Field, SelectField } from "~/components/forms";
import { ErrorList, FormErrors } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { majorText } from "~/lib/backlinks";
import { type FormConstraint, useLazyValidation } from "~/lib/lazy-validation";
import type { BacklinkSite } from "~/lib/api-types";
import { categoryName, languageName } from "./site-facts";

const PREFIX = "backlinksAdmin:site";

/** A site's form as the team edits it: every figure, and each link type's price in major units. */
/** `constraint`: `getZodConstraint(SiteFormFields)`, from the loader (zod stays off the page). */
export function AdminSiteForm({ site, lastResult, submitLabel, constraint }: { site: BacklinkSite | null; lastResult: SubmissionResult<string[]> | undefined; submitLabel: string; constraint: FormConstraint }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const prices = Object.fromEntries((site?.offers ?? []).map((offer) => [offer.link_type, majorText(offer.price)]));
  const [form, fields] = useForm({
    id: "site-form",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    constraint,
    defaultValue: site
      ? {
          url: site.url,
          dr: String(site.dr),
          da: String(site.da),
          traffic: String(site.traffic),
          currency: site.currency,
          category: site.category,
          language: site.language,
          country: site.country,
          dofollow: site.dofollow ? "on" : undefined,
          turnaround_days: String(site.turnaround_days),
          sample_url: site.sample_url ?? "",
          offers: prices,
        }
      : { currency: "USD", category: "business", language: "en", dofollow: "on", turnaround_days: "7" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() => import("~/lib/backlinks-schemas").then((module) => module.SiteFormSchema)),
  });
  const offers = fields.offers.getFieldset();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
      <input type="hidden" name="intent" value="save" />
      <Field meta={fields.url} label={t(`${PREFIX}.url`)} inputMode="url" className="sm:col-span-2 lg:col-span-3" />
      <Field meta={fields.dr} label={t(`${PREFIX}.dr`)} inputMode="numeric" />
      <Field meta={fields.da} label={t(`${PREFIX}.da`)} inputMode="numeric" />
      <Field meta={fields.traffic} label={t(`${PREFIX}.traffic`)} inputMode="numeric" />
      <SelectField meta={fields.category} label={t(`${PREFIX}.category`)} options={SITE_CATEGORIES.map((value) => ({ value, label: categoryName(t, value) }))} />
      <SelectField meta={fields.language} label={t(`${PREFIX}.language`)} options={SITE_LANGUAGES.map((value) => ({ value, label: languageName(t, value) }))} />
      <Field meta={fields.country} label={t(`${PREFIX}.country`)} maxLength={2} autoCapitalize="characters" placeholder="FR" />
      <SelectField meta={fields.currency} label={t(`${PREFIX}.currency`)} options={CURRENCIES.map((value) => ({ value, label: value }))} />
      <Field meta={fields.turnaround_days} label={t(`${PREFIX}.turnaroundDays`)} inputMode="numeric" />
      <CheckboxField meta={fields.dofollow} label={t(`${PREFIX}.dofollow`)} className="sm:pt-7" />
      <Field meta={fields.sample_url} label={t(`${PREFIX}.sampleUrl`)} inputMode="url" className="sm:col-span-2 lg:col-span-3" />

      <fieldset className="grid gap-x-4 rounded-md border p-3 pb-0 sm:col-span-2 sm:grid-cols-2 lg:col-span-3" aria-describedby="offers-hint">
        <legend className="px-1 text-sm font-medium">{t(`${PREFIX}.offers`)}</legend>
        <p id="offers-hint" className="pb-3 text-xs text-muted-foreground sm:col-span-2">
          {t(`${PREFIX}.offersHint`)}
        </p>
        {LINK_TYPES.map((type) => (
          <Field key={type} meta={offers[type]} label={t(`backlinks:linkTypes.${type}.name`)} inputMode="decimal" />
        ))}
        <ErrorList id={fields.offers.errorId} errors={fields.offers.errors} className="sm:col-span-2" />
      </fieldset>

      <div className="grid gap-3 pt-4 sm:col-span-2 lg:col-span-3">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Button type="submit" className="w-full sm:w-fit" disabled={saving}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
