import { CreditCardIcon, ExternalLinkIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { BacklinkOrder } from "~/lib/api-types";
import { formatMoney } from "~/lib/backlinks";
import { formatDate } from "#domain/plans";
import { cn } from "~/lib/utils";
import { ItemStatusBadge } from "./site-facts";

const PREFIX = "backlinks:pages.backlinks.orders";

/**
 * One order: when, its status and total, and each link with where it points, its anchor and how
 * far along it is; the live page once published. An order waiting for payment offers to pay it.
 */
export function OrderCard({ order, payHref }: { order: BacklinkOrder; payHref: string | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const total = formatMoney(order.total, order.currency, locale);
  const pending = order.status === "pending_payment";
  return (
    <Card asChild className="grid gap-4 p-4 sm:p-5">
      <li id={`order-${order.id}`} data-testid="order" data-status={order.status}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h3 className="flex flex-wrap items-center gap-2 font-semibold">
              {t(`${PREFIX}.placed`, { date: formatDate(order.created_at, locale) })}
              <Badge variant={pending ? "warning" : "success"} data-testid="order-status">
                {t(`backlinks:orderStatuses.${order.status}`)}
              </Badge>
            </h3>
            <p className="text-xs text-muted-foreground">
              {order.paid_at ? `${t(`${PREFIX}.paidOn`, { date: formatDate(order.paid_at, locale) })} · ` : ""}
              {t(`${PREFIX}.order`, { id: order.id.slice(0, 8) })}
            </p>
          </div>
          <p className="grid sm:text-right">
            <span className="text-xs text-muted-foreground">{t(`${PREFIX}.total`)}</span>
            <span className="text-xl font-semibold tabular-nums" data-testid="order-total">
              {total}
            </span>
          </p>
        </div>

        {pending && payHref ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-warning-border bg-warning-subtle p-3 text-sm text-warning-subtle-foreground">
            <p>{t(`${PREFIX}.payHint`)}</p>
            <a href={payHref} className={cn(buttonVariants({ size: "sm" }), "h-9")} data-testid="order-pay">
              <CreditCardIcon aria-hidden />
              {t(`${PREFIX}.pay`, { amount: total })}
            </a>
          </div>
        ) : null}

        <ul className="grid divide-y rounded-md border" aria-label={t(`${PREFIX}.items`)}>
          {order.items.map((item) => (
            <li key={item.id} className="grid gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_auto]" data-testid="order-item" data-domain={item.domain} data-status={item.status}>
              <div className="grid min-w-0 gap-1 text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="break-all font-medium">{item.domain}</span>
                  <span className="text-muted-foreground">{t(`backlinks:linkTypes.${item.permanent_link_type}.name`)}</span>
                </p>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-muted-foreground">
                  <dt>{t(`${PREFIX}.target`)}</dt>
                  <dd className="break-all text-foreground">{item.target_url}</dd>
                  <dt>{t(`${PREFIX}.anchor`)}</dt>
                  <dd className="break-words text-foreground">{item.anchor_text}</dd>
                  {item.published_url ? (
                    <>
                      <dt>{t(`${PREFIX}.live`)}</dt>
                      <dd className="min-w-0">
                        <a
                          href={item.published_url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex max-w-full items-center gap-1 break-all font-medium text-primary hover:underline"
                          data-testid="published-url"
                        >
                          {item.published_url}
                          <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden />
                        </a>
                      </dd>
                    </>
                  ) : null}
                  {item.note ? (
                    <>
                      <dt>{t(`${PREFIX}.note`)}</dt>
                      <dd className="break-words text-foreground">{item.note}</dd>
                    </>
                  ) : null}
                </dl>
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:grid sm:justify-items-end sm:content-start">
                <span className="tabular-nums">{formatMoney(item.price, item.currency, locale)}</span>
                <ItemStatusBadge status={item.status} />
                <span className="text-xs text-muted-foreground">{t(`${PREFIX}.since`, { date: formatDate(item.status_changed_at, locale) })}</span>
              </div>
            </li>
          ))}
        </ul>
      </li>
    </Card>
  );
}
