import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, useSubmit } from "react-router";
import type { Route } from "./+types/orders";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import { ORDER_ITEM_STATUSES, type OrderItemStatus } from "#domain/backlinks";
import { requireAdmin } from "~/lib/admin.server";
import { fieldErrorsFrom } from "~/lib/api-errors";
import { dataOf, getApiClient, read } from "~/lib/api.server";
import { ITEM_STATUS_FIELDS, ItemStatusFormSchema } from "~/lib/backlinks-schemas";
import { deferred } from "~/lib/deferred";
import { backlinksErrorMessage, refusal } from "~/lib/backlinks.server";
import { titleMeta } from "~/lib/meta";
import { useHydrated } from "~/lib/use-hydrated";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";
import { formIdOf, type MoveReply, PREFIX } from "./orders-move";

export const meta: Route.MetaFunction = titleMeta;

// Each row's form and conform come after the page hydrates (app/lib/deferred.tsx).
const ItemRow = deferred(() => import("./orders-item-row").then((module) => module.ItemRow));

/** The paid links the team delivers, newest first, by status (issue 15). */
export async function loader({ context, url }: Route.LoaderArgs) {
  await requireAdmin(context);
  const given = url.searchParams.get("status");
  const status = ORDER_ITEM_STATUSES.includes(given as OrderItemStatus) ? (given as OrderItemStatus) : null;
  const [{ items }, t] = await Promise.all([read(getApiClient(context).backlinks.admin["order-items"].$get({ query: status ? { status } : {} })).then(dataOf), getFixedT(context)]);
  return { title: t("nav.adminBacklinksOrders"), status, items, constraint: getZodConstraint(ItemStatusFormSchema) };
}

/** Moves one link on (NEXT_ITEM_STATUSES): published needs the live page's address, and tells the buyer. */
export async function action({ request, context, url }: Route.ActionArgs) {
  await requireAdmin(context);
  const formData = await request.formData();
  const t = await getFixedT(context);
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
