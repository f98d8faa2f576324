import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CircleAlertIcon, SearchIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/website";
import { isSiteAuditRunning } from "#domain/site-audit";
import { BackLink } from "~/components/back-link";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { SiteFindingsPanel } from "~/components/onboarding/site-findings";
import { StepCard, StepFooter, type StepActionData, useStepForm } from "~/components/onboarding/step-form";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { dataOf, getApiClient, read, requireSession } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { BrandFormSchema, WebsiteFormSchema } from "~/lib/onboarding-schemas";
import { isOpen, stepPath } from "~/lib/onboarding-steps";
import { usePolling } from "~/lib/use-polling";
import { getFixedT, getLocale } from "~/middleware/i18next.server";
import { loadStep, putStep } from "./onboarding.server";
import { findingsOf, startAudit } from "./site-audit.server";

export const meta: Route.MetaFunction = titleMeta;

const REFUSALS = ["site_audit_limit", "address_not_allowed", "unavailable"] as const;
/** How often the step looks at a running analysis: a run takes a few seconds. */
const POLL_MS = 2_000;

export async function loader({ context, url }: Route.LoaderArgs) {
  const progress = await loadStep(context, "website_analysis");
  const saved = progress.steps.website_analysis;
  const [findings, user, t] = await Promise.all([
    findingsOf(context, progress, getLocale(context)),
    saved ? null : read(getApiClient(context).user.profile.$get()).then(dataOf),
    getFixedT(context),
  ]);
  // Why no analysis was started, when the last submit could not start one.
  const refused = REFUSALS.find((code) => code === url.searchParams.get("audit")) ?? null;
  return {
    title: t("onboarding:website.title"),
    website: saved?.website ?? user?.WebsiteURL ?? "",
    saved: saved !== null,
    brandName: saved?.brand_name ?? findings?.suggestions?.brand_name ?? "",
    findings,
    refused: findings ? null : refused,
    constraints: { website: getZodConstraint(WebsiteFormSchema), brand: getZodConstraint(BrandFormSchema) },
  };
}

