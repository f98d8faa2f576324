import { useTranslation } from "react-i18next";
import { formatNumber } from "~/components/seo-llms/format";
import { Badge } from "~/components/ui/badge";
import { providerLabel } from "#domain/providers";

/** How many times each assistant did something, most first (ties by name), one badge each. */
export function ProviderCounts({ counts, label }: { counts: Record<string, number>; label?: string }) {
  const { i18n } = useTranslation();
  const entries = Object.entries(counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1">
      {entries.map(([provider, count]) => (
        <Badge asChild key={provider} variant="secondary" className="font-normal">
          <li>
            {providerLabel(provider)} <span className="font-medium tabular-nums text-foreground">{formatNumber(count, i18n.language, 0)}</span>
          </li>
        </Badge>
      ))}
    </ul>
  );
}
