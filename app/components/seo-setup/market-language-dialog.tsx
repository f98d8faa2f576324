import { useTranslation } from "react-i18next";
import type { MarketLanguage } from "#domain/seo-profile";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";

/** The market language's change, confirmed: mounted open by MarketLanguageForm, unmounted as it closes. */
export default function LanguageDialog({ language, onCancel, onConfirm }: { language: MarketLanguage; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent closeLabel={t("common.close")} className="max-w-md">
        <DialogTitle className="pr-6">{t("seoSetup:prompts.confirmTitle")}</DialogTitle>
        <DialogDescription>{t("seoSetup:prompts.confirmMessage", { language: t(`seoSetup:languages.${language}`) })}</DialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            {t("seoSetup:prompts.cancel")}
          </Button>
          <Button onClick={onConfirm}>{t("seoSetup:prompts.confirm")}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
