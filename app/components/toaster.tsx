import { type ElementType, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { CircleCheckIcon, CircleXIcon, InfoIcon, TriangleAlertIcon } from "~/components/ui/icons";
import { MAX_TOASTS, type Toast, type ToastType } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

/** Radix's toasts (and the layers they stand on) are fetched with the first toast a page shows. */
const RadixToasts = lazy(() => import("./toaster-radix"));

const ICONS: Record<ToastType, typeof InfoIcon> = {
  success: CircleCheckIcon,
  error: CircleXIcon,
  warning: TriangleAlertIcon,
  info: InfoIcon,
};

const TONES = { success: "success", error: "destructive", warning: "warning", info: "info" } as const satisfies Record<ToastType, string>;

/**
 * Shows the toast the server put in the flash cookie. Before hydration (or without JavaScript)
 * it is a plain status box; after, radix toasts that time out and close with Escape.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const [toasts, setToasts] = useState<Toast[]>(toast ? [toast] : []);
  // Radix's viewport (a landmark) comes with the page's first toast, and stays.
  const [shown, setShown] = useState(toasts.length > 0);

  useEffect(() => {
    if (!toast) return;
    setShown(true);
    setToasts((current) => (current.some((item) => item.id === toast.id) ? current : [...current, toast].slice(-MAX_TOASTS)));
  }, [toast]);

  if (!hydrated) return toast ? <StatusBox toast={toast} /> : null;
  if (!shown) return null;
  const latest = toasts[toasts.length - 1];
  return (
    // While radix's code comes, the newest toast shows as the server renders it.
    <Suspense fallback={latest ? <StatusBox toast={latest} /> : null}>
      <RadixToasts toasts={toasts} onClose={(id) => setToasts((current) => current.filter((other) => other.id !== id))} />
    </Suspense>
  );
}

function StatusBox({ toast }: { toast: Toast }) {
  return (
    <div className="fixed bottom-4 right-4 z-[100] w-[calc(100%-2rem)] max-w-sm">
      <ToastBody toast={toast} />
    </div>
  );
}

/** One toast's box: the same for the server's status box and radix's toast (`radix` then holds its parts). */
export function ToastBody({
  toast,
  radix,
}: {
  toast: Toast;
  radix?: { Title: ElementType; Description: ElementType; close: ReactNode };
}) {
  const Icon = ICONS[toast.type];
  const Title = radix?.Title ?? "p";
  const Description = radix?.Description ?? "p";
  return (
    <Alert
      variant={TONES[toast.type]}
      role={radix ? undefined : toast.type === "error" ? "alert" : "status"}
      data-toast-type={toast.type}
      className={cn("gap-y-1 rounded-lg p-4 shadow-lg", radix && "relative pr-10")}
    >
      <Icon aria-hidden />
      <Title className="col-start-2 font-semibold">{toast.title}</Title>
      {toast.description ? <Description className="col-start-2 opacity-90">{toast.description}</Description> : null}
      {radix?.close}
    </Alert>
  );
}
