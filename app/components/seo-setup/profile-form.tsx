import { getFieldsetProps, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { RefreshCwIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { ListEnd, RowFieldset } from "~/components/form-lists";
import { Field, SelectField, TextareaField } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { type MarketLanguage, MARKET_LANGUAGES, PROFILE_LIMITS } from "#domain/seo-profile";
import { type FormConstraint, useLazyValidation } from "~/lib/lazy-validation";
import { ScriptMarker } from "~/lib/script-marker";

/** What the form shows: the API's profile (null before the first save) and the country list. */
export type ProfileFormData = {
  profile: {
    BrandName: string;
    BrandAliases: string[];
    WebsiteURL: string | null;
    MarketLanguage: MarketLanguage;
    Country: string | null;
    Keywords: string[];
    Competitors: Array<{ Name: string; Domain: string | null; Aliases: string[] }>;
    AmbiguousNames: string[];
    UpdatedAt?: string;
  } | null;
  /** Named in the UI language by the loader, so server and browser render the same list. */
  countries: Array<{ code: string; name: string }>;
  /** The market language offered when there is no profile yet. */
  defaultMarketLanguage: MarketLanguage;
  /** Competitors the plan tracks; absent, the form's own bound. */
  maxCompetitors?: number;
  /** The fields' constraints, from the loader (`getZodConstraint(SeoProfileFormSchema)`): zod stays off the page. */
  constraint: FormConstraint;
};

/** Blank rows offered under the saved competitors, so adding one needs no JavaScript. */
const BLANK_ROWS = 2;

/**
 * The SEO profile form body of the profile tab (onboarding asks the same in steps). It posts to the
 * route that renders it; the action parses with SeoProfileFormSchema and answers `{ result }`.
 */
export function ProfileForm(props: ProfileFormProps) {
  // A save answers with the stored (normalised) profile: a new form shows it rather than what was typed.
  return <ProfileFormBody key={props.data.profile?.UpdatedAt ?? "new"} {...props} />;
}

type ProfileFormProps = { data: ProfileFormData; result?: SubmissionResult<string[]>; submitLabel?: string };

function ProfileFormBody({ data, result, submitLabel }: ProfileFormProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { profile, countries, defaultMarketLanguage } = data;
  const saved = profile?.Competitors ?? [];
  // The plan's bound when known (the API enforces it), never above what the form accepts.
  const maxCompetitors = Math.min(PROFILE_LIMITS.competitors, data.maxCompetitors ?? PROFILE_LIMITS.competitors);
  const blank = Math.min(BLANK_ROWS, Math.max(0, maxCompetitors - saved.length));

  const [form, fields] = useForm({
    id: "seo-profile",
    lastResult: navigation.state === "idle" ? result : undefined,
    constraint: data.constraint,
    defaultValue: {
      BrandName: profile?.BrandName ?? "",
      BrandAliases: profile?.BrandAliases.join(", ") ?? "",
      WebsiteURL: profile?.WebsiteURL ?? "",
      MarketLanguage: profile?.MarketLanguage ?? defaultMarketLanguage,
      Country: profile?.Country ?? "",
      Keywords: profile?.Keywords.join("\n") ?? "",
      AmbiguousNames: profile?.AmbiguousNames.join(", ") ?? "",
      Competitors: [
        ...saved.map((competitor) => ({ Name: competitor.Name, Domain: competitor.Domain ?? "", Aliases: competitor.Aliases.join(", ") })),
        ...Array.from({ length: blank }, () => ({ Name: "", Domain: "", Aliases: "" })),
      ],
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() => import("~/lib/seo-setup-schemas").then((module) => module.SeoProfileFormSchema)),
  });
  const rows = fields.Competitors.getFieldList();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("__intent__") == null;

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6">
      {/* Tells the action a script will show its toast (see the profile route). */}
      <ScriptMarker />
      <section className="grid gap-2">
        <h3 className="text-base font-semibold text-slate-900">{t("seoSetup:profile.brandSection")}</h3>
        <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
          <Field meta={fields.BrandName} label={t("seoSetup:profile.brandName")} placeholder="Acme" autoComplete="organization" />
          <Field meta={fields.BrandAliases} label={t("seoSetup:profile.aliases")} description={t("seoSetup:profile.aliasesHint")} placeholder="Acme Inc, acme.io" />
        </div>
        <Field meta={fields.WebsiteURL} label={t("seoSetup:profile.website")} description={t("seoSetup:profile.websiteHint")} placeholder="example.com" autoComplete="url" />
      </section>

      <section className="grid gap-2">
        <h3 className="text-base font-semibold text-slate-900">{t("seoSetup:profile.marketSection")}</h3>
        <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
          <SelectField
            meta={fields.MarketLanguage}
            label={t("seoSetup:profile.marketLanguage")}
            description={t("seoSetup:profile.marketLanguageHint")}
            options={MARKET_LANGUAGES.map((language) => ({ value: language, label: t(`seoSetup:languages.${language}`) }))}
          />
          <SelectField
            meta={fields.Country}
            label={t("seoSetup:profile.country")}
            description={t("seoSetup:profile.countryHint")}
            options={[{ value: "", label: t("seoSetup:profile.countryNone") }, ...countries.map((country) => ({ value: country.code, label: country.name }))]}
          />
        </div>
        <TextareaField
          meta={fields.Keywords}
          label={t("seoSetup:profile.keywords")}
          description={t("seoSetup:profile.keywordsHint", { max: PROFILE_LIMITS.keywordsMax })}
          rows={4}
          placeholder={t("seoSetup:profile.keywordsPlaceholder")}
        />
      </section>

      <fieldset {...getFieldsetProps(fields.Competitors)} className="grid gap-3">
        <legend className="text-base font-semibold text-slate-900">{t("seoSetup:profile.competitors")}</legend>
        <p className="text-sm text-slate-600">{t("seoSetup:profile.competitorsHint", { max: maxCompetitors })}</p>
        {rows.map((row, index) => {
          const competitor = row.getFieldset();
          const number = index + 1;
          return (
            <RowFieldset key={row.key} form={form} list={fields.Competitors.name} index={index} meta={row} columns={3} label={t("seoSetup:profile.competitorRow", { number })} removeLabel={t("seoSetup:profile.removeCompetitor", { number })}>
              <Field meta={competitor.Name} label={t("seoSetup:profile.competitorName")} placeholder="Globex" />
              <Field meta={competitor.Domain} label={t("seoSetup:profile.competitorDomain")} placeholder="globex.com" className="col-span-2 sm:col-span-1" />
              <Field meta={competitor.Aliases} label={t("seoSetup:profile.competitorAliases")} placeholder="Globex Corp" className="col-span-2 sm:col-span-1" />
            </RowFieldset>
          );
        })}
        <ListEnd form={form} list={fields.Competitors} row={{ Name: "", Domain: "", Aliases: "" }} full={rows.length >= maxCompetitors}>
          {t("seoSetup:profile.addCompetitor")}
        </ListEnd>
      </fieldset>

      <section className="grid gap-2">
        <Field
          meta={fields.AmbiguousNames}
          label={t("seoSetup:profile.ambiguousNames")}
          description={t("seoSetup:profile.ambiguousNamesHint")}
          placeholder={t("seoSetup:profile.ambiguousNamesPlaceholder")}
        />
      </section>

      <Alert variant="warning">
        <RefreshCwIcon aria-hidden />
        <AlertDescription>{t("seoSetup:profile.regenerateHint")}</AlertDescription>
      </Alert>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex justify-end">
        <Button type="submit" disabled={submitting}>
          {submitting ? t("common.saving") : (submitLabel ?? t("common.save"))}
        </Button>
      </div>
    </Form>
  );
}
