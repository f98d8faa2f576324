import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Seed 001 §4: while something runs on the server, reload the page's data every `intervalMs`, but
 * only while the page is visible (a background tab costs nothing), and at once when it comes back.
 */
export function usePolling(active: boolean, intervalMs: number) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;

  useEffect(() => {
    if (!active) return;
    const tick = () => {
      if (document.visibilityState === "visible" && latest.current.state === "idle") void latest.current.revalidate();
    };
    const timer = setInterval(tick, Math.max(1000, intervalMs));
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [active, intervalMs]);
}
