import { CircleCheckIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Route } from "./+types/search-console";
import { StepCard, StepFooter } from "~/components/onboarding/step-form";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { ConnectButton, SearchConsoleBenefits } from "~/components/search-console/connect-card";
import { getApiClient, read, requireSession } from "~/lib/api.server";
import { stepPath } from "~/lib/onboarding-steps";
import * as searchConsole from "~/lib/search-console.server";
import { titleMeta } from "~/lib/meta";
import { getFixedT } from "~/middleware/i18next.server";
import { finishOnboarding, loadStep, putStep } from "./onboarding.server";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const progress = await loadStep(context, "google_search_console");
  const [t, { data: status }] = await Promise.all([getFixedT(context), read(getApiClient(context).searchConsoleOAuth.status.$get())]);
  return {
    title: t("onboarding:searchConsole.title"),
    // The account as it is, not only what the step saved: a disconnected one shows the button again.
    connected: progress.steps.google_search_console?.connected === true && status.is_connected,
    source: status.available_source,
  };
}

/**
 * Finishing: the step is saved (connected when Search Console's return said so, else skipped),
 * then onboarding is completed and the setup screen follows it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  const formData = await request.formData();
  if (formData.get("intent") === "connect") return searchConsole.connect(context, request, "onboarding", { to: stepPath("google_search_console") });
  const connected = formData.get("connected") === "true";
  const refused = await putStep(context, { step: "google_search_console", data: { connected } });
  if (refused) return refused;
  return finishOnboarding(context);
}


export default function SearchConsole({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { connected, source } = loaderData;
  return (
    <StepCard
      step="google_search_console"
      title={t("onboarding:searchConsole.title")}
      description={
        <span className="flex flex-wrap items-center gap-2">
          {t("onboarding:searchConsole.description")}
          {connected || source === "google" ? null : <Badge variant="demo">{t("searchConsole:demo")}</Badge>}
        </span>
      }
    >
      {connected ? (
        <Alert variant="success" role="status">
          <CircleCheckIcon aria-hidden />
          <AlertDescription>{t("onboarding:searchConsole.connected")}</AlertDescription>
        </Alert>
      ) : (
        <>
          <SearchConsoleBenefits />
          {source === "demo" ? <p className="text-sm text-muted-foreground">{t("searchConsole:demoExplained")}</p> : null}
          <ConnectButton source={source} />
          <p className="text-sm text-muted-foreground">{t("onboarding:searchConsole.later")}</p>
        </>
      )}
      {actionData ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{t("onboarding:saveFailed")}</AlertDescription>
        </Alert>
      ) : null}
      <Form method="post">
        <input type="hidden" name="connected" value={String(connected)} />
        <StepFooter step="google_search_console" label={connected ? t("onboarding:searchConsole.finish") : t("onboarding:searchConsole.skip")} />
      </Form>
    </StepCard>
  );
}
