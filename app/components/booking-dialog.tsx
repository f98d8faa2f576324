import { CalendarCheckIcon } from "~/components/ui/icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { BookingWidget } from "./booking-widget";

/** The dialog (and Radix's) is fetched the first time someone opens it. */
const BookingDialog = lazy(() => import("./booking-dialog-content"));

/**
 * The sidebar's booking button. A link to /booking that works without JavaScript; with it, a
 * dialog whose widget is only mounted (and so only loaded) once opened.
 */
export { BookingWidget };

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
      {open ? (
        <Suspense fallback={null}>
          <BookingDialog bookingUrl={bookingUrl} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
