import { CrownIcon, LockIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { PlanDialogLink } from "~/components/billing/plan-dialog";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { QuotaStatus } from "~/lib/api-types";
import { QUESTION_CATEGORIES } from "#domain/seo-profile";
import { cn } from "~/lib/utils";
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
    <Card asChild className="grid gap-6 p-4 sm:p-6">
      <section aria-labelledby="quota-title" data-testid="quota-card">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <CardHeader>
            <CardTitle id="quota-title">{t("seoSetup:quota.title")}</CardTitle>
            <CardDescription>{t("seoSetup:quota.description")}</CardDescription>
          </CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <Badge asChild variant="info" size="lg">
              <p data-testid="plan-name">
                <CrownIcon aria-hidden />
                {t("seoSetup:quota.plan", { name: quota.plan_name })}
              </p>
            </Badge>
            {quota.is_top_plan ? (
              <span className="rounded-md bg-muted px-3 py-1.5 text-sm font-medium text-muted-foreground">{t("billing:maxPlan")}</span>
            ) : (
              <PlanDialogLink upgrade className={cn(buttonVariants({ size: "sm" }), "text-sm")}>
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
    </Card>
  );
}
