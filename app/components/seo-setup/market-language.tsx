import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { LoaderCircleIcon } from "~/components/ui/icons";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useNavigation, useRevalidator } from "react-router";
import { Link } from "~/components/ui/link";
import { SelectField } from "~/components/forms";
import { Alert, AlertDescription, alertVariants } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { MARKET_LANGUAGES, type MarketLanguage } from "#domain/seo-profile";
import { type FormConstraint, useLazyValidation } from "~/lib/lazy-validation";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

/** The confirmation dialog (and Radix's) is fetched when a change asks for it (issue 16). */
const LanguageDialog = lazy(() => import("./market-language-dialog"));

/** Seed 001 §4/§9: after a change, the page reloads its data every 2 s, at most 15 times and 10 s. */
export const LANGUAGE_POLL_INTERVAL_MS = 2000;
export const LANGUAGE_POLL_MAX_ATTEMPTS = 15;
export const LANGUAGE_WAIT_MAX_MS = 10_000;

export type MarketLanguageActionData = { result?: SubmissionResult<string[]>; confirm?: MarketLanguage };

/**
 * The market-language control of the prompts screen. The change is confirmed first: in a dialog
 * with JavaScript (then saved by a fetcher), on a server-rendered panel without (intent
 * confirm-language, then change-language).
 */
/** `constraint`: `getZodConstraint(marketLanguageChangeSchema(stored))`, from the loader (zod stays off the page). */
export function MarketLanguageForm({ stored, actionData, constraint }: { stored: MarketLanguage; actionData?: MarketLanguageActionData; constraint: FormConstraint }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const fetcher = useFetcher<MarketLanguageActionData>();
  const validate = useLazyValidation(() => import("~/lib/seo-setup-schemas").then((module) => module.marketLanguageChangeSchema(stored)));
  const [asking, setAsking] = useState<MarketLanguage | null>(null);
  const [awaiting, setAwaiting] = useState<{ language: MarketLanguage; since: number } | null>(null);
  const stalled = useWaitForLanguage(awaiting, stored, fetcher.state === "idle");

  const [form, fields] = useForm({
    id: "market-language",
    lastResult: fetcher.data?.result ?? (navigation.state === "idle" ? actionData?.result : undefined),
    constraint,
    defaultValue: { MarketLanguage: stored },
    onValidate: validate,
    onSubmit(event, { submission }) {
      if (!hydrated || submission?.status !== "success") return;
      event.preventDefault();
      setAsking(submission.value.MarketLanguage);
    },
  });

  // The saved language (or a refusal) ends the wait.
  useEffect(() => {
    if (awaiting && (stored === awaiting.language || (fetcher.state === "idle" && fetcher.data?.result))) setAwaiting(null);
  }, [awaiting, stored, fetcher.state, fetcher.data]);

  const cancel = () => {
    setAsking(null);
    // Seed 001 §4: cancelling reverts the select to the stored language.
    form.reset();
  };
  const confirm = () => {
    if (!asking) return;
    fetcher.submit({ intent: "change-language", MarketLanguage: asking }, { method: "post" });
    setAwaiting({ language: asking, since: Date.now() });
    setAsking(null);
  };

  if (actionData?.confirm && navigation.state === "idle") return <ConfirmPanel language={actionData.confirm} />;

  const busy = (awaiting !== null && !stalled) || fetcher.state !== "idle";
  return (
    <div className="grid gap-2">
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-2">
        <input type="hidden" name="intent" value="confirm-language" />
        <SelectField
          meta={fields.MarketLanguage}
          label={t("seoSetup:prompts.marketLanguage")}
          className="min-w-48 flex-1"
          disabled={busy}
          options={MARKET_LANGUAGES.map((language) => ({ value: language, label: t(`seoSetup:languages.${language}`) }))}
        />
        <Button type="submit" variant="outline" className="mt-[1.625rem]" disabled={busy}>
          {t("seoSetup:prompts.change")}
        </Button>
      </Form>
      {busy ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden /> {t("seoSetup:prompts.saving")}
        </p>
      ) : stalled ? (
        <Alert variant="warning" role="status">
          <AlertDescription>{t("seoSetup:prompts.stillSaving")}</AlertDescription>
        </Alert>
      ) : null}
      {asking ? (
        <Suspense fallback={null}>
          <LanguageDialog language={asking} onCancel={cancel} onConfirm={confirm} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The dialog's texts as a page section, for a browser without JavaScript. */
function ConfirmPanel({ language }: { language: MarketLanguage }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="confirm-language-title" className={cn(alertVariants({ variant: "info" }), "grid-cols-1 gap-3 p-4 text-foreground")}>
      <h3 id="confirm-language-title" className="text-base font-semibold">
        {t("seoSetup:prompts.confirmTitle")}
      </h3>
      <p>{t("seoSetup:prompts.confirmMessage", { language: t(`seoSetup:languages.${language}`) })}</p>
      <Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="change-language" />
        <input type="hidden" name="MarketLanguage" value={language} />
        <Link to="/seo-llms/prompts" className={buttonVariants({ variant: "outline" })}>
          {t("seoSetup:prompts.cancel")}
        </Link>
        <Button type="submit">{t("seoSetup:prompts.confirm")}</Button>
      </Form>
    </section>
  );
}

/**
 * Reloads the page's data until the stored language is the awaited one, within the seed's bounds;
 * true once it gave up, so the screen can say the save may still land.
 */
function useWaitForLanguage(awaiting: { language: MarketLanguage; since: number } | null, stored: MarketLanguage, saved: boolean) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const [stalled, setStalled] = useState(false);
  const waiting = awaiting !== null && stored !== awaiting.language;

  useEffect(() => {
    if (awaiting) setStalled(false);
  }, [awaiting]);

  useEffect(() => {
    if (!waiting || !saved || !awaiting) return;
    let attempts = 0;
    const timer = setInterval(() => {
      if (attempts >= LANGUAGE_POLL_MAX_ATTEMPTS || Date.now() - awaiting.since >= LANGUAGE_WAIT_MAX_MS) {
        clearInterval(timer);
        setStalled(true);
        return;
      }
      attempts++;
      if (latest.current.state === "idle") void latest.current.revalidate();
    }, LANGUAGE_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [waiting, saved, awaiting]);

  return stalled && waiting;
}
