import { ConstructionIcon, LockIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";

/** Seed 000 §2: a title, an optional description and a message (a default one if none is given). */
export function PlaceholderScreen({ title, description, message, locked = false }: { title: string; description?: string; message?: string; locked?: boolean }) {
  const { t } = useTranslation();
  const Icon = locked ? LockIcon : ConstructionIcon;
  return (
    <section className="mx-auto grid max-w-3xl gap-6 p-6 lg:p-10">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="text-slate-600">{description}</p> : null}
      </div>
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
        <Icon className="size-8 text-indigo-500" aria-hidden />
        <p className="max-w-md text-slate-600">{message ?? t("placeholder.defaultMessage")}</p>
      </div>
    </section>
  );
}
