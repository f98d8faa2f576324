import { LockIcon, PauseIcon, PencilIcon, PlayIcon, Trash2Icon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import type { Question } from "~/lib/api-types";
import { QUESTION_CATEGORIES, type QuestionCategory } from "#domain/seo-profile";
import { cn } from "~/lib/utils";

type CategoryQuota = { allowed: boolean; limit: number; used: number };

/** The questions by category, in the product's order; categories without a question are left out. */
export function QuestionGroups({ questions, quotas }: { questions: Question[]; quotas: Partial<Record<QuestionCategory, CategoryQuota>> }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      {QUESTION_CATEGORIES.map((category) => {
        const inCategory = questions.filter((question) => question.category === category);
        if (!inCategory.length) return null;
        const quota = quotas[category];
        return (
          <section key={category} aria-labelledby={`category-${category}`} className="grid gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <div className="grid gap-0.5">
                <h3 id={`category-${category}`} className="text-sm font-semibold text-slate-900">
                  {t(`seoSetup:categories.${category}.name`)}
                </h3>
                <p className="text-xs text-slate-500">{t(`seoSetup:categories.${category}.description`)}</p>
              </div>
              {quota ? (
                <span className="flex items-center gap-1 text-xs text-slate-500">
                  {quota.allowed ? (
                    t("seoSetup:questions.categoryUsage", { used: quota.used, limit: quota.limit })
                  ) : (
                    <>
                      <LockIcon className="size-3.5" aria-hidden /> {t("seoSetup:quota.locked")}
                    </>
                  )}
                </span>
              ) : null}
            </div>
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
              {inCategory.map((question) => (
                <QuestionRow key={question.id} question={question} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** One question with its toggle, edit and delete: plain form posts, a fetcher once JavaScript runs. */
function QuestionRow({ question }: { question: Question }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const pendingIntent = fetcher.formData?.get("intent");
  const active = pendingIntent === "toggle" ? fetcher.formData?.get("is_active") === "true" : question.is_active;
  const deleting = pendingIntent === "delete";
  const toggleLabel = active ? t("seoSetup:questions.deactivate") : t("seoSetup:questions.activate");
  return (
    <li
      className={cn("flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between", deleting && "opacity-40")}
      data-testid="question-row"
      data-active={active}
    >
      <div className={cn("grid min-w-0 gap-1.5", !active && "opacity-55")}>
        <p className={cn("text-sm text-slate-900", !active && "line-through decoration-slate-400")} lang={question.language}>
          {question.question_text}
        </p>
        <div className="flex flex-wrap items-center gap-1.5">
          {/* The machine's questions in the demo's violet, the user's own in the brand's colour. */}
          <Badge variant={question.source === "system" ? "demo" : "info"}>
            {question.source === "system" ? t("seoSetup:questions.sourceSystem") : t("seoSetup:questions.sourceUser")}
          </Badge>
          <Badge variant="secondary" className="uppercase" title={t(`seoSetup:languages.${question.language}`)}>
            {question.language}
          </Badge>
          {active ? null : <Badge variant="outline">{t("seoSetup:questions.inactive")}</Badge>}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1 self-end sm:self-auto">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={question.id} />
          <input type="hidden" name="is_active" value={String(!active)} />
          <Button type="submit" variant="outline" size="sm" disabled={deleting} aria-label={`${toggleLabel}: ${question.question_text}`} title={toggleLabel}>
            {active ? <PauseIcon aria-hidden /> : <PlayIcon aria-hidden />}
            {toggleLabel}
          </Button>
        </fetcher.Form>
        <Link
          to={`/seo-llms/questions/${question.id}`}
          className={buttonVariants({ variant: "ghost", size: "icon" })}
          aria-label={`${t("seoSetup:questions.edit")}: ${question.question_text}`}
          title={t("seoSetup:questions.edit")}
        >
          <PencilIcon aria-hidden />
        </Link>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={question.id} />
          <Button
            type="submit"
            variant="ghost-destructive"
            size="icon"
            disabled={deleting}
            aria-label={`${t("seoSetup:questions.delete")}: ${question.question_text}`}
            title={t("seoSetup:questions.delete")}
          >
            <Trash2Icon aria-hidden />
          </Button>
        </fetcher.Form>
      </div>
    </li>
  );
}
