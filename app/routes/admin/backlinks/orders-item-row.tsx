import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useLoaderData, useNavigation } from "react-router";
import { ItemStatusBadge } from "~/components/backlinks/site-facts";
import { ErrorList, FormErrors } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { ExternalLinkIcon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { formatDate } from "#domain/plans";
import type { AdminOrderItem } from "~/lib/api-types";
import { useLazyValidation } from "~/lib/lazy-validation";
import type { loader } from "./orders";
import { formIdOf, type MoveReply, PREFIX } from "./orders-move";

/**
 * One paid link: who bought it, where it points, its status, and the form that moves it on.
 * Fetched after the page hydrates (app/lib/deferred.tsx): a plain form until then.
 */
export function ItemRow({ item, reply }: { item: AdminOrderItem; reply: MoveReply | undefined }) {
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
