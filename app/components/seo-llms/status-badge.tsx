import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";

const TONES = {
  pending: "secondary",
  processing: "info",
  completed: "success",
  partial: "warning",
  failed: "destructive",
} as const;

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge data-testid="analysis-status" variant={TONES[status as keyof typeof TONES] ?? TONES.pending}>
      {t(`seo:status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** Results of the demo provider are simulated: every place that shows them says so. */
export function DemoBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="demo" title={t("seo:demo.badgeTitle")}>
      {t("seo:demo.badge")}
    </Badge>
  );
}

export function isRunning(status: string | undefined) {
  return status === "pending" || status === "processing";
}
