import { type DefaultValue, type FieldName, type FieldMetadata, type FormMetadata, getFieldsetProps } from "@conform-to/react";
import { PlusIcon, Trash2Icon } from "~/components/ui/icons";
import type * as React from "react";
import { ErrorList } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/*
 * The form kit's lists (competitors, keywords): conform's list intents, which change a list in place
 * with JavaScript and, without it, post the form so its action answers with one row more or less.
 */

type ListForm = Pick<FormMetadata, "insert" | "remove">;

export function RemoveRowButton<Row>({ form, list, index, label }: { form: ListForm; list: FieldName<Row[]>; index: number; label: string }) {
  return (
    <Button variant="ghost" size="icon" {...form.remove.getButtonProps({ name: list, index })} aria-label={label} title={label} className="shrink-0">
      <Trash2Icon aria-hidden />
    </Button>
  );
}

type ListEndProps<Row> = {
  form: ListForm;
  list: { name: FieldName<Row[]>; errorId: string; errors?: string[] };
  /** A new row's values. */
  row: DefaultValue<Row>;
  /** The button is disabled once the list is full. */
  full: boolean;
  children: React.ReactNode;
};

/** Under a list: its own errors (none, too many), then the button that adds a row. */
export function ListEnd<Row>({ form, list, row, full, children }: ListEndProps<Row>) {
  return (
    <>
      <ErrorList id={list.errorId} errors={list.errors} />
      <div>
        <Button variant="outline" size="sm" {...form.insert.getButtonProps({ name: list.name, defaultValue: row })} disabled={full}>
          <PlusIcon aria-hidden /> {children}
        </Button>
      </div>
    </>
  );
}

const ROW_LAYOUTS = {
  2: { grid: "sm:grid-cols-[1fr_1fr_auto]", remove: "sm:col-start-3" },
  3: { grid: "sm:grid-cols-[1fr_1fr_1fr_auto]", remove: "sm:col-start-4" },
} as const;

type RowFieldsetProps<Row> = {
  form: ListForm;
  /** The list's name, and the row's place and metadata in it. */
  list: FieldName<Row[]>;
  index: number;
  meta: FieldMetadata<unknown>;
  /** Name the row and its remove button for assistive technology ("Competitor 2", "Remove competitor 2"). */
  label: string;
  removeLabel: string;
  /** How many fields the row holds, side by side on a wider screen. */
  columns: keyof typeof ROW_LAYOUTS;
  children: React.ReactNode;
};

/**
 * One row of a list of fieldsets, then its remove button: last in the tab order, but beside the
 * first field on a phone and at the row's end on a wider screen. Fields after the first span the
 * row on a phone (`col-span-2 sm:col-span-1`).
 */
export function RowFieldset<Row>({ form, list, index, meta, label, removeLabel, columns, children }: RowFieldsetProps<Row>) {
  const layout = ROW_LAYOUTS[columns];
  return (
    <fieldset {...getFieldsetProps(meta)} aria-label={label} className={cn("grid grid-cols-[1fr_auto] gap-x-3 rounded-md border bg-muted/40 p-3 pb-1 sm:gap-x-4", layout.grid)}>
      {children}
      <div className={cn("col-start-2 row-start-1 flex items-start justify-end pt-[1.625rem]", layout.remove)}>
        <RemoveRowButton form={form} list={list} index={index} label={removeLabel} />
      </div>
    </fieldset>
  );
}