/**
 * Two forms: the website, which saves the step and starts its analysis (the step then shows it
 * running, and what it found), and the brand the analyses will look for, which goes on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  const formData = await request.formData();
  const api = getApiClient(context);
  const { data: progress } = await read(api.onboarding.progress.$get());
  const saved = progress.steps.website_analysis;

  if (formData.get("intent") === "continue") {
    const submission = parseWithZod(formData, { schema: BrandFormSchema });
    if (submission.status !== "success") return data<StepActionData>({ result: submission.reply(), form: "brand" }, { status: 400 });
    if (!saved) throw redirect(stepPath("website_analysis"));
    const refused = await putStep(context, { step: "website_analysis", data: { ...saved, brand_name: submission.value.brand_name } }, { submission, form: "brand" });
    if (refused) return refused;
    throw redirect(stepPath("keyword_selection"));
  }

  const submission = parseWithZod(formData, { schema: WebsiteFormSchema });
  if (submission.status !== "success") return data<StepActionData>({ result: submission.reply(), form: "website" }, { status: 400 });
  // Not open yet (another tab went back): no analysis is spent on a step that cannot be saved.
  if (!isOpen("website_analysis", progress.current_step)) throw redirect(stepPath(progress.current_step));
  const { website } = submission.value;
  const started = await startAudit(context, website);
  if ("refused" in started && started.refused === "address_not_allowed") {
    const t = await getFixedT(context);
    return data<StepActionData>({ result: submission.reply({ fieldErrors: { website: [t("onboarding:fieldErrors.website.address_not_allowed")] } }), form: "website" }, { status: 400 });
  }
  // The same site analysed again keeps the brand the user confirmed; another site's would be wrong.
  const brand_name = saved?.website === website ? (saved.brand_name ?? null) : null;
  const refused = await putStep(context, { step: "website_analysis", data: { website, brand_name, audit_id: "id" in started ? started.id : null } }, { submission, form: "website" });
  if (refused) return refused;
  throw redirect("refused" in started ? `${stepPath("website_analysis")}?audit=${started.refused}` : stepPath("website_analysis"));
}

export default function Website({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { findings, saved, refused } = loaderData;
  const running = findings !== null && isSiteAuditRunning(findings.status);
  usePolling(running, POLL_MS);
  const analysing = navigation.state === "submitting" && navigation.formData?.get("intent") === "analyse";

  const [websiteForm, websiteFields] = useStepForm(
    "onboarding-website",
    () => import("~/lib/onboarding-schemas").then((module) => module.WebsiteFormSchema),
    loaderData.constraints.website,
    { website: loaderData.website },
    actionData?.form === "website" ? actionData.result : undefined,
  );

  return (
    <StepCard step="website_analysis" title={t("onboarding:website.title")} description={t("onboarding:website.description")}>
      <Form method="post" {...getFormProps(websiteForm)} className="grid gap-1">
        <input type="hidden" name="intent" value="analyse" />
        <div className="grid items-start gap-2 sm:grid-cols-[1fr_auto]">
          <Field
            meta={websiteFields.website}
            label={t("onboarding:website.website")}
            description={t("onboarding:website.websiteHint")}
            placeholder="example.com"
            autoComplete="url"
            inputMode="url"
          />
          <Button type="submit" variant={saved ? "outline" : "default"} disabled={analysing} className="sm:mt-[1.625rem]">
            <SearchIcon aria-hidden /> {analysing ? t("onboarding:website.analysing") : saved ? t("onboarding:website.analyseAgain") : t("onboarding:website.analyse")}
          </Button>
        </div>
        <FormErrors id={websiteForm.errorId} errors={websiteForm.errors} />
      </Form>

      {findings ? <SiteFindingsPanel findings={findings} /> : null}
      {refused ? (
        <Alert variant="warning" role="status" data-testid="site-analysis" data-status="refused">
          <CircleAlertIcon aria-hidden />
          <AlertDescription>
            <p>{t(`onboarding:website.refused.${refused}`)}</p>
            <p>{t("onboarding:website.continueAnyway")}</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {saved ? (
        // A new form once the analysis is over, so the brand it found fills the field.
        <BrandForm key={running ? "waiting" : "settled"} brandName={loaderData.brandName} waiting={running} result={actionData?.form === "brand" ? actionData.result : undefined} />
      ) : (
        <div className="border-t pt-4">
          <BackLink to={stepPath("personal_info")}>{t("onboarding:back")}</BackLink>
        </div>
      )}
      {/* Without JavaScript the page reloads itself while the analysis runs; hidden, it takes no room in the grid. */}
      {running ? (
        <noscript className="hidden">
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
    </StepCard>
  );
}

/**
 * The brand the analyses will look for, and the way on. While the analysis runs the user may go on
 * without waiting, keeping the brand saved before (the field comes with what the analysis finds).
 */
function BrandForm({ brandName, waiting, result }: { brandName: string; waiting: boolean; result: StepActionData["result"] }) {
  const { t } = useTranslation();
  const { constraints } = useLoaderData<typeof loader>();
  const [form, fields] = useStepForm("onboarding-brand", () => import("~/lib/onboarding-schemas").then((module) => module.BrandFormSchema), constraints.brand, { brand_name: brandName }, result);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value="continue" />
      {waiting ? (
        <input type="hidden" name={fields.brand_name.name} value={brandName} />
      ) : (
        <Field meta={fields.brand_name} label={t("onboarding:website.brandName")} description={t("onboarding:website.brandNameHint")} autoComplete="organization" />
      )}
      <FormErrors id={form.errorId} errors={form.errors} />
      <StepFooter step="website_analysis" intent="continue" label={waiting ? t("onboarding:website.continueWithout") : undefined} />
    </Form>
  );
}
