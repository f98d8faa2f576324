import { CalendarCheckIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog";

/** The scheduling widget. */
export function BookingWidget({ bookingUrl }: { bookingUrl: string }) {
  const { t } = useTranslation();
  return <iframe src={bookingUrl} title={t("booking.widgetTitle")} className="h-[600px] w-full rounded-md border border-slate-200" loading="lazy" />;
}

/**
 * The sidebar's booking button. A link to /booking that works without JavaScript; with it, a
 * dialog whose widget is only mounted (and so only loaded) once opened.
 */
export function BookingButton({ bookingUrl, collapsed, onNavigate }: { bookingUrl: string; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to="/booking"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          onNavigate?.();
          setOpen(true);
        }}
        title={collapsed ? t("booking.button") : undefined}
        className={cn(
          "flex items-center gap-3 rounded-md bg-indigo-50 px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-100",
          collapsed && "lg:justify-center lg:px-0",
        )}
      >
        <CalendarCheckIcon className="size-5 shrink-0" aria-hidden />
        <span className={cn(collapsed && "lg:sr-only")}>{t("booking.button")}</span>
      </Link>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t("common.close")} className="max-w-3xl">
          <DialogTitle>{t("booking.title")}</DialogTitle>
          <DialogDescription>{t("booking.description")}</DialogDescription>
          {open ? <BookingWidget bookingUrl={bookingUrl} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
