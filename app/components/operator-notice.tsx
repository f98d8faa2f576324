import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";

/**
 * The text of a notice about how this installation runs (demo answers, test payments): one line on
 * a phone, for the screen to open on its content rather than on notices, and, for an administrator
 * only, what to do about it with a link to the Configuration page. Customers never see the hint.
 */
export function OperatorNotice({ short, full, operatorHint, isAdmin }: { short: string; full: string; operatorHint: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="sm:hidden">{short}</span>
      <span className="hidden sm:inline">{full}</span>
      {isAdmin ? (
        <>
          {` ${operatorHint} `}
          <Link to="/admin/configuration" className="font-medium underline">
            {t("nav.adminConfiguration")}
          </Link>
        </>
      ) : null}
    </>
  );
}
