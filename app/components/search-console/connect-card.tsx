import { BarChart3Icon, MousePointerClickIcon, PlugIcon, SearchIcon, TriangleAlertIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

const BENEFITS = [
  { key: "queries", icon: SearchIcon },
  { key: "clicks", icon: MousePointerClickIcon },
  { key: "compare", icon: BarChart3Icon },
] as const;

/** What connecting brings, in three lines (the dashboard's empty state and the onboarding step). */
export function SearchConsoleBenefits() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3">
      {BENEFITS.map(({ key, icon: Icon }) => (
        <li key={key} className="flex items-start gap-3 text-sm">
          <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>{t(`searchConsole:benefits.${key}`)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The button that starts a connection (seed §4 step 1): a post to the page's own action. */
export function ConnectButton({ source, label }: { source: "google" | "demo"; label?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "connect";
  return (
    <Form method="post">
      <Button type="submit" name="intent" value="connect" disabled={sending}>
        <PlugIcon aria-hidden />
        {label ?? (source === "demo" ? t("searchConsole:connectDemo") : t("searchConsole:connect"))}
      </Button>
    </Form>
  );
}

/** Not connected: what Search Console brings, and the button. */
export function ConnectCard({ source }: { source: "google" | "demo" }) {
  const { t } = useTranslation();
  return (
    <Card className="grid max-w-2xl gap-5 p-6" data-testid="connect-card">
      <div className="grid gap-1">
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          {t("searchConsole:notConnected.title")}
          {source === "demo" ? <Badge variant="demo">{t("searchConsole:demo")}</Badge> : null}
        </h2>
        <p className="text-sm text-slate-600">{t("searchConsole:notConnected.description")}</p>
      </div>
      <SearchConsoleBenefits />
      {source === "demo" ? <p className="text-sm text-slate-600">{t("searchConsole:demoExplained")}</p> : null}
      <div>
        <ConnectButton source={source} />
      </div>
    </Card>
  );
}

/** Google said access was revoked: the data stops until the user connects again. */
export function ReconnectAlert() {
  const { t } = useTranslation();
  return (
    <Alert variant="warning" role="alert" data-testid="reconnect">
      <TriangleAlertIcon aria-hidden />
      <AlertTitle>{t("searchConsole:reconnect.title")}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{t("searchConsole:reconnect.description")}</p>
        <ConnectButton source="google" label={t("searchConsole:reconnect.button")} />
      </AlertDescription>
    </Alert>
  );
}
