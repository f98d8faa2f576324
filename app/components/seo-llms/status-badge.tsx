import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";

const TONES: Record<string, string> = {
  pending: "bg-slate-100 text-slate-700",
  processing: "bg-sky-100 text-sky-800",
  completed: "bg-emerald-100 text-emerald-800",
  partial: "bg-amber-100 text-amber-800",
  failed: "bg-red-100 text-red-800",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid="analysis-status" className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium", TONES[status] ?? TONES.pending)}>
      {t(`seo:status.${status}`, { defaultValue: status })}
    </span>
  );
}

/** Results of the demo provider are simulated: every place that shows them says so. */
export function DemoBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-medium text-violet-800" title={t("seo:demo.badgeTitle")}>
      {t("seo:demo.badge")}
    </span>
  );
}

export function isRunning(status: string | undefined) {
  return status === "pending" || status === "processing";
}
