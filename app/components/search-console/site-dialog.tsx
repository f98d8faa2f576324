import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { SiteForm } from "./site-chooser";

type Site = { site_url: string; permission_level: string };

/**
 * The prompt as a dialog, open from the start: the dashboard shows it when a site must be chosen.
 * Its own module, so Radix's dialog is fetched only by the page that opens it.
 */
export default function SiteDialog({ sites, website, open, onOpenChange }: { sites: Site[]; website: string | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("searchConsole:sites.cancel")}>
        <DialogTitle>{t("searchConsole:sites.title")}</DialogTitle>
        <DialogDescription>{t("searchConsole:sites.description")}</DialogDescription>
        <SiteForm sites={sites} website={website} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
