import { getFieldsetProps, getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Route } from "./+types/market";
import { ONBOARDING_LIMITS } from "#domain/onboarding";
import { countryOptions, MARKET_LANGUAGES, type MarketLanguage } from "#domain/seo-profile";
import { ListEnd, RowFieldset } from "~/components/form-lists";
import { Field, SelectField } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { StepCard, StepFooter, useAutoSave, useStepForm } from "~/components/onboarding/step-form";
import { dataOf, getApiClient, read } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { marketFormSchema } from "~/lib/onboarding-schemas";
import { guessMarket, stepPath } from "~/lib/onboarding-steps";
import { getFixedT, getLocale } from "~/middleware/i18next.server";
import { loadStep, stepAction } from "./onboarding.server";
import { STEP_FORMS } from "./step-forms.server";
import { findingsOf } from "./site-audit.server";

export const meta: Route.MetaFunction = titleMeta;

/** Blank rows offered under the competitors, so adding one needs no JavaScript. */
const BLANK_ROWS = 1;

export async function loader({ context }: Route.LoaderArgs) {
  const progress = await loadStep(context, "market_location");
  const locale = getLocale(context) satisfies MarketLanguage;
  const saved = progress.steps.market_location;
  const [quota, findings, t] = await Promise.all([
    read(getApiClient(context).quota.status.$get()).then(dataOf),
    saved ? null : findingsOf(context, progress, locale),
    getFixedT(context),
  ]);
  const maxCompetitors = Math.min(quota.limits.max_competitors, ONBOARDING_LIMITS.competitors);
  // Not saved yet: what the website analysis suggests (or, without one, the interface's language).
  const guess = guessMarket(
    { url: findings?.url ?? progress.steps.website_analysis?.website, lang: findings?.site?.lang, language: findings?.suggestions?.language },
    locale,
  );
  const competitors = saved?.competitors ?? (findings?.suggestions?.competitors ?? []).slice(0, maxCompetitors);
  const blank = Math.min(BLANK_ROWS, Math.max(0, maxCompetitors - competitors.length));
  return {
    title: t("onboarding:market.title"),
    values: {
      market_language: saved?.market_language ?? guess.market_language,
      country: saved?.country ?? guess.country,
      competitors: [...competitors.map((competitor) => ({ name: competitor.name, domain: competitor.domain ?? "" })), ...Array.from({ length: blank }, () => ({ name: "", domain: "" }))],
    },
    maxCompetitors,
    countries: countryOptions(locale),
    constraint: getZodConstraint(marketFormSchema(maxCompetitors)),
  };
}

export async function action(args: Route.ActionArgs) {
  return stepAction(args, STEP_FORMS.market_location, stepPath("google_search_console"));
}

export default function Market({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { maxCompetitors, countries, constraint } = loaderData;
  const loadSchema = () => import("~/lib/onboarding-schemas").then((module) => module.marketFormSchema(maxCompetitors));
  const [form, fields, check] = useStepForm("onboarding-market", loadSchema, constraint, loaderData.values, actionData?.result);
  const autoSave = useAutoSave("market_location", check);
  const rows = fields.competitors.getFieldList();

  return (
    <StepCard step="market_location" title={t("onboarding:market.title")} description={t("onboarding:market.description")}>
      <Form method="post" {...getFormProps(form)} onFocus={autoSave.onFocus} onBlur={autoSave.onBlur} className="grid gap-4">
        <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
          <SelectField
            meta={fields.market_language}
            label={t("onboarding:market.language")}
            description={t("onboarding:market.languageHint")}
            options={MARKET_LANGUAGES.map((language) => ({ value: language, label: t(`seoSetup:languages.${language}`) }))}
          />
          <SelectField
            meta={fields.country}
            label={t("onboarding:market.country")}
            description={t("onboarding:market.countryHint")}
            options={[{ value: "", label: t("onboarding:market.countryChoose") }, ...countries.map((country) => ({ value: country.code, label: country.name }))]}
          />
        </div>
        <fieldset {...getFieldsetProps(fields.competitors)} className="grid gap-3">
          <legend className="text-sm font-medium">{t("onboarding:market.competitors")}</legend>
          <p className="text-sm text-muted-foreground">{t("onboarding:market.competitorsHint", { count: maxCompetitors })}</p>
          {rows.map((row, index) => {
            const { name, domain } = row.getFieldset();
            const number = index + 1;
            return (
              <RowFieldset key={row.key} form={form} list={fields.competitors.name} index={index} meta={row} columns={2} label={t("onboarding:market.competitor", { number })} removeLabel={t("onboarding:market.removeCompetitor", { number })}>
                <Field meta={name} label={t("onboarding:market.competitorName")} placeholder="Globex" />
                <Field meta={domain} label={t("onboarding:market.competitorDomain")} placeholder="globex.com" className="col-span-2 sm:col-span-1" />
              </RowFieldset>
            );
          })}
          <ListEnd form={form} list={fields.competitors} row={{ name: "", domain: "" }} full={rows.length >= maxCompetitors}>
            {t("onboarding:market.addCompetitor")}
          </ListEnd>
        </fieldset>
        <FormErrors id={form.errorId} errors={form.errors} />
        <StepFooter step="market_location" autoSave={autoSave} />
      </Form>
    </StepCard>
  );
}
