import { LifeBuoyIcon, MailIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/support";
import { Card } from "~/components/ui/card";
import { titleMeta } from "~/lib/meta";
import { requireSession } from "~/lib/api.server";
import { getConfig } from "~/lib/config.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const t = await getFixedT(context);
  const config = getConfig();
  return { title: t("nav.support"), supportEmail: config.SUPPORT_EMAIL, booking: Boolean(config.BOOKING_URL) };
}

export default function Support({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto grid max-w-3xl gap-6 p-6 lg:p-10">
      <div className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <LifeBuoyIcon className="size-6 text-primary" aria-hidden /> {t("support.title")}
        </h1>
        <p className="text-muted-foreground">{t("support.description")}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card asChild className="grid gap-1 p-5 hover:border-primary/40">
          <a href={`mailto:${loaderData.supportEmail}`}>
            <MailIcon className="size-5 text-primary" aria-hidden />
            <span className="font-medium">{t("support.email")}</span>
            <span className="text-sm text-muted-foreground">{loaderData.supportEmail}</span>
          </a>
        </Card>
        {loaderData.booking ? (
          <Card asChild className="grid gap-1 p-5 hover:border-primary/40">
            <Link to="/booking">
              <span className="font-medium">{t("booking.button")}</span>
              <span className="text-sm text-muted-foreground">{t("booking.description")}</span>
            </Link>
          </Card>
        ) : null}
      </div>
    </section>
  );
}
