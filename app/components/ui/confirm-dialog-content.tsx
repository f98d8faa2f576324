import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle } from "./alert-dialog";
import type { ConfirmTexts } from "./confirm-dialog";

/** Radix's alert dialog, mounted open by ConfirmDialog; closing it unmounts it. */
export default function ConfirmDialogContent({
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  onClose,
  returnFocus,
}: ConfirmTexts & { onClose: () => void; returnFocus: () => void }) {
  return (
    <AlertDialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          // Radix gives the focus back to its own trigger; this one is ConfirmDialog's.
          event.preventDefault();
          returnFocus();
        }}
      >
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
