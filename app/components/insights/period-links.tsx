import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import { PERIODS, type Period, periodMonths } from "~/lib/periods";
import { cn } from "~/lib/utils";

/** The overview's period switch: plain links, so it works before (and without) hydration. */
export function PeriodLinks({ period }: { period: Period }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("seo:period.label")} className="scroll-row scroll-cue w-fit max-w-full rounded-md border border-slate-200 p-0.5 text-sm [--scroll-cue-surface:var(--color-white)]">
      {PERIODS.map((days) => (
        <Link
          key={days}
          to={`?period=${days}`}
          preventScrollReset
          aria-current={days === period ? "page" : undefined}
          className={cn("inline-flex min-h-6 items-center whitespace-nowrap rounded px-2 py-1 text-xs sm:px-3 sm:text-sm", days === period ? "bg-indigo-600 text-white" : "text-slate-600 hover:bg-slate-100")}
        >
          {periodMonths(days) ? t("seo:period.months", { count: periodMonths(days) ?? 0 }) : t("seo:period.days", { count: days })}
        </Link>
      ))}
    </nav>
  );
}
