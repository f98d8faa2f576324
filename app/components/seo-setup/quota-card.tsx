import { CrownIcon, LockIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PlanDialogLink } from "~/components/billing/plan-dialog";
import type { QuotaStatus } from "~/lib/api.server";
import { QUESTION_CATEGORIES } from "#domain/seo-profile";
import { UsageMeter } from "./usage-meter";

/**
 * Seed 001 §2: the prompts screen's quota card: current plan, questions the plan gives access to,
 * and each category's quota (locked when the plan does not include it). The market-language
 * section is passed in, since it holds the change control.
 */
export function QuotaCard({ quota, marketLanguage }: { quota: QuotaStatus; marketLanguage: React.ReactNode }) {
  const { t } = useTranslation();
  const { limits, usage } = quota;
  return (
    <section aria-labelledby="quota-title" className="grid gap-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" data-testid="quota-card">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 id="quota-title" className="text-lg font-semibold">
            {t("seoSetup:quota.title")}
          </h2>
          <p className="text-sm text-slate-600">{t("seoSetup:quota.description")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p className="flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700" data-testid="plan-name">
            <CrownIcon className="size-4" aria-hidden />
            {t("seoSetup:quota.plan", { name: quota.plan_name })}
          </p>
          {quota.is_top_plan ? (
            <span className="rounded-md bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-700">{t("billing:maxPlan")}</span>
          ) : (
            <PlanDialogLink upgrade className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">
              {t("billing:upgradeCta")}
            </PlanDialogLink>
          )}
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-semibold text-slate-900">{t("seoSetup:quota.marketLanguage")}</h3>
          {marketLanguage}
        </div>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-semibold text-slate-900">{t("seoSetup:quota.totalQuestions")}</h3>
          <UsageMeter
            used={usage.questions_total}
            limit={limits.max_questions_total}
            label={t("seoSetup:questions.usage", { used: usage.questions_total, limit: limits.max_questions_total })}
          />
          <p className="text-xs text-slate-500">
            {t("seoSetup:quota.breakdown", { user: usage.user_questions, system: usage.system_questions, remaining: usage.remaining })}
          </p>
        </div>
      </div>

      <div className="grid gap-3">
        <h3 className="text-sm font-semibold text-slate-900">
          {t("seoSetup:quota.categories", { allowed: limits.allowed_categories.length, total: limits.total_available_categories })}
        </h3>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {QUESTION_CATEGORIES.map((category) => {
            const categoryQuota = limits.category_quotas[category];
            const name = t(`seoSetup:categories.${category}.name`);
            return (
              <li key={category} className="grid gap-2 rounded-md border border-slate-200 p-3" data-testid={`category-${category}`}>
                {categoryQuota?.allowed ? (
                  <UsageMeter
                    used={categoryQuota.used}
                    limit={categoryQuota.limit}
                    label={t("seoSetup:quota.categoryUsage", { name, used: categoryQuota.used, limit: categoryQuota.limit })}
                  />
                ) : (
                  <div className="grid gap-1 text-slate-500">
                    <p className="flex items-center gap-1.5 text-sm font-medium">
                      <LockIcon className="size-4" aria-hidden />
                      {name}
                    </p>
                    <p className="text-xs">{t("seoSetup:quota.locked")}</p>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
