import { ArrowDownIcon, ArrowUpIcon, EyeIcon, EyeOffIcon, GripVerticalIcon, Trash2Icon } from "~/components/ui/icons";
import { type DragEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useFetchers, useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { type ConfirmKind, moveBy, moveTo, sameOrder } from "~/lib/academy-admin";
import { markFromScript, ScriptMarker } from "~/lib/script-marker";
import { useHydrated } from "~/lib/use-hydrated";

/*
 * The row controls of the admin academy, each a plain form post without JavaScript and a fetcher
 * (optimistic) with it: publish toggle, move up/down, drag and drop, and delete with confirmation
 * (a radix AlertDialog, or a confirmation page without JavaScript).
 */

type Payload = Record<string, string>;

function Hidden({ payload }: { payload: Payload }) {
  return Object.entries(payload).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** The order a pending reorder of this list will give (optimistic), or null. */
export function usePendingOrder(intent: string, scope?: Payload): string[] | null {
  const fetchers = useFetchers();
  const pending = fetchers.filter(
    (fetcher) =>
      fetcher.formData?.get("intent") === intent &&
      Object.entries(scope ?? {}).every(([name, value]) => fetcher.formData?.get(name) === value),
  );
  const last = pending.at(-1);
  return last?.formData ? last.formData.getAll("ids").map(String) : null;
}

/** Whether a fetcher is posting `intent` for this id right now (e.g. the row being deleted). */
export function usePending(intent: string, id: string): boolean {
  return useFetchers().some((fetcher) => fetcher.formData?.get("intent") === intent && fetcher.formData.get("id") === id);
}

export function PublishToggle({ id, published, name }: { id: string; published: boolean; name: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("intent") === "publish";
  const shown = pending ? fetcher.formData?.get("is_published") === "true" : published;
  const label = shown ? t("academyAdmin:courses.unpublish") : t("academyAdmin:courses.publish");
  return (
    <fetcher.Form method="post" className="contents">
      <ScriptMarker />
      <Hidden payload={{ intent: "publish", id, is_published: String(!shown) }} />
      <Button type="submit" variant={shown ? "outline" : "default"} size="sm" aria-label={`${label}: ${name}`} data-published={shown}>
        {shown ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
        {label}
      </Button>
    </fetcher.Form>
  );
}

export function StatusBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge data-testid="publish-status" variant={published ? "success" : "warning"}>
      {published ? t("academyAdmin:courses.published") : t("academyAdmin:courses.draft")}
    </Badge>
  );
}

/** Move up and down: each button posts the whole list in its new order (the reorder API's payload). */
export function MoveButtons({ intent, ids, id, scope = {}, name }: { intent: string; ids: string[]; id: string; scope?: Payload; name: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const up = moveBy(ids, id, -1);
  const down = moveBy(ids, id, 1);
  const button = (order: string[] | null, label: string, Icon: typeof ArrowUpIcon) => (
    <fetcher.Form method="post" className="contents">
      <ScriptMarker />
      <Hidden payload={{ intent, ...scope }} />
      {(order ?? []).map((value) => (
        <input key={value} type="hidden" name="ids" value={value} />
      ))}
      <Button type="submit" variant="ghost" size="icon-sm" disabled={!order} aria-label={`${label}: ${name}`} title={label}>
        <Icon aria-hidden />
      </Button>
    </fetcher.Form>
  );
  return (
    <div className="flex items-center">
      {button(up, t("academyAdmin:order.up"), ArrowUpIcon)}
      {button(down, t("academyAdmin:order.down"), ArrowDownIcon)}
    </div>
  );
}

/**
 * Drag and drop (with JavaScript only): a row is dragged by its handle, the list shows the new order
 * while dragging, and the drop posts it like the buttons do.
 */
export function useSortable({ ids, intent, scope = {} }: { ids: string[]; intent: string; scope?: Payload }) {
  const fetcher = useFetcher();
  const [drag, setDrag] = useState<{ id: string; order: string[] } | null>(null);
  const order = drag?.order ?? ids;

  const submit = (next: string[]) => {
    const body = new FormData();
    body.set("intent", intent);
    markFromScript(body);
    for (const [name, value] of Object.entries(scope)) body.set(name, value);
    for (const id of next) body.append("ids", id);
    fetcher.submit(body, { method: "post" });
  };

  const handleProps = (id: string) => ({
    draggable: true,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.stopPropagation();
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", id);
      const row = event.currentTarget.closest("[data-sortable-row]");
      if (row instanceof HTMLElement) event.dataTransfer.setDragImage(row, 16, 16);
      setDrag({ id, order: ids });
    },
    onDragEnd: (event: DragEvent<HTMLElement>) => {
      event.stopPropagation();
      setDrag(null);
    },
  });

  const rowProps = (id: string) => ({
    "data-sortable-row": "",
    "data-dragging": drag?.id === id ? "true" : undefined,
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!drag) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = "move";
      if (id !== drag.id) setDrag((current) => (current ? { ...current, order: moveTo(current.order, current.id, id) } : current));
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (!drag) return;
      event.preventDefault();
      event.stopPropagation();
      if (!sameOrder(drag.order, ids)) submit(drag.order);
      setDrag(null);
    },
  });

  return { order, dragging: drag?.id ?? null, handleProps, rowProps };
}

