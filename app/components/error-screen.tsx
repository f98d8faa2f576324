import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import { Logo } from "./logo";
import { buttonVariants } from "./ui/button";

const KINDS: Record<number, string> = { 400: "badRequest", 403: "forbidden", 404: "notFound", 413: "tooLarge", 415: "badRequest" };

/** The translated page for a missing page, a refused one, an unreadable or oversized request, or a failure. */
export function ErrorScreen({ status }: { status: number }) {
  const { t } = useTranslation();
  const kind = KINDS[status] ?? "server";
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center gap-6 p-8 text-center">
      {/* An error has no loader data for a route's meta: React hoists this into the head instead. */}
      <title>{`${t(`errorPage.${kind}.title`)} · Sightline`}</title>
      <Logo size="md" />
      <p className="text-6xl font-bold text-primary">{status}</p>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">{t(`errorPage.${kind}.title`)}</h1>
        <p className="max-w-md text-muted-foreground">{t(`errorPage.${kind}.description`)}</p>
      </div>
      <Link to="/" className={buttonVariants()}>
        {t("errorPage.home")}
      </Link>
    </main>
  );
}
