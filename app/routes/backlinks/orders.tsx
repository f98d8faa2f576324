import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import type { Route } from "./+types/orders";
import { OrderCard } from "~/components/backlinks/order-card";
import { EmptyState } from "~/components/insights/empty-state";
import { ApiRequestError, dataOf, getApiClient, read, requireSession } from "~/lib/api.server";
import { isUuid } from "~/lib/backlinks.server";
import { appRelative } from "~/lib/config.server";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

const PREFIX = "backlinks:pages.backlinks.orders";

/** The user's orders, newest first, each link with its status (issue 15). */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const t = await getFixedT(context);
  // Back from a payment (Stripe's success_url, or the test-mode page): said once, then the plain list.
  const paid = url.searchParams.get("paid");
  if (paid !== null) {
    const order = isUuid(paid)
      ? await read(api.backlinks.orders[":id"].$get({ param: { id: paid } })).then(dataOf, (error: unknown) => {
          if (error instanceof ApiRequestError && error.status === 404) return null;
          throw error;
        })
      : null;
    if (!order) throw redirect("/backlinks/orders");
    throw await redirectWithToast(`/backlinks/orders#order-${order.id}`, {
      type: "success",
      title: t("backlinks:pages.backlinks.checkout.paid"),
      description: t("backlinks:pages.backlinks.checkout.paidHint"),
    });
  }
  const { orders } = await read(api.backlinks.orders.$get()).then(dataOf);
  return {
    title: t("nav.backlinksOrders"),
    // The test-mode page is ours: a path, so the browser stays on the origin it uses.
    orders: orders.map((order) => ({ order, payHref: order.checkout_url ? appRelative(order.checkout_url) : null })),
  };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { orders } = loaderData;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <h2 className="text-lg font-semibold">{t(`${PREFIX}.title`)}</h2>
      {orders.length ? (
        <ul className="grid gap-4" data-testid="orders">
          {orders.map(({ order, payHref }) => (
            <OrderCard key={order.id} order={order} payHref={payHref} />
          ))}
        </ul>
      ) : (
        <EmptyState
          title={t(`${PREFIX}.empty`)}
          description={t(`${PREFIX}.emptyHint`)}
          action={{ to: "/backlinks", label: t("backlinks:pages.backlinks.cart.browse") }}
        />
      )}
    </div>
  );
}
