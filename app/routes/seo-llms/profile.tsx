import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/profile";
import { ProfileForm } from "~/components/seo-setup/profile-form";
import { ApiRequestError, getApiClient, requireSession } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { countryOptions, type MarketLanguage } from "#domain/seo-profile";
import { profileErrorFields, SeoProfileFormSchema } from "~/lib/seo-setup-schemas";
import { redirectWithToast, setToast } from "~/lib/toast.server";
import { getFixedT, getLocale } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  const locale = getLocale(context);
  const api = getApiClient(context);
  const [profile, quota, t] = await Promise.all([api.seoProfile.get(), api.quota.status(), getFixedT(context)]);
  return {
    profile,
    maxCompetitors: quota.limits.max_competitors,
    countries: countryOptions(locale),
    defaultMarketLanguage: locale satisfies MarketLanguage,
    title: t("seoSetup:profile.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context, request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SeoProfileFormSchema });
  // An add/remove-row button is a submission too (without JavaScript): answer with the new rows.
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  const value = submission.value;
  try {
    await getApiClient(context).seoProfile.update({
      BrandName: value.brandName,
      BrandAliases: value.aliases,
      WebsiteURL: value.website,
      MarketLanguage: value.marketLanguage,
      Country: value.country,
      Keywords: value.keywords,
      Competitors: value.competitors.map((competitor) => ({ Name: competitor.name, Domain: competitor.domain, Aliases: competitor.aliases })),
    });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 400) {
      const refused = profileErrorFields(error.errors, value.competitors.map((competitor) => competitor.row));
      return data({ result: submission.reply(refused) }, { status: 400 });
    }
    if (error.status === 403 && error.code === "competitor_limit") {
      // The plan bounds the competitors tracked: said at the list, with what was typed kept.
      return data({ result: submission.reply({ fieldErrors: { competitors: ["seoSetup:validation.competitorPlanLimit"] } }) }, { status: 403 });
    }
    // Seed 001 §8: "update failed, try again" as a toast, and what was typed stays. A 200 lets React
    // Router revalidate, so the root loader shows the toast at once; without JavaScript nothing
    // would read the cookie before the next page, so the form's alert says it alone.
    const t = await getFixedT(context);
    const headers = formData.get("js") ? { "Set-Cookie": await setToast({ type: "error", title: t("seoSetup:profile.updateFailed") }) } : undefined;
    return data({ result: submission.reply({ formErrors: ["seoSetup:profile.updateFailed"] }) }, { headers });
  }
  const t = await getFixedT(context);
  return redirectWithToast("/seo-llms/profile", { type: "success", title: t("seoSetup:profile.saved") });
}

export default function SeoProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t("seoSetup:profile.title")}</h2>
        <p className="text-sm text-slate-600">{t("seoSetup:profile.description")}</p>
      </div>
      <ProfileForm data={loaderData} result={actionData?.result} />
    </div>
  );
}
