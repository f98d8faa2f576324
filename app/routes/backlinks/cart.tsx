import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { Route } from "./+types/cart";
import { type CartFormReply, configureFormId } from "~/components/backlinks/cart-line";
import { CartSummary, ConfirmClearPage } from "~/components/backlinks/cart-summary";
import { CART_INTENTS, usePendingCart } from "~/components/backlinks/pending-cart";
import { EmptyState } from "~/components/insights/empty-state";
import { fieldErrorsFrom } from "~/lib/api-errors";
import { dataOf, getApiClient, read, requireSession } from "~/lib/api.server";
import { withPending } from "~/lib/backlinks";
import { CartIdSchema as IdSchema, CartPriceFormSchema as PriceFormSchema, CONFIGURE_FIELDS, ConfigureFormSchema } from "~/lib/backlinks-schemas";
import { backlinksErrorMessage, readCart, refusal } from "~/lib/backlinks.server";
import { appRelative } from "~/lib/config.server";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast, replyWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";
import { deferred } from "~/lib/deferred";

// Each line's form and conform come after the page hydrates (app/lib/deferred.tsx).
const CartLine = deferred(() => import("~/components/backlinks/cart-line").then((module) => module.CartLine));

export const meta: Route.MetaFunction = titleMeta;

const CART = "/backlinks/cart";
const PREFIX = "backlinks:pages.backlinks.cart";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const params = url.searchParams;
  const t = await getFixedT(context);
  // Back from the payment provider's page without paying (Stripe's cancel_url): nothing changed.
  if (params.has("canceled")) {
    throw await redirectWithToast(CART, { type: "info", title: t(`${PREFIX}.canceled`), description: t(`${PREFIX}.canceledHint`) });
  }
  const api = getApiClient(context);
  const [cart, { data: profile }] = await Promise.all([readCart(api), read(api.user.profile.$get())]);
  return {
    title: t("nav.backlinksCart"),
    cart,
    website: profile.WebsiteURL,
    // Without JavaScript, clearing asks first on a page of its own.
    confirmClear: params.get("confirm") === "clear" && cart.items.length > 0,
    constraint: getZodConstraint(ConfigureFormSchema),
  };
}

/** Each form of the cart, by its intent: configure a line, accept a new price, remove, clear, check out. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  const formData = await request.formData();
  const api = getApiClient(context);
  const t = await getFixedT(context);
  const intent = formData.get("intent");

  if (intent === "configure") {
    const submission = parseWithZod(formData, { schema: ConfigureFormSchema });
    const formId = configureFormId(String(formData.get("id") ?? ""));
    if (submission.status !== "success") return data<CartFormReply>({ formId, result: submission.reply() }, { status: 400 });
    const { id, ...json } = submission.value;
    try {
      await read(api.cart.items[":id"].$put({ param: { id }, json }));
    } catch (caught) {
      const error = refusal(caught);
      if (error.errors && Object.keys(error.errors).length) {
        return data<CartFormReply>({ formId, result: submission.reply(fieldErrorsFrom(error, t, "backlinks", CONFIGURE_FIELDS)) }, { status: 400 });
      }
      const message = backlinksErrorMessage(t, error);
      return replyWithToast<CartFormReply>(
        formData,
        { type: "error", title: t(`${PREFIX}.saveFailed`), description: message },
        { formId, result: submission.reply({ formErrors: [message] }) },
        { status: 400 },
      );
    }
    return redirectWithToast(CART, { type: "success", title: t(`${PREFIX}.saved`) });
  }

  if (intent === "accept-price") {
    const parsed = PriceFormSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return redirectWithToast(CART, { type: "error", title: t(`${PREFIX}.acceptFailed`), description: t("backlinks:errors.unknown") });
    const { id, ...json } = parsed.data;
    try {
      await read(api.cart.items[":id"].price.$put({ param: { id }, json }));
    } catch (caught) {
      return redirectWithToast(CART, { type: "error", title: t(`${PREFIX}.acceptFailed`), description: backlinksErrorMessage(t, refusal(caught)) });
    }
    return redirectWithToast(CART, { type: "success", title: t(`${PREFIX}.priceAccepted`) });
  }

  if (intent === CART_INTENTS.remove) {
    const parsed = IdSchema.safeParse(Object.fromEntries(formData));
    // Seed 001 §8: on failure the line comes back (the revalidated cart), with the failure's toast.
    const failed = (description: string) => replyWithToast(formData, { type: "error", title: t(`${PREFIX}.removeFailed`), description }, { ok: false }, { redirectTo: CART });
    if (!parsed.success) return failed(t("backlinks:errors.cart_item_not_found"));
    try {
      await read(api.cart.items[":id"].$delete({ param: { id: parsed.data.id } }));
    } catch (caught) {
      return failed(backlinksErrorMessage(t, refusal(caught)));
    }
    return replyWithToast(formData, { type: "success", title: t(`${PREFIX}.removed`) }, { ok: true }, { redirectTo: CART });
  }

  if (intent === CART_INTENTS.clear) {
    try {
      await read(api.cart.items.$delete());
    } catch (caught) {
      return replyWithToast(formData, { type: "error", title: t(`${PREFIX}.clearCart`), description: backlinksErrorMessage(t, refusal(caught)) }, { ok: false }, { redirectTo: CART });
    }
    return replyWithToast(formData, { type: "success", title: t(`${PREFIX}.clearCart`), description: t(`${PREFIX}.clearedHint`) }, { ok: true }, { redirectTo: CART });
  }

  if (intent === "checkout") {
    let orders: Awaited<ReturnType<typeof startCheckout>>;
    try {
      orders = await startCheckout(api);
    } catch (caught) {
      return redirectWithToast(CART, { type: "error", title: t(`${PREFIX}.checkoutFailed`), description: backlinksErrorMessage(t, refusal(caught)) });
    }
    // One currency: straight to its payment. Several: one payment each, listed with the orders.
    const [first] = orders;
    if (orders.length === 1 && first?.checkout_url) return redirect(appRelative(first.checkout_url));
    return redirectWithToast("/backlinks/orders", {
      type: "info",
      title: t(`${PREFIX}.severalPayments`, { count: orders.length }),
      description: t(`${PREFIX}.severalPaymentsHint`),
    });
  }

  throw data(null, { status: 400 });
}

const startCheckout = (api: ReturnType<typeof getApiClient>) => read(api.backlinks.checkout.$post()).then(dataOf).then((body) => body.orders);

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const pending = usePendingCart();
  const cart = withPending(loaderData.cart, pending);
  const reply = actionData && "formId" in actionData ? (actionData as CartFormReply) : undefined;

  if (loaderData.confirmClear) return <ConfirmClearPage count={loaderData.cart.total_items} />;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid gap-4">
        <h2 className="text-lg font-semibold">{t(`${PREFIX}.title`)}</h2>
        {cart.items.length ? (
          <ul className="grid gap-4" aria-label={t(`${PREFIX}.lines`)}>
            {cart.items.map((item) => (
              <CartLine key={item.id} item={item} reply={reply} website={loaderData.website} constraint={loaderData.constraint} />
            ))}
          </ul>
        ) : (
          <div data-testid="cart-empty">
            <EmptyState title={t(`${PREFIX}.empty`)} description={t(`${PREFIX}.emptyHint`)} action={{ to: "/backlinks", label: t(`${PREFIX}.browse`) }} />
          </div>
        )}
      </div>
      <aside className="grid gap-4 lg:sticky lg:top-6" aria-label={t(`${PREFIX}.summary`)}>
        <CartSummary cart={cart} />
      </aside>
    </div>
  );
}
