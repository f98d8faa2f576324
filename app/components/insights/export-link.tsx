import { DownloadIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";

/** A plain link (not a client navigation): the browser downloads the CSV, with or without JavaScript. */
export function ExportLink({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} download className={buttonVariants({ variant: "outline", size: "sm" })} title={t("common.exportCsvTitle")}>
      <DownloadIcon aria-hidden />
      {t("common.exportCsv")}
    </a>
  );
}

/** The CSV download of what a screen shows: its filters, leaving out those not set (undefined). */
export function exportHref(file: `${string}.csv`, filters: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) search.set(name, String(value));
  return `/exports/${file}?${search}`;
}
