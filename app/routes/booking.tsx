import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/booking";
import { titleMeta } from "~/lib/meta";
import { BookingWidget } from "~/components/booking-dialog";
import { requireSession } from "~/lib/api.server";
import { getConfig } from "~/lib/config.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/**
 * The booking dialog's page form, for browsers without JavaScript and for direct links. Without a
 * BOOKING_URL the installation offers no booking at all (no button, and this page is not found):
 * a customer is never shown a setting left undone.
 */
export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const bookingUrl = getConfig().BOOKING_URL;
  if (!bookingUrl) throw data(null, { status: 404 });
  const t = await getFixedT(context);
  return { title: t("booking.title"), bookingUrl };
}

export default function Booking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto grid max-w-4xl gap-4 p-6 lg:p-10">
      <h1 className="text-2xl font-semibold tracking-tight">{t("booking.title")}</h1>
      <p className="text-slate-600">{t("booking.description")}</p>
      <BookingWidget bookingUrl={loaderData.bookingUrl} />
    </section>
  );
}
