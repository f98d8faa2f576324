import { LifeBuoyIcon, MailIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/support";
import { titleMeta } from "~/lib/meta";
import { requireSession } from "~/lib/api.server";
import { getConfig } from "~/lib/config.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  const t = await getFixedT(context);
  return { title: t("nav.support"), supportEmail: getConfig().SUPPORT_EMAIL };
}

export default function Support({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto grid max-w-3xl gap-6 p-6 lg:p-10">
      <div className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <LifeBuoyIcon className="size-6 text-indigo-600" aria-hidden /> {t("support.title")}
        </h1>
        <p className="text-slate-600">{t("support.description")}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <a href={`mailto:${loaderData.supportEmail}`} className="grid gap-1 rounded-lg border border-slate-200 bg-white p-5 hover:border-indigo-300">
          <MailIcon className="size-5 text-indigo-600" aria-hidden />
          <span className="font-medium">{t("support.email")}</span>
          <span className="text-sm text-slate-600">{loaderData.supportEmail}</span>
        </a>
        <Link to="/booking" className="grid gap-1 rounded-lg border border-slate-200 bg-white p-5 hover:border-indigo-300">
          <span className="font-medium">{t("booking.button")}</span>
          <span className="text-sm text-slate-600">{t("booking.description")}</span>
        </Link>
      </div>
    </section>
  );
}
