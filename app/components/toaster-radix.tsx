import { XIcon } from "~/components/ui/icons";
import { Toast as ToastPrimitive } from "radix-ui";
import { useTranslation } from "react-i18next";
import { TOAST_DURATION_MS, type Toast } from "~/lib/toast";
import { ToastBody } from "./toaster";

/** The toasts once JavaScript runs: they time out, pause on hover and focus, and close with Escape. */
export default function RadixToasts({ toasts, onClose }: { toasts: Toast[]; onClose: (id: string) => void }) {
  const { t } = useTranslation();
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
            if (!open) onClose(item.id);
          }}
          className="data-[state=closed]:animate-out data-[state=open]:animate-in"
        >
          <ToastBody
            toast={item}
            radix={{
              Title: ToastPrimitive.Title,
              Description: ToastPrimitive.Description,
              close: (
                <ToastPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100" aria-label={t("common.close")}>
                  <XIcon className="size-4" aria-hidden />
                </ToastPrimitive.Close>
              ),
            }}
          />
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport label={t("toast.region")} className="fixed bottom-4 right-4 z-[100] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2 outline-none" />
    </ToastPrimitive.Provider>
  );
}
