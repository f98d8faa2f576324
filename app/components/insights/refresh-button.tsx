import { RefreshCwIcon } from "~/components/ui/icons";
import { useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { Link } from "~/components/ui/link";
import { buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

/** Seed 000 §2 / 001 §9: a fast answer would only flash the spinner; it stays long enough to be seen. */
export const MIN_SPIN_MS = 500;

/**
 * Reloads the page's data in place and spins until both the data and the minimum time are in.
 * Before hydration (or without JavaScript) it is a link to the same URL, which does the same by a
 * full page load.
 */
export function RefreshButton({ label, busyLabel, title }: { label: string; busyLabel: string; title: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const { pathname, search } = useLocation();
  const [spinning, setSpinning] = useState(false);
  const className = cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1.5");

  if (!hydrated) {
    return (
      <Link to={`${pathname}${search}`} className={className} title={title}>
        <RefreshCwIcon aria-hidden />
        {label}
      </Link>
    );
  }

  async function refresh() {
    setSpinning(true);
    try {
      await Promise.all([revalidator.revalidate(), new Promise((resolve) => setTimeout(resolve, MIN_SPIN_MS))]);
    } finally {
      setSpinning(false);
    }
  }

  return (
    <button type="button" className={className} title={title} onClick={() => void refresh()} disabled={spinning} aria-busy={spinning}>
      <RefreshCwIcon className={cn(spinning && "animate-spin")} aria-hidden />
      {spinning ? busyLabel : label}
    </button>
  );
}
