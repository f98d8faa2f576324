import { AlertTriangleIcon, CheckCircle2Icon, InfoIcon, XCircleIcon, XIcon } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { MAX_TOASTS, TOAST_DURATION_MS, type Toast, type ToastType } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

const ICONS: Record<ToastType, typeof InfoIcon> = {
  success: CheckCircle2Icon,
  error: XCircleIcon,
  warning: AlertTriangleIcon,
  info: InfoIcon,
};

const TONES = { success: "success", error: "destructive", warning: "warning", info: "info" } as const satisfies Record<ToastType, string>;

/**
 * Shows the toast the server put in the flash cookie. Before hydration (or without JavaScript)
 * it is a plain status box; after, radix toasts that time out and close with Escape.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>(toast ? [toast] : []);

  useEffect(() => {
    if (!toast) return;
    setToasts((current) => (current.some((item) => item.id === toast.id) ? current : [...current, toast].slice(-MAX_TOASTS)));
  }, [toast]);

  if (!hydrated) {
    return toast ? (
      <div className="fixed bottom-4 right-4 z-[100] w-[calc(100%-2rem)] max-w-sm">
        <ToastBody toast={toast} />
      </div>
    ) : null;
  }

  return (
    // The provider's label prefixes every announcement (radix default "Notification", the same word
    // in French); "{hotkey}" is only filled in by the viewport, the landmark it names.
    <ToastPrimitive.Provider swipeDirection="right">
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          duration={TOAST_DURATION_MS[item.type]}
          type={item.type === "error" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) setToasts((current) => current.filter((other) => other.id !== item.id));
          }}
          className="data-[state=closed]:animate-out data-[state=open]:animate-in"
        >
          <ToastBody toast={item} radix closeLabel={t("common.close")} />
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport label={t("toast.region")} className="fixed bottom-4 right-4 z-[100] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2 outline-none" />
    </ToastPrimitive.Provider>
  );
}

function ToastBody({ toast, radix = false, closeLabel }: { toast: Toast; radix?: boolean; closeLabel?: string }) {
  const Icon = ICONS[toast.type];
  const Title = radix ? ToastPrimitive.Title : "p";
  const Description = radix ? ToastPrimitive.Description : "p";
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
      {radix ? (
        <ToastPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100" aria-label={closeLabel}>
          <XIcon className="size-4" aria-hidden />
        </ToastPrimitive.Close>
      ) : null}
    </Alert>
  );
}
