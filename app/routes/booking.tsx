import { useTranslation } from "react-i18next";
import type { Route } from "./+types/booking";
import { titleMeta } from "~/lib/meta";
import { BookingWidget } from "~/components/booking-dialog";
import { requireSession } from "~/lib/api.server";
import { getConfig } from "~/lib/config.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/** The booking dialog's page form, for browsers without JavaScript and for direct links. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  const t = await getFixedT(context);
  return { title: t("booking.title"), bookingUrl: getConfig().BOOKING_URL ?? null };
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
