import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { TriangleAlertIcon, CircleCheckIcon, CircleDashedIcon, Trash2Icon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { CartItem } from "~/lib/api-types";
import { formatMoney, isTempItem } from "~/lib/backlinks";
import { type FormConstraint, useLazyValidation } from "~/lib/lazy-validation";
import { ScriptMarker } from "~/lib/script-marker";
import { CART_INTENTS } from "./pending-cart";

const PREFIX = "backlinks:pages.backlinks.cart";

/** What the cart's action answers a refused form with: which form, and conform's reply. */
export type CartFormReply = { formId: string; result: SubmissionResult<string[]> };

export const configureFormId = (id: string) => `configure-${id}`;

/**
 * One line of the cart: the site and link type at the price it was added, what stands in its way
 * (a price that changed, a link no longer sold), where the link points and its anchor, and Remove.
 */
/** `constraint`: the configure form's, `getZodConstraint(ConfigureFormSchema)` from the loader. */
export function CartLine({ item, reply, website, constraint }: { item: CartItem; reply: CartFormReply | undefined; website: string | null; constraint: FormConstraint }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const type = t(`backlinks:linkTypes.${item.permanent_link_type}.name`);
  const ready = item.is_configured && item.available && !item.price_changed;
  return (
    <Card asChild className="grid gap-4 p-4 sm:p-5">
      <li data-testid="cart-line" data-domain={item.domain_id} data-link-type={item.permanent_link_type} data-configured={item.is_configured}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h3 className="flex flex-wrap items-center gap-2 font-semibold">
              <Link to={`/backlinks/sites/${item.page_id}`} className="break-all hover:text-primary hover:underline">
                {item.domain_id}
              </Link>
              {item.is_configured ? (
                <Badge variant="success">
                  <CircleCheckIcon aria-hidden />
                  {t(`${PREFIX}.configured`)}
                </Badge>
              ) : (
                <Badge variant="warning">
                  <CircleDashedIcon aria-hidden />
                  {t(`${PREFIX}.notConfigured`)}
                </Badge>
              )}
            </h3>
            <p className="text-sm text-muted-foreground">{type}</p>
          </div>
          <div className="flex items-center gap-2">
            <p className="grid text-right">
              <span className="sr-only">{t(`${PREFIX}.price`)}</span>
              <span className="text-lg font-semibold tabular-nums" data-testid="line-price">
                {formatMoney(item.price_at_add, item.currency, locale)}
              </span>
            </p>
            <RemoveButton item={item} label={t(`${PREFIX}.removeLine`, { domain: item.domain_id, type })} />
          </div>
        </div>

        {!item.available ? (
          <Alert variant="destructive" role="status" data-testid="line-unavailable">
            <TriangleAlertIcon aria-hidden />
            <AlertDescription>{t(`${PREFIX}.unavailable`)}</AlertDescription>
          </Alert>
        ) : item.price_changed && item.current_price !== null ? (
          <Alert variant="warning" role="status" data-testid="line-price-changed">
            <TriangleAlertIcon aria-hidden />
            <AlertDescription className="flex w-full flex-wrap items-center justify-between gap-2">
              <p>
                {t(`${PREFIX}.priceChanged`, { before: formatMoney(item.price_at_add, item.currency, locale), now: formatMoney(item.current_price, item.currency, locale) })}
              </p>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="accept-price" />
                <input type="hidden" name="id" value={item.id} />
                <input type="hidden" name="price" value={item.current_price} />
                <input type="hidden" name="currency" value={item.currency} />
                <Button type="submit" size="sm" variant="outline" className="h-9">
                  {t(`${PREFIX}.acceptPrice`)}
                </Button>
              </Form>
            </AlertDescription>
          </Alert>
        ) : null}

        {/* Saved, the line comes back as stored (the address normalised): a fresh form shows it. */}
        {item.available && !isTempItem(item.id) ? <ConfigureForm key={item.updated_at} item={item} reply={reply} website={website} ready={ready} constraint={constraint} /> : null}
      </li>
    </Card>
  );
}

function RemoveButton({ item, label }: { item: CartItem; label: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: `remove-${item.id}` });
  return (
    <fetcher.Form method="post" preventScrollReset>
      <ScriptMarker />
      <input type="hidden" name="intent" value={CART_INTENTS.remove} />
      <input type="hidden" name="id" value={item.id} />
      <Button type="submit" variant="ghost-destructive" size="sm" className="h-9" aria-label={label} title={label} disabled={fetcher.state !== "idle" || isTempItem(item.id)}>
        <Trash2Icon aria-hidden />
        <span className="hidden sm:inline">{t(`${PREFIX}.remove`)}</span>
      </Button>
    </fetcher.Form>
  );
}

/** Where the link points (a page of the user's site) and its anchor: conform, the same schema as the action. */
function ConfigureForm({ item, reply, website, ready, constraint }: { item: CartItem; reply: CartFormReply | undefined; website: string | null; ready: boolean; constraint: FormConstraint }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const formId = configureFormId(item.id);
  const [form, fields] = useForm({
    id: formId,
    lastResult: navigation.state === "idle" && reply?.formId === formId ? reply.result : undefined,
    constraint,
    defaultValue: { id: item.id, target_url: item.target_url ?? "", anchor_text: item.anchor_text ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() => import("~/lib/backlinks-schemas").then((module) => module.ConfigureFormSchema)),
  });
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "configure" && navigation.formData.get("id") === item.id;
  const host = website ? website.replace(/^https?:\/\//, "").replace(/\/$/, "") : null;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-x-4 rounded-md border bg-background p-3 pb-1 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto] sm:items-start">
      <input type="hidden" name="intent" value="configure" />
      <input type="hidden" name="id" value={item.id} />
      <Field
        meta={fields.target_url}
        label={t(`${PREFIX}.targetUrl`)}
        description={host ? t(`${PREFIX}.targetUrlHint`, { site: host }) : t(`${PREFIX}.targetUrlHintAny`)}
        inputMode="url"
        placeholder={website ? `${website.replace(/\/$/, "")}/…` : "https://"}
        autoComplete="url"
      />
      <Field meta={fields.anchor_text} label={t(`${PREFIX}.anchorText`)} description={t(`${PREFIX}.anchorTextHint`)} />
      <div className="pb-3 sm:pt-[1.625rem]">
        <Button type="submit" variant={ready ? "outline" : "default"} disabled={saving} className="w-full sm:w-auto">
          {saving ? t(`${PREFIX}.saving`) : t(`${PREFIX}.save`)}
        </Button>
      </div>
      <div className="sm:col-span-3">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
    </Form>
  );
}
