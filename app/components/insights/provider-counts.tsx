import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { providerLabel } from "#domain/providers";
import { ShortNumber } from "~/components/short-number";

/** How many times each assistant did something, most first (ties by name), one badge each. */
export function ProviderCounts({ counts, label }: { counts: Record<string, number>; label?: string }) {
  const { i18n } = useTranslation();
  const entries = Object.entries(counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1">
      {entries.map(([provider, count]) => (
        <Badge asChild key={provider} variant="secondary" className="font-normal">
          <li>
            {providerLabel(provider, i18n.language)} <ShortNumber value={count} className="font-medium tabular-nums text-foreground" />
          </li>
        </Badge>
      ))}
    </ul>
  );
}
