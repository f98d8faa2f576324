import { useTranslation } from "react-i18next";
import { BookingWidget } from "./booking-widget";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog";

/** The booking dialog, mounted open: closing it unmounts it (booking-dialog.tsx). */
export default function BookingDialog({ bookingUrl, onClose }: { bookingUrl: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t("common.close")} className="max-w-3xl">
        <DialogTitle>{t("booking.title")}</DialogTitle>
        <DialogDescription>{t("booking.description")}</DialogDescription>
        <BookingWidget bookingUrl={bookingUrl} />
      </DialogContent>
    </Dialog>
  );
}