export function DragHandle({ label, ...props }: { label: string } & React.ComponentProps<"span">) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <span
      {...props}
      role="img"
      aria-label={label}
      title={label}
      data-testid="drag-handle"
      className="flex size-8 shrink-0 cursor-grab items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
    >
      <GripVerticalIcon className="size-4" aria-hidden />
    </span>
  );
}

/**
 * Delete with confirmation: with JavaScript a radix AlertDialog, then a fetcher post; without, a
 * GET to this page with `?confirm=<kind>&id=<id>`, which shows the confirmation page.
 */
export function DeleteControl({
  label,
  name,
  title,
  description,
  confirm,
  payload,
  compact = false,
  fetcherKey,
}: {
  label: string;
  name: string;
  title: string;
  description: string;
  confirm: { kind: ConfirmKind; id: string };
  payload: Payload;
  compact?: boolean;
  /** Lets another component follow this delete (the thumbnail widget's optimistic clear). */
  fetcherKey?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: fetcherKey });
  const { pathname } = useLocation();
  const button = (
    <Button
      type={hydrated ? "button" : "submit"}
      variant={compact ? "ghost-destructive" : "outline"}
      size={compact ? "icon-sm" : "sm"}
      className={compact ? undefined : "text-destructive hover:bg-destructive-subtle hover:text-destructive-hover"}
      aria-label={`${label}: ${name}`}
      title={label}
      disabled={fetcher.state !== "idle"}
    >
      <Trash2Icon aria-hidden />
      {compact ? null : label}
    </Button>
  );
  if (!hydrated) {
    return (
      <Form method="get" action={pathname} className="contents">
        <input type="hidden" name="confirm" value={confirm.kind} />
        <input type="hidden" name="id" value={confirm.id} />
        {button}
      </Form>
    );
  }
  return (
    <ConfirmDialog
      trigger={button}
      title={title}
      description={description}
      cancelLabel={t("academyAdmin:confirm.cancel")}
      confirmLabel={t("academyAdmin:confirm.delete")}
      onConfirm={() => fetcher.submit({ ...payload, js: "1" }, { method: "post" })}
    />
  );
}

/** The AlertDialog's texts as a page, for a browser without JavaScript. */
export function ConfirmDeletePage({ title, description, payload, cancelTo }: { title: string; description: string; payload: Payload; cancelTo: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto grid max-w-xl gap-6 p-6 lg:p-10">
      <Card role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-description" className="grid gap-4 border-destructive-border p-6">
        <h1 id="confirm-title" className="text-lg font-semibold">
          {title}
        </h1>
        <p id="confirm-description" className="text-sm text-muted-foreground">
          {description}
        </p>
        {/* No action: React Router posts to this route (with ?index for the list page). */}
        <Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Hidden payload={payload} />
          <Link to={cancelTo} className={buttonVariants({ variant: "outline" })}>
            {t("academyAdmin:confirm.cancel")}
          </Link>
          <Button type="submit" variant="destructive">
            {t("academyAdmin:confirm.delete")}
          </Button>
        </Form>
      </Card>
    </section>
  );
}

/** Deleting a whole course, from the list (compact) or from the course's own page. */
export function DeleteCourseControl({ course, compact = false }: { course: { id: string; title: string }; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <DeleteControl
      compact={compact}
      label={t("academyAdmin:courses.delete")}
      name={course.title}
      title={t("academyAdmin:courses.deleteTitle", { title: course.title })}
      description={t("academyAdmin:courses.deleteDescription")}
      confirm={{ kind: "course", id: course.id }}
      payload={{ intent: "delete-course", id: course.id }}
    />
  );
}
