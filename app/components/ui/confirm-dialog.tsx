import { cloneElement, isValidElement, lazy, type MouseEvent, type ReactElement, type ReactNode, Suspense, useRef, useState } from "react";

/** Radix's alert dialog (and the layers it stands on) is fetched the first time one is opened (issue 16). */
const ConfirmDialogContent = lazy(() => import("./confirm-dialog-content"));

export type ConfirmTexts = { title: string; description: string; cancelLabel: string; confirmLabel: string; onConfirm: () => void };

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void; ref?: unknown };

/**
 * The whole confirmation: `trigger` (a button) opens it; the title, the description, Cancel and the
 * confirming button, which calls `onConfirm`. The dialog unmounts as it closes, so the caller
 * submits from `onConfirm` (a fetcher or useSubmit), not with a form inside it; the focus goes back
 * to the trigger.
 */
export function ConfirmDialog({ trigger, ...texts }: ConfirmTexts & { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement>(null);
  const button = isValidElement<TriggerProps>(trigger)
    ? cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
        ref: opener,
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        onClick: (event: MouseEvent<HTMLElement>) => {
          trigger.props.onClick?.(event);
          if (!event.defaultPrevented) setOpen(true);
        },
      })
    : trigger;
  return (
    <>
      {button}
      {open ? (
        <Suspense fallback={null}>
          <ConfirmDialogContent {...texts} onClose={() => setOpen(false)} returnFocus={() => opener.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
