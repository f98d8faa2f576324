import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/question";
import { BackLink } from "~/components/back-link";
import { QuestionHistory } from "~/components/seo-llms/question-history";
import { ApiRequestError, getApiClient, read, requireSession } from "~/lib/api.server";

import { breadcrumbs, shorten } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { fieldErrorsFrom } from "~/lib/api-errors";
import { deferred } from "~/lib/deferred";
import { QuestionEditSchema } from "~/lib/seo-setup-schemas";
import { redirectWithToast, replyWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";

// The form and conform come after the page hydrates (app/lib/deferred.tsx).
const QuestionEditForm = deferred(() => import("./question-edit-form").then((module) => module.QuestionEditForm));

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => [{ key: "seo:tabs.questions", to: "/seo-llms/questions" }, { label: shorten(data.question.question_text) }]);

const notFound = () => data(null, { status: 404 });
/** Analyses of the question shown per page of its history. */
const HISTORY_PAGE_SIZE = 5;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  requireSession(context);
  if (!z.uuid().safeParse(params.id).success) throw notFound();
  const api = getApiClient(context);
  // Someone else's question is a 404 from the API, like one that does not exist.
  const historyPage = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("history") ?? "1", 10) || 1));
  const on404 = (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 404) throw notFound();
    throw error;
  };
  const [{ data: question }, { data: history }, { data: quota }, t] = await Promise.all([
    read(api.questions[":id"].$get({ param: { id: params.id } })).catch(on404),
    read(api.questions[":id"].history.$get({ param: { id: params.id }, query: { limit: String(HISTORY_PAGE_SIZE), offset: String((historyPage - 1) * HISTORY_PAGE_SIZE) } })).catch(on404),
    read(api.quota.status.$get()),
    getFixedT(context),
  ]);
  return {
    question,
    history,
    historyPage,
    historyPages: Math.max(1, Math.ceil(history.total / HISTORY_PAGE_SIZE)),
    allowedCategories: quota.limits.allowed_categories,
    title: t("seoSetup:question.title"),
    constraint: getZodConstraint(QuestionEditSchema),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSession(context);
  if (!z.uuid().safeParse(params.id).success) throw notFound();
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: QuestionEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const t = await getFixedT(context);
  try {
    await read(getApiClient(context).questions[":id"].$put({ param: { id: params.id }, json: submission.value }));
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 404) throw notFound();
    // The plan's refusals and a duplicate (403, 409) are the fields' too.
    if (error.errors) return data({ result: submission.reply(fieldErrorsFrom(error, t, "seoSetup")) }, { status: 400 });
    // As for the profile: a toast when a script will show it, the form's alert in any case.
    return replyWithToast(formData, { type: "error", title: t("seoSetup:question.saveFailed") }, { result: submission.reply({ formErrors: ["seoSetup:question.saveFailed"] }) });
  }
  return redirectWithToast("/seo-llms/questions", { type: "success", title: t("seoSetup:question.saved") });
}

export default function EditQuestion({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { question, history, historyPage, historyPages, allowedCategories, constraint } = loaderData;
  return (
    <div className="grid gap-6">
      <BackLink to="/seo-llms/questions">{t("seoSetup:question.back")}</BackLink>
      <QuestionHistory history={history} page={historyPage} pages={historyPages} />
      <QuestionEditForm question={question} allowedCategories={allowedCategories} constraint={constraint} result={actionData?.result} />
    </div>
  );
}
