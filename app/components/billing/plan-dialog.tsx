import { createContext, lazy, type MouseEvent, type ReactNode, Suspense, useCallback, useContext, useEffect, useState } from "react";
import { type LinkProps, useRevalidator } from "react-router";
import { Link } from "~/components/ui/link";
import { withStrings } from "~/lib/i18n-client";

/** Every signed-in page has the dialog's opener; only someone who opens it downloads the dialog and its strings. */
const PlanDialog = lazy(withStrings(["billing"], () => import("./plan-dialog-content")));

type OpenOptions = { upgrade?: boolean };
const PlanDialogContext = createContext<{ open: (options?: OpenOptions) => void } | null>(null);

/** Seed 001 §9: after a change, subscription data is read again 3 s later (Stripe's webhook may lag). */
const REFRESH_AFTER_CHANGE_MS = 3000;

/** The plan dialog, openable from anywhere in the shell (banner, badge, billing tab, quota card). */
export function PlanDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; upgrade: boolean }>({ open: false, upgrade: false });
  const open = useCallback((options: OpenOptions = {}) => setState({ open: true, upgrade: options.upgrade ?? false }), []);
  const close = useCallback(() => setState({ open: false, upgrade: false }), []);
  const revalidator = useRevalidator();
  const [changedAt, setChangedAt] = useState(0);
  // The provider outlives the dialog, so the late refresh survives its closing.
  useEffect(() => {
    if (!changedAt) return;
    const timer = setTimeout(() => revalidator.revalidate(), REFRESH_AFTER_CHANGE_MS);
    return () => clearTimeout(timer);
  }, [changedAt, revalidator]);
  const changed = useCallback(() => {
    close();
    setChangedAt(Date.now());
  }, [close]);
  return (
    <PlanDialogContext.Provider value={{ open }}>
      {children}
      {state.open ? (
        <Suspense fallback={null}>
          <PlanDialog upgrade={state.upgrade} onClose={close} onChanged={changed} />
        </Suspense>
      ) : null}
    </PlanDialogContext.Provider>
  );
}

/**
 * A link to the plans page that, once JavaScript runs, opens the dialog instead: the same control
 * works with and without it.
 */
export function PlanDialogLink({ upgrade, className, children, onClick, ...props }: Omit<LinkProps, "to"> & { upgrade?: boolean }) {
  const context = useContext(PlanDialogContext);
  const to = `/settings/billing/plans${upgrade ? "?upgrade=1" : ""}`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!context || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    context.open({ upgrade });
  };
  return (
    <Link {...props} to={to} onClick={open} className={className}>
      {children}
    </Link>
  );
}
