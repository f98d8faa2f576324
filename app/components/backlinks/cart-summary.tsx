import { CreditCardIcon, InfoIcon, Trash2Icon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { LINK_TYPES } from "#domain/backlinks";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import type { Cart } from "~/lib/api-types";
import { checkoutBlockers, formatMoney } from "~/lib/backlinks";
import { markFromScript } from "~/lib/script-marker";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { CART_INTENTS } from "./pending-cart";

const PREFIX = "backlinks:pages.backlinks.cart";

/**
 * The cart's figures (seed 001 §3 Cart): lines per link type, one total per currency (never
 * added together), and the checkout, which says what it waits for when it cannot start yet.
 */
export function CartSummary({ cart }: { cart: Cart }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigation = useNavigation();
  const blockers = checkoutBlockers(cart);
  const checkingOut = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const types = LINK_TYPES.filter((type) => (cart.items_by_type[type] ?? 0) > 0);
  const totals = cart.totals.length ? cart.totals : [{ currency: cart.currency, total: cart.total_price }];

  return (
    <Card className="grid gap-4 p-4 sm:p-5" data-testid="cart-summary">
      <CardTitle>{t(`${PREFIX}.summary`)}</CardTitle>
      {types.length ? (
        <div className="grid gap-1.5">
          <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t(`${PREFIX}.itemsByType`)}</h3>
          <ul className="grid gap-1 text-sm" data-testid="items-by-type">
            {types.map((type) => (
              <li key={type} className="flex justify-between gap-3" data-link-type={type}>
                <span>{t(`backlinks:linkTypes.${type}.name`)}</span>
                <span className="font-medium tabular-nums">× {cart.items_by_type[type]}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <dl className="grid gap-1 border-t pt-3" data-testid="cart-totals">
        {totals.map((total) => (
          <div key={total.currency} className="flex items-baseline justify-between gap-3" data-currency={total.currency}>
            <dt className="text-sm font-medium">{totals.length > 1 ? t(`${PREFIX}.totalIn`, { currency: total.currency }) : t(`${PREFIX}.total`)}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="cart-total">
              {formatMoney(total.total, total.currency, locale)}
            </dd>
          </div>
        ))}
      </dl>

      {cart.has_multiple_currencies ? (
        <Alert variant="info" role="note" data-testid="multiple-currencies">
          <InfoIcon aria-hidden />
          <AlertDescription>{t(`${PREFIX}.multipleCurrencies`)}</AlertDescription>
        </Alert>
      ) : null}

      {blockers.length ? (
        <div className="grid gap-1 text-sm" id="checkout-blockers" data-testid="checkout-blockers">
          <p className="font-medium">{t(`${PREFIX}.blocked`)}</p>
          <ul className="list-disc space-y-0.5 pl-5 text-muted-foreground">
            {blockers.map((blocker) => (
              <li key={blocker}>{t(`${PREFIX}.blockers.${blocker}`)}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <Form method="post">
        <input type="hidden" name="intent" value="checkout" />
        <Button type="submit" className="w-full" disabled={blockers.length > 0 || checkingOut} aria-describedby={blockers.length ? "checkout-blockers" : undefined}>
          <CreditCardIcon aria-hidden />
          {checkingOut ? t(`${PREFIX}.checkingOut`) : t(`${PREFIX}.checkout`)}
        </Button>
      </Form>

      {cart.items.length ? <ClearCart count={cart.total_items} /> : null}
    </Card>
  );
}

/** Clear, after a confirmation: a dialog with JavaScript, a page of its own without (`?confirm=clear`). */
function ClearCart({ count }: { count: number }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: "clear-cart" });
  const style = cn(buttonVariants({ variant: "ghost-destructive", size: "sm" }), "h-9 justify-self-center");
  if (!hydrated) {
    return (
      <Link to="/backlinks/cart?confirm=clear" className={style}>
        <Trash2Icon aria-hidden />
        {t(`${PREFIX}.clear`)}
      </Link>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost-destructive" size="sm" className="h-9 justify-self-center" disabled={fetcher.state !== "idle"}>
          <Trash2Icon aria-hidden />
          {t(`${PREFIX}.clear`)}
        </Button>
      }
      title={t(`${PREFIX}.clearTitle`)}
      description={t(`${PREFIX}.clearDescription`, { count })}
      cancelLabel={t(`${PREFIX}.keep`)}
      confirmLabel={t(`${PREFIX}.clearConfirm`)}
      onConfirm={() => {
        const body = new FormData();
        body.set("intent", CART_INTENTS.clear);
        fetcher.submit(markFromScript(body), { method: "post", action: "/backlinks/cart" });
      }}
    />
  );
}

/** The confirmation as a page, for a browser without JavaScript. */
export function ConfirmClearPage({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Card role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-description" className="mx-auto grid w-full max-w-xl gap-4 border-destructive-border p-6">
      <h2 id="confirm-title" className="text-lg font-semibold">
        {t(`${PREFIX}.clearTitle`)}
      </h2>
      <p id="confirm-description" className="text-sm text-muted-foreground">
        {t(`${PREFIX}.clearDescription`, { count })}
      </p>
      <Form method="post" action="/backlinks/cart" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value={CART_INTENTS.clear} />
        <Link to="/backlinks/cart" className={buttonVariants({ variant: "outline" })}>
          {t(`${PREFIX}.keep`)}
        </Link>
        <Button type="submit" variant="destructive">
          {t(`${PREFIX}.clearConfirm`)}
        </Button>
      </Form>
    </Card>
  );
}
