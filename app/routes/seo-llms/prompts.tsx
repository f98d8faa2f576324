import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/prompts";
import { deferred } from "~/lib/deferred";
import { QuotaCard } from "~/components/seo-setup/quota-card";
import { ApiRequestError, dataOf, getApiClient, nullOn404, read, requireSession } from "~/lib/api.server";

import { namedCrumb } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { fieldErrorsFrom } from "~/lib/api-errors";
import { marketLanguageChangeSchema } from "~/lib/seo-setup-schemas";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";

// The form and conform come after the page hydrates (app/lib/deferred.tsx).
const MarketLanguageForm = deferred(() => import("~/components/seo-setup/market-language").then((module) => module.MarketLanguageForm));

export const meta: Route.MetaFunction = titleMeta;
export const handle = namedCrumb("seo:tabs.prompts");

export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const [profile, { data: quota }, t] = await Promise.all([
    read(api.seoProfile.index.$get()).then(dataOf, nullOn404),
    read(api.quota.status.$get()),
    getFixedT(context),
  ]);
  const marketLanguage = profile?.MarketLanguage ?? null;
  return { title: t("seoSetup:prompts.title"), marketLanguage, quota, constraint: marketLanguage ? getZodConstraint(marketLanguageChangeSchema(marketLanguage)) : {} };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const [formData, profile, t] = await Promise.all([request.formData(), read(api.seoProfile.index.$get()).then(dataOf, nullOn404), getFixedT(context)]);
  // A language belongs to a profile, and a new profile needs more than a language.
  if (!profile) return redirectWithToast("/seo-llms/profile", { type: "info", title: t("seoSetup:prompts.setupFirst") });
  const submission = parseWithZod(formData, { schema: marketLanguageChangeSchema(profile.MarketLanguage) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const language = submission.value.MarketLanguage;

  // Without JavaScript the confirmation is a page of its own; with it, a dialog asked already.
  if (formData.get("intent") !== "change-language") return { confirm: language };

  try {
    await read(api.seoProfile.index.$patch({ json: { MarketLanguage: language } }));
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 400) return data({ result: submission.reply(fieldErrorsFrom(error, t, "seoSetup")) }, { status: 400 });
    // Seed 001 §8: the failure toast, then the page's data again.
    return redirectWithToast("/seo-llms/prompts", { type: "error", title: t("seoSetup:profile.updateFailed") });
  }
  return redirectWithToast("/seo-llms/prompts", {
    type: "success",
    title: t("seoSetup:prompts.changed", { language: t(`seoSetup:languages.${language}`) }),
  });
}

export default function Prompts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { quota, marketLanguage } = loaderData;
  return (
    <QuotaCard
      quota={quota}
      marketLanguage={
        marketLanguage ? (
          <>
            <p className="text-sm" data-testid="market-language">
              {t("seoSetup:prompts.current", { language: t(`seoSetup:languages.${marketLanguage}`) })}
            </p>
            <MarketLanguageForm key={marketLanguage} stored={marketLanguage} actionData={actionData} constraint={loaderData.constraint} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {t("seoSetup:prompts.noProfile")}{" "}
            <Link to="/seo-llms/profile" className="font-medium text-primary hover:underline">
              {t("seoSetup:prompts.setupLink")}
            </Link>
          </p>
        )
      }
    />
  );
}
