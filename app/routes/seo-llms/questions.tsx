import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { SearchIcon } from "~/components/ui/icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigate } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/questions";
import { QuestionGroups } from "~/components/seo-setup/question-list";
import { UsageMeter } from "~/components/seo-setup/usage-meter";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { ApiRequestError, dataOf, getApiClient, nullOn404, read, requireSession, usageFrom } from "~/lib/api.server";

import { namedCrumb } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { fieldErrorsFrom } from "~/lib/api-errors";
import { deferred } from "~/lib/deferred";
import { filterQuestions } from "~/lib/question-filter";
import { QuestionCreateSchema, QuestionFilterSchema, QuestionRowActionSchema } from "~/lib/seo-setup-schemas";
import { redirectWithToast, replyWithToast } from "~/lib/toast.server";
import { useHydrated } from "~/lib/use-hydrated";
import { getFixedT, getLocale } from "~/middleware/i18next.server";

const QuestionAddForm = deferred(() => import("./question-add-form").then((module) => module.QuestionAddForm));

export const meta: Route.MetaFunction = titleMeta;
export const handle = namedCrumb("seo:tabs.questions");

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const { q } = QuestionFilterSchema.parse({ q: url.searchParams.get("q") ?? undefined });
  const api = getApiClient(context);
  const [profile, { data: quota }, t] = await Promise.all([
    read(api.seoProfile.index.$get()).then(dataOf, nullOn404),
    read(api.quota.status.$get()),
    getFixedT(context),
  ]);
  // Seed 001 §8: a list that fails to load is a message on this page, not an error page.
  const list = await read(api.questions.index.$get({ query: q ? { q } : {} })).then(
    ({ data, headers }) => ({ ...data, usage: usageFrom(headers) }),
    (error: unknown) => {
      if (error instanceof ApiRequestError) return null;
      throw error;
    },
  );
  return {
    title: t("seoSetup:questions.title"),
    q: q ?? "",
    questions: list?.questions ?? null,
    usage: list?.usage ?? { limit: quota.limits.max_questions_total, used: quota.usage.questions_total, remaining: quota.usage.remaining },
    allowedCategories: quota.limits.allowed_categories,
    quotas: quota.limits.category_quotas,
    marketLanguage: profile?.MarketLanguage ?? getLocale(context),
    constraint: getZodConstraint(QuestionCreateSchema),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  requireSession(context);
  const formData = await request.formData();
  const api = getApiClient(context);
  const t = await getFixedT(context);
  // Back to the list as it was filtered.
  const back = `/seo-llms/questions${url.search}`;

  if (formData.get("intent") === "create") {
    const submission = parseWithZod(formData, { schema: QuestionCreateSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      await read(api.questions.index.$post({ json: submission.value }));
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      // The plan's refusals and a duplicate (403, 409) are the fields' too.
      if (error.errors) return data({ result: submission.reply(fieldErrorsFrom(error, t, "seoSetup")) }, { status: 400 });
      // As for the profile: a toast when a script will show it, the form's alert in any case.
      return replyWithToast(formData, { type: "error", title: t("seoSetup:questions.createFailed") }, { result: submission.reply({ formErrors: ["seoSetup:questions.createFailed"] }) });
    }
    return redirectWithToast(back, { type: "success", title: t("seoSetup:questions.created") });
  }

  const row = QuestionRowActionSchema.safeParse(Object.fromEntries(formData));
  if (!row.success) return redirectWithToast(back, { type: "error", title: t("seoSetup:questions.updateFailed") });
  if (row.data.intent === "delete") {
    try {
      await read(api.questions[":id"].$delete({ param: { id: row.data.id } }));
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      return redirectWithToast(back, { type: "error", title: t("seoSetup:questions.deleteFailed"), description: error.message });
    }
    return redirectWithToast(back, { type: "success", title: t("seoSetup:questions.deleted") });
  }
  try {
    await read(api.questions[":id"].$put({ param: { id: row.data.id }, json: { is_active: row.data.is_active } }));
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return redirectWithToast(back, { type: "error", title: t("seoSetup:questions.updateFailed"), description: error.message });
  }
  return redirectWithToast(back, {
    type: "success",
    title: row.data.is_active ? t("seoSetup:questions.activated") : t("seoSetup:questions.deactivated"),
  });
}

export default function Questions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { q, questions, usage, allowedCategories, quotas, marketLanguage, constraint } = loaderData;
  const [query, setQuery] = useState(q);
  // With JavaScript the list filters as one types (seed 001 §5); a list the server filtered (?q=)
  // is fetched whole again only when the new text no longer narrows it.
  const onQuery = (value: string) => {
    setQuery(value);
    if (q && !value.toLocaleLowerCase().includes(q.toLocaleLowerCase())) navigate({ search: "" }, { replace: true, preventScrollReset: true });
  };
  const shown = questions ? filterQuestions(questions, hydrated ? query : "") : null;
  const activeFilter = hydrated ? query.trim() : q;

  return (
    <div className="grid gap-6">
      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <CardHeader>
            <CardTitle>{t("seoSetup:questions.title")}</CardTitle>
            <CardDescription>{t("seoSetup:questions.description")}</CardDescription>
          </CardHeader>
          <UsageMeter used={usage.used} limit={usage.limit} label={t("seoSetup:questions.usage", { used: usage.used, limit: usage.limit })} className="w-full sm:w-64" />
        </div>

        <QuestionAddForm
          usage={usage}
          allowedCategories={allowedCategories}
          quotas={quotas}
          marketLanguage={marketLanguage}
          constraint={constraint}
          result={actionData?.result}
        />
      </Card>

      <Card className="grid gap-4 p-4 sm:p-6">
        <Form
          method="get"
          role="search"
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            // The list already shows what was typed.
            if (hydrated) event.preventDefault();
          }}
        >
          <label htmlFor="question-filter" className="sr-only">
            {t("seoSetup:questions.filter")}
          </label>
          <div className="relative min-w-0 flex-1">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
            <Input
              id="question-filter"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={500}
              placeholder={t("seoSetup:questions.filterPlaceholder")}
              className="pl-9"
              onChange={(event) => onQuery(event.currentTarget.value)}
            />
          </div>
          {hydrated ? null : (
            <>
              <Button type="submit" variant="outline">
                {t("seoSetup:questions.search")}
              </Button>
              {q ? (
                <Link to="/seo-llms/questions" className="text-sm text-indigo-600 hover:underline">
                  {t("seoSetup:questions.clearFilter")}
                </Link>
              ) : null}
            </>
          )}
        </Form>

        {shown === null ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{t("seoSetup:questions.loadFailed")}</AlertDescription>
          </Alert>
        ) : shown.length ? (
          <>
            {activeFilter ? (
              <p className="text-xs text-slate-500" aria-live="polite">
                {t("seoSetup:questions.matches", { count: shown.length })}
              </p>
            ) : null}
            <QuestionGroups questions={shown} quotas={quotas} />
          </>
        ) : (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" aria-live="polite">
            {activeFilter ? t("seoSetup:questions.noMatch", { query: activeFilter }) : t("seoSetup:questions.empty")}
          </p>
        )}
      </Card>
    </div>
  );
}
