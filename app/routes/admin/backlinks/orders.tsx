import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ExternalLinkIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, Form, useLoaderData, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/orders";
import { ItemStatusBadge } from "~/components/backlinks/site-facts";
import { ErrorList, FormErrors } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import { ORDER_ITEM_STATUSES, type OrderItemStatus } from "#domain/backlinks";
import { formatDate } from "#domain/plans";
import { requireAdmin } from "~/lib/admin.server";
import { fieldErrorsFrom } from "~/lib/api-errors";
import { dataOf, getApiClient, read } from "~/lib/api.server";
import type { AdminOrderItem } from "~/lib/api-types";
import { ITEM_STATUS_FIELDS, ItemStatusFormSchema } from "~/lib/backlinks-schemas";
import { useLazyValidation } from "~/lib/lazy-validation";
import { backlinksErrorMessage, refusal } from "~/lib/backlinks.server";
import { titleMeta } from "~/lib/meta";
import { useHydrated } from "~/lib/use-hydrated";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

const PREFIX = "backlinksAdmin:orders";

type MoveReply = { formId: string; result: SubmissionResult<string[]> };
const formIdOf = (id: string) => `move-${id}`;

/** The paid links the team delivers, newest first, by status (issue 15). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const given = new URL(request.url).searchParams.get("status");
  const status = ORDER_ITEM_STATUSES.includes(given as OrderItemStatus) ? (given as OrderItemStatus) : null;
  const [{ items }, t] = await Promise.all([read(getApiClient(context).backlinks.admin["order-items"].$get({ query: status ? { status } : {} })).then(dataOf), getFixedT(context)]);
  return { title: t("nav.adminBacklinksOrders"), status, items, constraint: getZodConstraint(ItemStatusFormSchema) };
}

/** Moves one link on (NEXT_ITEM_STATUSES): published needs the live page's address, and tells the buyer. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const formData = await request.formData();
  const t = await getFixedT(context);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const submission = parseWithZod(formData, { schema: ItemStatusFormSchema });
  const formId = formIdOf(String(formData.get("id") ?? ""));
  if (submission.status !== "success") return data<MoveReply>({ formId, result: submission.reply() }, { status: 400 });
  const { id, ...json } = submission.value;
  try {
    await read(getApiClient(context).backlinks.admin["order-items"][":id"].status.$put({ param: { id }, json }));
  } catch (caught) {
    const error = refusal(caught);
    if (error.errors && Object.keys(error.errors).length) {
      return data<MoveReply>({ formId, result: submission.reply(fieldErrorsFrom(error, t, "backlinks", ITEM_STATUS_FIELDS)) }, { status: 400 });
    }
    return data<MoveReply>({ formId, result: submission.reply({ formErrors: [backlinksErrorMessage(t, error)] }) }, { status: error.status === 409 ? 409 : 400 });
  }
  return redirectWithToast(back, { type: "success", title: t(`${PREFIX}.moved`), description: t(`backlinks:itemStatuses.${json.status}`) });
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const { status, items } = loaderData;
  const reply = actionData as MoveReply | undefined;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t(`${PREFIX}.title`)}</h2>
        <p className="text-sm text-muted-foreground">{t(`${PREFIX}.description`)}</p>
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-2" onChange={(event) => void submit(event.currentTarget)}>
        <div className="grid gap-1.5">
          <Label htmlFor="status-filter">{t(`${PREFIX}.status`)}</Label>
          <NativeSelect id="status-filter" name="status" defaultValue={status ?? ""} className="w-auto min-w-48">
            <option value="">{t(`${PREFIX}.allStatuses`)}</option>
            {ORDER_ITEM_STATUSES.filter((value) => value !== "pending_payment").map((value) => (
              <option key={value} value={value}>
                {t(`backlinks:itemStatuses.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {hydrated ? null : (
          <Button type="submit" variant="outline">
            {t(`${PREFIX}.filter`)}
          </Button>
        )}
      </Form>

      <p className="text-sm text-muted-foreground" data-testid="admin-item-count">
        {t(`${PREFIX}.count`, { count: items.length })}
      </p>
      {items.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 bg-card p-6 text-center text-sm text-muted-foreground">{t(`${PREFIX}.empty`)}</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground xl:hidden">{t(`${PREFIX}.scrollHint`)}</p>
          <Table className="min-w-[52rem]" region={t(`${PREFIX}.table`)}>
            <TableHeader>
              <TableHead>{t(`${PREFIX}.site`)}</TableHead>
              <TableHead>{t(`${PREFIX}.target`)}</TableHead>
              <TableHead>{t(`${PREFIX}.current`)}</TableHead>
              <TableHead>{t(`${PREFIX}.move`)}</TableHead>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <ItemRow key={item.id} item={item} reply={reply?.formId === formIdOf(item.id) ? reply : undefined} />
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </div>
  );
}

function ItemRow({ item, reply }: { item: AdminOrderItem; reply: MoveReply | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigation = useNavigation();
  const formId = formIdOf(item.id);
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useForm({
    id: formId,
    lastResult: navigation.state === "idle" ? reply?.result : undefined,
    constraint,
    defaultValue: { id: item.id, status: item.next_statuses[0] ?? "", published_url: item.published_url ?? "", note: item.note ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() => import("~/lib/backlinks-schemas").then((module) => module.ItemStatusFormSchema)),
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === item.id;
  const canPublish = item.next_statuses.includes("published");
  return (
    <tr className="align-top" data-testid="admin-item" data-domain={item.domain} data-status={item.status}>
      <th scope="row" className="min-w-48 px-4 py-3 text-left font-normal">
        <span className="block break-words font-medium">{item.domain}</span>
        <span className="block text-xs text-muted-foreground">{t(`backlinks:linkTypes.${item.permanent_link_type}.name`)}</span>
        <span className="mt-2 block text-xs">
          <span className="text-muted-foreground">{t(`${PREFIX}.buyer`)}: </span>
          <span className="[overflow-wrap:anywhere]">{item.buyer_email}</span>
        </span>
        {item.paid_at ? <span className="block text-xs text-muted-foreground">{t(`${PREFIX}.paidOn`, { date: formatDate(item.paid_at, locale) })}</span> : null}
      </th>
      <td className="min-w-48 px-4 py-3">
        <span className="block [overflow-wrap:anywhere]">{item.target_url}</span>
        <span className="text-xs text-muted-foreground">
          {t(`${PREFIX}.anchor`)}: <span className="text-foreground">{item.anchor_text}</span>
        </span>
      </td>
      <td className="px-4 py-3">
        <div className="grid justify-items-start gap-1">
          <ItemStatusBadge status={item.status} />
          {item.published_url ? (
            <a href={item.published_url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 whitespace-nowrap text-xs text-primary hover:underline">
              {t(`${PREFIX}.publishedUrl`)}
              <ExternalLinkIcon className="size-3" aria-hidden />
            </a>
          ) : null}
        </div>
      </td>
      <td className="w-72 px-4 py-3">
        {item.next_statuses.length === 0 ? (
          <span className="text-xs text-muted-foreground">{t(`${PREFIX}.final`)}</span>
        ) : (
          <Form method="post" {...getFormProps(form)} className="grid gap-2">
            <input type="hidden" name="id" value={item.id} />
            <div className="grid gap-1">
              <Label htmlFor={fields.status.id} className="sr-only">
                {t(`${PREFIX}.moveFor`, { domain: item.domain })}
              </Label>
              <NativeSelect {...getSelectProps(fields.status)} key={fields.status.key}>
                {item.next_statuses.map((next) => (
                  <option key={next} value={next}>
                    {t(`backlinks:itemStatuses.${next}`)}
                  </option>
                ))}
              </NativeSelect>
              <ErrorList id={fields.status.errorId} errors={fields.status.errors} className="min-h-0" />
            </div>
            {canPublish ? (
              <div className="grid gap-1">
                <Label htmlFor={fields.published_url.id} className="text-xs">
                  {t(`${PREFIX}.publishedUrl`)}
                </Label>
                <Input
                  {...getInputProps(fields.published_url, { type: "text" })}
                  key={fields.published_url.key}
                  inputMode="url"
                  placeholder="https://"
                  aria-label={t(`${PREFIX}.publishedUrlFor`, { domain: item.domain })}
                />
                <ErrorList id={fields.published_url.errorId} errors={fields.published_url.errors} className="min-h-0" />
              </div>
            ) : null}
            <div className="grid gap-1">
              <Label htmlFor={fields.note.id} className="text-xs">
                {t(`${PREFIX}.note`)}
              </Label>
              <Input {...getInputProps(fields.note, { type: "text" })} key={fields.note.key} maxLength={500} aria-label={t(`${PREFIX}.noteFor`, { domain: item.domain })} />
              <ErrorList id={fields.note.errorId} errors={fields.note.errors} className="min-h-0" />
            </div>
            <FormErrors id={form.errorId} errors={form.errors} />
            <Button type="submit" size="sm" className="h-9 w-fit" disabled={busy}>
              {t(`${PREFIX}.apply`)}
            </Button>
          </Form>
        )}
      </td>
    </tr>
  );
}
