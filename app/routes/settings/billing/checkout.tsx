import { FlaskConicalIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/checkout";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ApiRequestError, dataOf, getApiClient, notFoundOn404, read, requireSession } from "~/lib/api.server";

import { breadcrumbs } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { formatPrice } from "#domain/plans";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => [{ label: data.title }]);

/**
 * The `local` provider's checkout: a clearly labelled test-mode page where the payment is completed
 * or abandoned, driving the same state machine a Stripe Checkout does.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  requireSession(context);
  // Someone else's checkout, or no checkout at all (a mistyped id), is no page.
  const [{ data: checkout }, t] = await Promise.all([
    read(getApiClient(context).subscription.checkout[":id"].$get({ param: { id: params.id } })).catch(notFoundOn404),
    getFixedT(context),
  ]);
  return { checkout, title: t("billing:checkout.title") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const t = await getFixedT(context);
  const intent = (await request.formData()).get("intent");
  try {
    if (intent === "pay") {
      const { subscription } = await read(api.subscription.checkout[":id"].complete.$post({ param: { id: params.id } })).then(dataOf);
      return redirectWithToast("/settings/billing", {
        type: "success",
        title: t("billing:toast.subscribed"),
        description: t("billing:toast.subscribedText", { plan: t(`plans.${subscription.plan_id}`) }),
      });
    }
    if (intent === "abandon") {
      await read(api.subscription.checkout[":id"].abandon.$post({ param: { id: params.id } }));
      return redirectWithToast("/settings/billing", { type: "info", title: t("billing:toast.abandoned") });
    }
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status >= 500 || error.status === 401) throw error;
    const message = error.code ? t(`billing:errors.${error.code}`, { defaultValue: error.message }) : error.message;
    return data({ error: message }, { status: error.status });
  }
  return data({ error: t("billing:errors.invalid") }, { status: 400 });
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { checkout } = loaderData;
  const busy = navigation.state === "submitting";
  const amount = formatPrice(checkout.amount, checkout.currency, i18n.language);
  return (
    <Card className="mx-auto grid w-full max-w-md gap-5 p-6">
      <Alert variant="warning" role="note">
        <FlaskConicalIcon aria-hidden />
        <AlertDescription className="block">
          <strong className="font-semibold">{t("billing:checkout.testMode")}</strong> {t("billing:checkout.notice")}
        </AlertDescription>
      </Alert>
      <h2 className="text-lg font-semibold">{loaderData.title}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{t("billing:checkout.plan")}</dt>
        <dd className="font-medium" data-testid="checkout-plan">
          {t(`plans.${checkout.plan_id}`)}
        </dd>
        <dt className="text-muted-foreground">{t("billing:checkout.period")}</dt>
        <dd>{t(`billing:period.${checkout.billing_period}`)}</dd>
        <dt className="text-muted-foreground">{t("billing:checkout.amount")}</dt>
        <dd className="font-medium tabular-nums" data-testid="checkout-amount">
          {amount}
        </dd>
        {checkout.referral_id ? (
          <>
            <dt className="text-muted-foreground">{t("billing:checkout.referral")}</dt>
            <dd data-testid="checkout-referral">{checkout.referral_id}</dd>
          </>
        ) : null}
      </dl>
      {actionData?.error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{actionData.error}</AlertDescription>
        </Alert>
      ) : null}
      {checkout.status === "open" && checkout.provider === "local" ? (
        <Form method="post" className="flex flex-wrap justify-end gap-2">
          <Button type="submit" name="intent" value="abandon" variant="outline" disabled={busy}>
            {t("billing:checkout.abandon")}
          </Button>
          <Button type="submit" name="intent" value="pay" disabled={busy}>
            {busy ? t("billing:confirm.processing") : t("billing:checkout.pay", { amount })}
          </Button>
        </Form>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm" data-testid="checkout-status">
            {t(`billing:checkout.status.${checkout.status}`)}
          </p>
          <Link to="/settings/billing" className={buttonVariants({ variant: "outline" })}>
            {t("billing:backToBilling")}
          </Link>
        </div>
      )}
    </Card>
  );
}
