import { FlaskConicalIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/checkout";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { dataOf, getApiClient, notFoundOn404, read, requireSession } from "~/lib/api.server";
import { formatMoney } from "~/lib/backlinks";
import { backlinksErrorMessage, isUuid, refusal } from "~/lib/backlinks.server";
import { formatDate } from "#domain/plans";
import { namedCrumb } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;
export const handle = namedCrumb("nav.backlinksCheckout");

const PREFIX = "backlinks:pages.backlinks.checkout";

/**
 * The `local` provider's payment page for an order (no Stripe key): clearly labelled test mode,
 * "Pay" records the order as paid as a completed Stripe Checkout would, "Cancel" leaves the cart as
 * it was. Modelled on the subscriptions' (settings/billing/checkout.tsx).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  requireSession(context);
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const [order, t] = await Promise.all([read(getApiClient(context).backlinks.orders[":id"].$get({ param: { id: params.id } })).then(dataOf, notFoundOn404), getFixedT(context)]);
  return { order, title: t("nav.backlinksCheckout") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const t = await getFixedT(context);
  const intent = (await request.formData()).get("intent");
  if (!isUuid(params.id) || (intent !== "pay" && intent !== "abandon")) throw data(null, { status: 400 });
  const id = params.id;
  try {
    if (intent === "pay") {
      await read(api.backlinks.orders[":id"].pay.$post({ param: { id } }));
      // The orders page turns ?paid= into its toast, as it does when Stripe sends the browser back.
      return redirect(`/backlinks/orders?paid=${id}`);
    }
    await read(api.backlinks.orders[":id"].abandon.$post({ param: { id } }));
    return redirectWithToast("/backlinks/cart", { type: "info", title: t(`${PREFIX}.cancelled`), description: t(`${PREFIX}.cancelledHint`) });
  } catch (caught) {
    const error = refusal(caught);
    if (error.status === 404) throw data(null, { status: 404 });
    return data({ error: backlinksErrorMessage(t, error) }, { status: error.status === 409 ? 409 : 400 });
  }
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigation = useNavigation();
  const { order } = loaderData;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const amount = formatMoney(order.total, order.currency, locale);
  const open = order.status === "pending_payment";
  return (
    <Card className="mx-auto grid w-full max-w-lg gap-5 p-4 sm:p-6" data-testid="backlinks-checkout">
      <Alert variant="warning" role="note">
        <FlaskConicalIcon aria-hidden />
        <AlertDescription className="block">
          <strong className="font-semibold">{t(`${PREFIX}.testMode`)}</strong> {t(`${PREFIX}.notice`)}
        </AlertDescription>
      </Alert>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t(`${PREFIX}.title`)}</h2>
        <p className="text-sm text-muted-foreground">{t(`${PREFIX}.order`, { date: formatDate(order.created_at, locale) })}</p>
      </div>
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">{t(`${PREFIX}.lines`)}</h3>
        <ul className="grid divide-y rounded-md border text-sm" data-testid="checkout-lines">
          {order.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
              <span className="grid min-w-0">
                <span className="break-all font-medium">{item.domain}</span>
                <span className="text-muted-foreground">{t(`backlinks:linkTypes.${item.permanent_link_type}.name`)}</span>
              </span>
              <span className="tabular-nums">{formatMoney(item.price, item.currency, locale)}</span>
            </li>
          ))}
        </ul>
        <p className="flex items-baseline justify-between gap-3 px-3">
          <span className="font-medium">{t(`${PREFIX}.total`)}</span>
          <span className="text-xl font-semibold tabular-nums" data-testid="checkout-total">
            {amount}
          </span>
        </p>
      </div>
      {actionData?.error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{actionData.error}</AlertDescription>
        </Alert>
      ) : null}
      {open && order.provider === "local" ? (
        <Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="submit" name="intent" value="abandon" variant="outline" disabled={busy}>
            {t(`${PREFIX}.cancel`)}
          </Button>
          <Button type="submit" name="intent" value="pay" disabled={busy}>
            {busy ? t(`${PREFIX}.paying`) : t(`${PREFIX}.pay`, { amount })}
          </Button>
        </Form>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm" data-testid="checkout-status">
            {open ? t(`${PREFIX}.closed.stripe`) : t(`${PREFIX}.closed.${order.status}`)}
          </p>
          <div className="flex flex-wrap gap-2">
            {open && order.checkout_url ? (
              <a href={order.checkout_url} className={buttonVariants()}>
                {t(`${PREFIX}.payOnline`)}
              </a>
            ) : null}
            <Link to={order.status === "abandoned" ? "/backlinks/cart" : "/backlinks/orders"} className={buttonVariants({ variant: "outline" })}>
              {order.status === "abandoned" ? t(`${PREFIX}.toCart`) : t(`${PREFIX}.toOrders`)}
            </Link>
          </div>
        </div>
      )}
    </Card>
  );
}
