import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { relativeTimeFormat } from "#domain/intl";

/** Seed 000 §2 and §9: "updated N minutes ago", renewed every 30 s. */
export const RENEW_MS = 30_000;

export function relativeTime(iso: string, now: number, locale: string): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = relativeTimeFormat(locale, { numeric: "auto" });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(0, "minute");
  if (abs < 3600) return format.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), "hour");
  return format.format(Math.round(seconds / 86_400), "day");
}

export function UpdatedAgo({ at, renderedAt }: { at: string | null; renderedAt: number }) {
  const { t, i18n } = useTranslation();
  // The server's clock first, so the first render matches; the reader's once hydrated.
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), RENEW_MS);
    return () => clearInterval(timer);
  }, []);
  if (!at) return <span className="text-xs text-slate-500">{t("searchConsole:neverUpdated")}</span>;
  return (
    <time dateTime={at} className="text-xs text-slate-500" data-testid="updated-ago">
      {t("searchConsole:updated", { when: relativeTime(at, now, i18n.language) })}
    </time>
  );
}
