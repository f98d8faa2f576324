import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/profile";
import { deferred } from "~/lib/deferred";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ApiRequestError, dataOf, getApiClient, nullOn404, read, requireSession } from "~/lib/api.server";

import { namedCrumb } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { countryOptions, type MarketLanguage } from "#domain/seo-profile";
import { fieldErrorsFrom } from "~/lib/api-errors";
import { atFormRows, SeoProfileFormSchema } from "~/lib/seo-setup-schemas";
import { redirectWithToast, replyWithToast } from "~/lib/toast.server";
import { getFixedT, getLocale } from "~/middleware/i18next.server";

// The form and conform come after the page hydrates (app/lib/deferred.tsx).
const ProfileForm = deferred(() => import("~/components/seo-setup/profile-form").then((module) => module.ProfileForm));

export const meta: Route.MetaFunction = titleMeta;
export const handle = namedCrumb("seo:tabs.profile");

export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const locale = getLocale(context);
  const api = getApiClient(context);
  const [profile, { data: quota }, t] = await Promise.all([
    read(api.seoProfile.index.$get()).then(dataOf, nullOn404),
    read(api.quota.status.$get()),
    getFixedT(context),
  ]);
  return {
    profile,
    maxCompetitors: quota.limits.max_competitors,
    countries: countryOptions(locale),
    defaultMarketLanguage: locale satisfies MarketLanguage,
    constraint: getZodConstraint(SeoProfileFormSchema),
    title: t("seoSetup:profile.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SeoProfileFormSchema });
  // An add/remove-row button is a submission too (without JavaScript): answer with the new rows.
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  const { Competitors, ...value } = submission.value;
  const t = await getFixedT(context);
  try {
    await read(getApiClient(context).seoProfile.index.$patch({ json: { ...value, Competitors: Competitors.map(({ row, ...competitor }) => competitor) } }));
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    // Refused fields, the plan's competitor limit (403) among them, at their rows, with what was typed kept.
    if (error.errors) {
      const rows = Competitors.map((competitor) => competitor.row);
      return data({ result: submission.reply(fieldErrorsFrom({ errors: atFormRows(error.errors, rows) }, t, "seoSetup")) }, { status: error.status === 403 ? 403 : 400 });
    }
    // Seed 001 §8: "update failed, try again" as a toast, and what was typed stays.
    return replyWithToast(formData, { type: "error", title: t("seoSetup:profile.updateFailed") }, { result: submission.reply({ formErrors: ["seoSetup:profile.updateFailed"] }) });
  }
  return redirectWithToast("/seo-llms/profile", { type: "success", title: t("seoSetup:profile.saved") });
}

export default function SeoProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Card className="grid gap-6 p-4 sm:p-6">
      <CardHeader>
        <CardTitle>{t("seoSetup:profile.title")}</CardTitle>
        <CardDescription>{t("seoSetup:profile.description")}</CardDescription>
      </CardHeader>
      <ProfileForm data={loaderData} result={actionData?.result} />
    </Card>
  );
}
