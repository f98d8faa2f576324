import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ShieldCheckIcon, ShieldOffIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/two-factor";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ApiRequestError, getApiClient, read, requireSession } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { deferred } from "~/lib/deferred";
import { FactorCodeSchema } from "~/lib/schemas";
import { commitSession } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";
import type { Enrolment } from "./two-factor-form";

const CodeForm = deferred(() => import("./two-factor-form").then((module) => module.CodeForm));

export const meta: Route.MetaFunction = titleMeta;

/**
 * Settings › Two-step verification (issue 13): turn TOTP on (scan the QR code or type the secret,
 * then a first code; the ten recovery codes are shown once), see how many recovery codes are left,
 * turn it off with a fresh code.
 */
export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const [{ data: assurance }, t] = await Promise.all([read(getApiClient(context).factors.index.$get()), getFixedT(context)]);
  const factor = assurance.factors.find((candidate) => candidate.status === "verified") ?? null;
  return { title: t("twoFactor:title"), factor, codesLeft: assurance.recovery_codes_left };
}

type ActionData = { result?: SubmissionResult<string[]>; enrolment?: Enrolment; recoveryCodes?: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  const formData = await request.formData();
  const api = getApiClient(context);
  const t = await getFixedT(context);
  const intent = formData.get("intent");

  if (intent === "enroll") {
    try {
      const { data: enrolled } = await read(api.factors.index.$post({ json: { factor_type: "totp", friendly_name: t("twoFactor:appName") } }));
      return data<ActionData>({ enrolment: { id: enrolled.id, ...enrolled.totp } });
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.status !== 409) throw error;
      return redirectWithToast("/settings/two-factor", { type: "info", title: t("twoFactor:alreadyOn") });
    }
  }

  // What the enrolment showed comes back with the code, so a wrong code shows the same QR code again.
  const enrolment = intent === "verify" ? enrolmentFrom(formData) : undefined;
  const submission = parseWithZod(formData, { schema: FactorCodeSchema });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply(), enrolment }, { status: 400 });
  const { code, factor_id } = submission.value;
  try {
    if (intent === "verify") {
      const { data: verified } = await read(api.factors[":id"].verify.$post({ param: { id: factor_id ?? "" }, json: { code } }));
      api.setSession(verified.session);
      return data<ActionData>({ recoveryCodes: verified.recovery_codes ?? [] }, { headers: { "Set-Cookie": await commitSession(api.session!) } });
    }
    const { data: session } = await read(api.factors[":id"].unenroll.$post({ param: { id: factor_id ?? "" }, json: { code } }));
    api.setSession(session);
    const headers = { "Set-Cookie": await commitSession(api.session!) };
    return redirectWithToast("/settings/two-factor", { type: "success", title: t("twoFactor:turnedOff") }, { headers });
  } catch (error) {
    if (!(error instanceof ApiRequestError) || ![400, 404, 429].includes(error.status)) throw error;
    const message = error.status === 429 ? t("twoFactor:errors.locked") : t("twoFactor:errors.code");
    return data<ActionData>({ result: submission.reply({ fieldErrors: { code: [message] } }), enrolment }, { status: error.status });
  }
}

function enrolmentFrom(formData: FormData): Enrolment | undefined {
  const [id, secret, uri, qr_code] = ["factor_id", "secret", "uri", "qr_code"].map((name) => formData.get(name));
  if (typeof id !== "string" || typeof secret !== "string" || typeof uri !== "string" || typeof qr_code !== "string") return undefined;
  // Only what the API gave: a QR code is an SVG data URI, the URI an otpauth one.
  if (!qr_code.startsWith("data:image/svg+xml;") || !uri.startsWith("otpauth://totp/")) return undefined;
  return { id, secret, uri, qr_code };
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { factor, codesLeft } = loaderData;
  const result = actionData as ActionData | undefined;

  return (
    <Card className="grid gap-6 p-6" data-testid="two-factor">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {t("twoFactor:title")}
          {factor ? <Badge variant="success">{t("twoFactor:on")}</Badge> : <Badge variant="secondary">{t("twoFactor:off")}</Badge>}
        </CardTitle>
        <CardDescription>{t("twoFactor:description")}</CardDescription>
      </CardHeader>
      {result?.recoveryCodes ? (
        <RecoveryCodes codes={result.recoveryCodes} />
      ) : result?.enrolment ? (
        <Enrol enrolment={result.enrolment} lastResult={result.result} />
      ) : factor ? (
        <TurnOff factorId={factor.id} codesLeft={codesLeft} lastResult={result?.result} />
      ) : (
        <Form method="post">
          <Button type="submit" name="intent" value="enroll">
            <ShieldCheckIcon aria-hidden />
            {t("twoFactor:turnOn")}
          </Button>
        </Form>
      )}
    </Card>
  );
}

function Enrol({ enrolment, lastResult }: { enrolment: Enrolment; lastResult: ActionData["result"] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]">
      <img src={enrolment.qr_code} alt={t("twoFactor:qrAlt")} width={192} height={192} className="rounded-md border bg-white p-2" data-testid="totp-qr" />
      <div className="grid content-start gap-4">
        <ol className="grid list-decimal gap-1 pl-5 text-sm">
          <li>{t("twoFactor:steps.scan")}</li>
          <li>{t("twoFactor:steps.enter")}</li>
        </ol>
        <div className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t("twoFactor:secretLabel")}</span>
          <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="totp-secret">
            {enrolment.secret.match(/.{1,4}/g)?.join(" ")}
          </code>
        </div>
        <CodeForm intent="verify" factorId={enrolment.id} enrolment={enrolment} lastResult={lastResult} submit={t("twoFactor:verify")} />
      </div>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <Alert variant="success" role="status">
        <ShieldCheckIcon aria-hidden />
        <AlertDescription>{t("twoFactor:turnedOn")}</AlertDescription>
      </Alert>
      <p className="text-sm">{t("twoFactor:recoveryIntro")}</p>
      <ul className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-4 font-mono text-sm sm:grid-cols-5" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div>
        <Link to="/settings/two-factor" className="text-sm font-medium text-primary hover:underline">
          {t("twoFactor:saved")}
        </Link>
      </div>
    </div>
  );
}

function TurnOff({ factorId, codesLeft, lastResult }: { factorId: string; codesLeft: number; lastResult: ActionData["result"] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t("twoFactor:codesLeft", { count: codesLeft })}</p>
      <details className="grid gap-3" open={Boolean(lastResult)}>
        <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium text-destructive">
          <ShieldOffIcon className="size-4" aria-hidden />
          {t("twoFactor:turnOff")}
        </summary>
        <div className="pt-3">
          <p className="pb-3 text-sm text-muted-foreground">{t("twoFactor:turnOffDescription")}</p>
          <CodeForm intent="unenroll" factorId={factorId} lastResult={lastResult} submit={t("twoFactor:turnOff")} />
        </div>
      </details>
    </div>
  );
}
