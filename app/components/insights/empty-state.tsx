import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { DEFAULT_PERIOD, type Period } from "~/lib/periods";
import { cn } from "~/lib/utils";

/** What a screen shows before there is anything to measure, with the way forward. */
export function EmptyState({ title, description, action }: { title: string; description: string; action?: { to: string; label: string } }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-input bg-card p-8 text-center">
      <p className="font-medium">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{description}</p>
      {action ? (
        <Link to={action.to} className={cn(buttonVariants({ size: "sm" }), "mt-2 text-sm")}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

/** Nothing to show for what was asked (a filter, a page past the end), and the way back. */
export function Notice({ message, link }: { message: string; link: { to: string; label: string } }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-input bg-card p-8 text-center text-sm text-muted-foreground">
      <p>{message}</p>
      <Link to={link.to} className="font-medium text-primary hover:underline">
        {link.label}
      </Link>
    </div>
  );
}

/**
 * An insight screen with nothing to list: its filters match nothing (the way back keeps the period
 * alone), or there is no analysis yet. Texts are the screen's `empty…` keys in `insights`.
 */
export function NothingToList({ screen, filtered, period }: { screen: "sources" | "queries"; filtered: boolean; period: Period }) {
  const { t } = useTranslation();
  if (filtered) {
    return (
      <Notice
        message={t(`insights:${screen}.emptyFiltered`)}
        link={{ to: period === DEFAULT_PERIOD ? "." : `?period=${period}`, label: t(`insights:${screen}.clearFilters`) }}
      />
    );
  }
  return (
    <EmptyState
      title={t(`insights:${screen}.empty.title`)}
      description={t(`insights:${screen}.empty.description`)}
      action={{ to: "/seo-llms", label: t(`insights:${screen}.empty.action`) }}
    />
  );
}

/** A failure the user can do nothing about but wait: said plainly, in place of the data. */
export function ErrorPanel({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <Alert variant="destructive" role="alert" className="gap-y-2 rounded-lg p-4">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{description}</p>
        {children}
      </AlertDescription>
    </Alert>
  );
}
