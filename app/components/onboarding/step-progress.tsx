import { CheckIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import { ONBOARDING_STEPS, type OnboardingStep } from "#domain/onboarding";
import { isOpen, stepPath } from "~/lib/onboarding-steps";
import { cn } from "~/lib/utils";

type StepProgressProps = {
  /** The step on screen (none on the setup screen). */
  viewing: OnboardingStep | null;
  /** The steps whose data is saved. */
  saved: readonly OnboardingStep[];
  /** The step to resume at: it and the steps before it are open. */
  resumeAt: OnboardingStep;
};

/**
 * The five steps in a row: the one on screen highlighted, the saved ones ticked, and every open one
 * a link back to it. Plain links, so it works before hydration and without JavaScript.
 */
export function StepProgress({ viewing, saved, resumeAt }: StepProgressProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("onboarding:progress.label")}>
      <ol className="grid grid-cols-5 gap-2 sm:gap-3">
        {ONBOARDING_STEPS.map((step, index) => {
          const current = step === viewing;
          const done = saved.includes(step);
          const content = (
            <>
              <span aria-hidden className={cn("h-1 rounded-full", done || current ? "bg-primary" : "bg-muted")} />
              <span className="flex items-center gap-2">
                <span
                  aria-hidden
                  className={cn(
                    "flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold [&_svg]:size-3.5",
                    current ? "border-primary bg-primary text-primary-foreground" : done ? "border-primary bg-info-subtle text-primary" : "bg-card text-muted-foreground",
                  )}
                >
                  {done && !current ? <CheckIcon /> : index + 1}
                </span>
                {/* On a phone only the step on screen says its name. */}
                <span className={cn("text-xs font-medium sm:text-sm", current ? "text-foreground" : "sr-only text-muted-foreground sm:not-sr-only")}>
                  {t(`onboarding:steps.${step}`)}
                </span>
              </span>
              {done ? <span className="sr-only">{t("onboarding:progress.done")}</span> : null}
            </>
          );
          return (
            <li key={step} aria-current={current ? "step" : undefined} className="min-w-0" data-testid={`progress-${step}`}>
              {!current && (done || isOpen(step, resumeAt)) ? (
                <Link to={stepPath(step)} className="grid gap-2 rounded-md hover:[&>span:last-of-type]:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                  {content}
                </Link>
              ) : (
                <div className="grid gap-2">{content}</div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
