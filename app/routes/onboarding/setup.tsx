import { CircleCheckIcon, CircleDashedIcon, CircleXIcon, LoaderCircleIcon, RotateCcwIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/setup";
import { SETUP_POLL, type SetupStatus } from "#domain/onboarding";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { getApiClient, read, requireSession } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { setupPath, stepPath } from "~/lib/onboarding-steps";
import { redirectWithToast } from "~/lib/toast.server";
import { usePolling } from "~/lib/use-polling";
import { cn } from "~/lib/utils";
import { getFixedT } from "~/middleware/i18next.server";
import { finishOnboarding } from "./onboarding.server";

export const meta: Route.MetaFunction = titleMeta;

/** A `since` this far ahead of the server's clock is not one it wrote. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Seed 000 §4: the setup is followed every 5 s for up to 120 s (`since` in the address, so a page
 * reloaded without JavaScript keeps counting), then the user goes to the analyses; past the limit
 * the page says what is still running and links there anyway.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const { data: status } = await read(api.onboarding.status.$get());
  if (!status.complete) throw redirect(stepPath(status.current_step));
  const now = Date.now();
  const since = Number(url.searchParams.get("since"));
  if (!Number.isSafeInteger(since) || since <= 0 || since > now + CLOCK_SKEW_MS) throw redirect(setupPath(now));
  const [{ data: setup }, t] = await Promise.all([read(api.onboarding["setup-status"].$get()), getFixedT(context)]);
  if (setup.status === "done") throw await redirectWithToast("/seo-llms", { type: "success", title: t("onboarding:setup.ready"), description: t("onboarding:setup.readyDescription") });
  return { title: t("onboarding:setup.title"), setup, timedOut: now - since >= SETUP_POLL.timeoutMs };
}

/** Retry after a failure: completing again queues the setup from the step that failed. */
export async function action({ context }: Route.ActionArgs) {
  requireSession(context);
  return finishOnboarding(context);
}

const ICONS: Record<SetupStatus, typeof CircleCheckIcon> = { pending: CircleDashedIcon, running: LoaderCircleIcon, done: CircleCheckIcon, failed: CircleXIcon };
const TONES: Record<SetupStatus, string> = { pending: "text-muted-foreground", running: "animate-spin text-primary", done: "text-success", failed: "text-destructive" };

/** Failures the user can do something about; the rest is "something went wrong". */
const REASONS = ["competitor_limit", "daily_limit", "monthly_limit", "no_questions"] as const;

export default function Setup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { setup, timedOut } = loaderData;
  const waiting = setup.status === "pending" || setup.status === "running";
  usePolling(waiting && !timedOut, SETUP_POLL.intervalMs);
  const failed = setup.steps.find((step) => step.status === "failed");
  const reason = REASONS.find((code) => code === failed?.error?.code) ?? "other";
  const still = setup.steps.filter((step) => step.status === "pending" || step.status === "running");

  return (
    <Card className="grid gap-6 p-5 shadow-sm sm:p-8" data-testid="onboarding-setup" data-status={setup.status}>
      {/* Without JavaScript the page reloads itself; hidden, it takes no room in the grid. */}
      {waiting && !timedOut ? (
        <noscript className="hidden">
          <meta httpEquiv="refresh" content={String(SETUP_POLL.intervalMs / 1000)} />
        </noscript>
      ) : null}
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("onboarding:setup.title")}</h1>
        <p className="text-muted-foreground">{t("onboarding:setup.description")}</p>
      </header>
      <ol className="grid gap-3" aria-label={t("onboarding:setup.stepsLabel")}>
        {setup.steps.map(({ step, status }) => {
          const Icon = ICONS[status];
          return (
            <li key={step} className="flex items-center gap-3" data-testid={`setup-${step}`} data-status={status}>
              <Icon className={cn("size-5 shrink-0", TONES[status])} aria-hidden />
              <span className={status === "pending" ? "text-muted-foreground" : undefined}>{t(`onboarding:setup.steps.${step}`)}</span>
              <span className="sr-only">{t(`onboarding:setup.status.${status}`)}</span>
            </li>
          );
        })}
      </ol>

      {failed ? (
        <Alert variant="destructive" role="alert">
          <CircleXIcon aria-hidden />
          <AlertTitle>{t("onboarding:setup.failedTitle", { step: t(`onboarding:setup.steps.${failed.step}`) })}</AlertTitle>
          <AlertDescription>
            <p>{t(`onboarding:setup.failed.${reason}`)}</p>
            {reason === "competitor_limit" ? (
              <Link to={stepPath("market_location")} className="font-medium underline">
                {t("onboarding:setup.editCompetitors")}
              </Link>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
      {waiting && timedOut ? (
        <Alert variant="warning" role="status">
          <AlertTitle>{t("onboarding:setup.slowTitle")}</AlertTitle>
          <AlertDescription>
            {t("onboarding:setup.slow", { steps: still.map((step) => t(`onboarding:setup.steps.${step.step}`)).join(", ") })}
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="flex flex-wrap justify-end gap-3 border-t pt-4">
        {failed || timedOut ? (
          <Link to="/seo-llms" className={buttonVariants({ variant: failed ? "outline" : "default" })}>
            {t("onboarding:setup.goToAnalyses")}
          </Link>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden /> {t("onboarding:setup.waiting")}
          </p>
        )}
        {failed ? (
          <Form method="post">
            <Button type="submit" disabled={navigation.state === "submitting"}>
              <RotateCcwIcon aria-hidden /> {t("onboarding:setup.retry")}
            </Button>
          </Form>
        ) : null}
      </div>
    </Card>
  );
}
