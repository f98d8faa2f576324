import { useTranslation } from "react-i18next";
import { exactNumber, shortNumber } from "~/lib/short-number";

/** A count that can grow, shortened (1.2K, « 1,2 k »), the whole figure in its title when shortened. */
export function ShortNumber({ value, className }: { value: number; className?: string }) {
  const { i18n } = useTranslation();
  const short = shortNumber(value, i18n.language);
  const exact = exactNumber(value, i18n.language);
  return (
    <span className={className} title={short === exact ? undefined : exact} data-exact={value}>
      {short}
    </span>
  );
}
