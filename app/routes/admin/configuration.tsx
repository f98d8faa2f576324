import { CircleCheckIcon, CircleDashedIcon, FlaskConicalIcon } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/configuration";
import { ScreenTitle } from "~/components/screen-title";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { requireAdmin } from "~/lib/admin.server";
import { getApiClient, read } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { sectionFor } from "~/lib/navigation";
import { replyWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";
import { type PlannedWindow, UPCOMING_FEATURES } from "#domain/upcoming-features";

export const meta: Route.MetaFunction = titleMeta;

const BACK = "/admin/configuration";

const OpenSchema = z.object({ intent: z.literal("open"), feature: z.enum(UPCOMING_FEATURES) });

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const api = getApiClient(context);
  const [{ data: configuration }, { data: waitlists }, t] = await Promise.all([
    read(api.adminConfiguration.index.$get()),
    read(api.features.admin.waitlists.$get()),
    getFixedT(context),
  ]);
  return { title: t("nav.adminConfiguration"), configuration, waitlists: waitlists.features };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context);
  const formData = await request.formData();
  const t = await getFixedT(context);
  const parsed = OpenSchema.safeParse({ intent: formData.get("intent"), feature: formData.get("feature") });
  if (!parsed.success) return replyWithToast(formData, { type: "error", title: t("features:configuration.waitlists.openFailed") }, { ok: false }, { redirectTo: BACK });
  const { feature } = parsed.data;
  const name = t(`nav.${sectionFor(`/${feature}`)?.key ?? feature}`);
  try {
    const { data: opened } = await read(getApiClient(context).features.admin[":feature"].open.$post({ param: { feature } }));
    const toast = {
      type: "success" as const,
      title: t("features:configuration.waitlists.openedToast", { feature: name }),
      description: t("features:configuration.waitlists.openedDescription", { count: opened.notified }),
    };
    return replyWithToast(formData, toast, { ok: true }, { redirectTo: BACK });
  } catch {
    return replyWithToast(formData, { type: "error", title: t("features:configuration.waitlists.openFailed") }, { ok: false }, { redirectTo: BACK });
  }
}

type EnvVar = { name: string; set: boolean };

export default function AdminConfiguration({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { configuration, waitlists } = loaderData;
  const { ai, services } = configuration;
  return (
    <section className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 p-4 sm:p-6 lg:p-10">
      <ScreenTitle title={t("nav.adminConfiguration")} description={t("features:configuration.description")} />

      <Card className="grid gap-4 p-4 sm:p-6" data-testid="config-ai">
        <CardHeader>
          <CardTitle>{t("features:configuration.ai.title")}</CardTitle>
          <CardDescription>{t("features:configuration.ai.description")}</CardDescription>
        </CardHeader>
        {ai.demo ? (
          <Alert variant="demo" role="note">
            <FlaskConicalIcon aria-hidden />
            <AlertDescription>{t("features:configuration.ai.demo")}</AlertDescription>
          </Alert>
        ) : null}
        <ul className="divide-y">
          {ai.providers.map((provider) => (
            <Row
              key={provider.id}
              testId={`provider-${provider.id}`}
              name={provider.label}
              configured={provider.configured}
              lines={[
                provider.configured ? (provider.in_use ? t("features:configuration.ai.inUse") : t("features:configuration.ai.notInUse")) : null,
                provider.model ? t("features:configuration.ai.model", { model: provider.model }) : null,
              ]}
              env={provider.env}
            />
          ))}
        </ul>
        {ai.enabled_providers.length ? <p className="text-sm text-muted-foreground">{t("features:configuration.ai.enabled", { list: ai.enabled_providers.join(", ") })}</p> : null}
      </Card>

      <Card className="grid gap-4 p-4 sm:p-6" data-testid="config-services">
        <CardTitle>{t("features:configuration.services.title")}</CardTitle>
        <ul className="divide-y">
          {services.map((service) => (
            <Row
              key={service.id}
              testId={`service-${service.id}`}
              name={t(`features:configuration.services.${service.id}`)}
              configured={service.configured}
              lines={[
                t(`features:configuration.modes.${service.mode}`),
                service.detail && service.id !== "payments" ? t(`features:configuration.details.${service.id}`, { detail: service.detail }) : null,
              ]}
              env={service.env}
            />
          ))}
        </ul>
      </Card>

      <Card className="grid gap-4 p-4 sm:p-6" data-testid="config-waitlists">
        <CardHeader>
          <CardTitle>{t("features:configuration.waitlists.title")}</CardTitle>
          <CardDescription>{t("features:configuration.waitlists.description")}</CardDescription>
        </CardHeader>
        <ul className="divide-y">
          {waitlists.map((waitlist) => (
            <WaitlistRow key={waitlist.id} feature={waitlist.id} planned={waitlist.planned} waiting={waitlist.waiting} />
          ))}
        </ul>
      </Card>
    </section>
  );
}

function Row({ name, configured, lines, env, testId }: { name: string; configured: boolean; lines: Array<string | null>; env: EnvVar[]; testId: string }) {
  const { t } = useTranslation();
  const missing = env.filter((variable) => !variable.set).map((variable) => variable.name);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3" data-testid={testId}>
      <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
        <p className="font-medium">{name}</p>
        {lines.filter(Boolean).map((line) => (
          <p key={line} className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {line}
          </p>
        ))}
        {missing.length ? (
          <p className="text-sm [overflow-wrap:anywhere]">
            {t("features:configuration.toSet")}{" "}
            <EnvNames names={missing} />
          </p>
        ) : null}
      </div>
      <StatusBadge configured={configured} />
    </li>
  );
}

function EnvNames({ names }: { names: string[] }) {
  return names.map((name, index) => (
    <span key={name}>
      <code className="rounded bg-muted px-1 py-0.5 text-xs">{name}</code>
      {index < names.length - 1 ? ", " : null}
    </span>
  ));
}

function StatusBadge({ configured }: { configured: boolean }): ReactNode {
  const { t } = useTranslation();
  return configured ? (
    <Badge variant="success">
      <CircleCheckIcon aria-hidden /> {t("features:configuration.configured")}
    </Badge>
  ) : (
    <Badge variant="warning">
      <CircleDashedIcon aria-hidden /> {t("features:configuration.notConfigured")}
    </Badge>
  );
}

function WaitlistRow({ feature, planned, waiting }: { feature: string; planned: PlannedWindow; waiting: number }) {
  const { t } = useTranslation();
  const name = t(`nav.${sectionFor(`/${feature}`)?.key ?? feature}`);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3" data-testid={`waitlist-${feature}`}>
      <div className="grid min-w-0 gap-0.5">
        <p className="font-medium">{name}</p>
        <p className="text-sm text-muted-foreground">{t("features:planned", { quarter: t(`features:quarters.${planned.quarter}`), year: planned.year })}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm tabular-nums" data-testid="waiting">
          {waiting ? t("features:configuration.waitlists.waitingCount", { count: waiting }) : t("features:configuration.waitlists.nobody")}
        </span>
        {/* Mailing everyone cannot be undone: a first click only shows the real button (no script needed). */}
        {waiting ? (
          <details className="group">
            <summary className="cursor-pointer list-none rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent group-open:hidden">
              {t("features:configuration.waitlists.open")}
            </summary>
            <Form method="post">
              <input type="hidden" name="feature" value={feature} />
              <Button type="submit" name="intent" value="open" size="sm">
                {t("features:configuration.waitlists.confirm", { count: waiting })}
              </Button>
            </Form>
          </details>
        ) : null}
      </div>
    </li>
  );
}
