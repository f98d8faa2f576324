import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { ONBOARDING_LIMITS } from "#domain/form-limits";
import { MESSAGE_VALUES } from "~/lib/validation-messages";
import { cn } from "~/lib/utils";

/*
 * A form's errors, as components/forms.tsx shows them under each field and above the buttons. Apart
 * from the form kit, which stands on conform: a page whose forms come after it hydrates
 * (app/lib/deferred.tsx) can still show errors of its own without bringing conform along.
 */

type ErrorListProps = { errors?: string[] | null; live?: boolean } & Omit<React.ComponentProps<"ul">, "children" | "aria-live">;

/**
 * A list of errors. Under a field it is always in the page, an empty live region until an error
 * comes, so the error is announced and the layout does not jump when it does.
 */
export function ErrorList({ errors, className, live = true, ...props }: ErrorListProps) {
  const { t } = useTranslation();
  return (
    <ul aria-live={live ? "polite" : undefined} className={cn("min-h-5 text-sm text-destructive", className)} {...props}>
      {errors?.map((error) => (
        <li key={error}>{t(error, { ...MESSAGE_VALUES, ...ONBOARDING_LIMITS, defaultValue: error })}</li>
      ))}
    </ul>
  );
}

/** What no field owns (conform's form.errors, e.g. the API refused): one alert above the buttons. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription>
        {/* The alert announces it: no live region of its own. */}
        <ErrorList id={id} errors={errors} live={false} className="min-h-0 text-inherit" />
      </AlertDescription>
    </Alert>
  );
}

