import { useTranslation } from "react-i18next";

/** The scheduling widget. */
export function BookingWidget({ bookingUrl }: { bookingUrl: string }) {
  const { t } = useTranslation();
  return <iframe src={bookingUrl} title={t("booking.widgetTitle")} className="h-[600px] w-full rounded-md border border-slate-200" loading="lazy" />;
}
