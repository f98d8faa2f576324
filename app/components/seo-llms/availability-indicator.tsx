import { CircleCheckIcon, ClockIcon, LoaderCircleIcon, LockIcon, RefreshCwIcon } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useRevalidator } from "react-router";
import { Link } from "~/components/ui/link";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { dateTimeFormat } from "#domain/intl";

export type AvailabilityView = {
  can_analyze: boolean;
  next_allowed_at: string | null;
  upgrade_required: boolean;
  reason: string | null;
};

/** "2 h 05 min", "4 min 10 s", "12 s": what is left until `target`. */
export function formatCountdown(ms: number, t: (key: string, options?: Record<string, unknown>) => string) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return t("seo:availability.days", { days, hours });
  if (hours > 0) return t("seo:availability.hours", { hours, minutes: String(minutes).padStart(2, "0") });
  if (minutes > 0) return t("seo:availability.minutes", { minutes, seconds: String(seconds).padStart(2, "0") });
  return t("seo:availability.seconds", { seconds });
}

/**
 * Seed 001 §4: available; else a countdown while next_allowed_at is ahead; else "quota exhausted"
 * when only an upgrade helps. With JavaScript the countdown ticks and refresh revalidates in place;
 * without, refresh is a link to the same page.
 */
export function AvailabilityIndicator({ availability, now }: { availability: AvailabilityView; now: string }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const location = useLocation();
  const [clock, setClock] = useState(() => Date.parse(now));
  const target = availability.next_allowed_at ? Date.parse(availability.next_allowed_at) : null;
  const counting = !availability.can_analyze && target !== null && target > clock;

  useEffect(() => {
    if (!hydrated || !counting) return;
    setClock(Date.now());
    const timer = setInterval(() => setClock(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [hydrated, counting]);

  // The wait is over: ask the server again rather than guess, once per deadline (a client clock
  // ahead of the server's would otherwise ask again and again).
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (!hydrated || target === null || availability.can_analyze || clock < target || asked.current === target) return;
    asked.current = target;
    void revalidator.revalidate();
  }, [hydrated, target, clock, availability.can_analyze, revalidator]);

  let tone: "secondary" | "success" | "warning" | "destructive" = "secondary";
  let icon = <LoaderCircleIcon className="animate-spin" aria-hidden />;
  let label: string | null = null;
  if (availability.can_analyze) {
    tone = "success";
    icon = <CircleCheckIcon aria-hidden />;
    label = t("seo:availability.available");
  } else if (availability.reason === "analysis_in_progress") {
    label = t("seo:availability.running");
  } else if (counting && target !== null) {
    tone = "warning";
    icon = <ClockIcon aria-hidden />;
    const at = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(target);
    label = hydrated ? t("seo:availability.countdown", { time: formatCountdown(target - clock, t) }) : t("seo:availability.nextAt", { at });
  } else if (availability.upgrade_required) {
    tone = "destructive";
    icon = <LockIcon aria-hidden />;
    label = t("seo:availability.exhausted");
  }
  if (!label) return null;

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Badge asChild variant={tone} size="lg">
        <p role="status" data-testid="availability">
          {icon}
          <span>{label}</span>
        </p>
      </Badge>
      {hydrated ? (
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          className={buttonVariants({ variant: "ghost", size: "icon-sm" })}
          aria-label={t("seo:availability.refresh")}
          title={t("seo:availability.refresh")}
        >
          <RefreshCwIcon className={cn(revalidator.state === "loading" && "animate-spin")} aria-hidden />
        </button>
      ) : (
        <Link
          to={`${location.pathname}${location.search}`}
          className={buttonVariants({ variant: "ghost", size: "icon-sm" })}
          aria-label={t("seo:availability.refresh")}
          title={t("seo:availability.refresh")}
        >
          <RefreshCwIcon aria-hidden />
        </Link>
      )}
    </div>
  );
}
