import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type * as React from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";
import { ErrorList } from "./form-errors";

/*
 * The form kit: a label, a control, its description and its errors, wired for assistive technology
 * with the ids conform gives each field (the control is aria-invalid and described by its errors
 * and its description). Errors are i18n keys from the shared zod schemas, or messages the server
 * already translated (form-errors.tsx).
 */

type Meta = FieldMetadata<string | boolean | null | undefined>;

type FieldProps = { meta: Meta; label: string; description?: string; className?: string; hideLabel?: boolean };

/** Props a field takes from its metadata, so a caller cannot set them apart from it. */
type Owned = "name" | "id" | "defaultValue" | "form";

/** A field's column: what the caller puts first (label and control), then the description and the errors. */
function FieldShell({ meta, description, className, children }: Omit<FieldProps, "label" | "hideLabel"> & { children: React.ReactNode }) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      {children}
      {description ? (
        <p id={meta.descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

const describedBy = (meta: Meta, description: string | undefined) => (description ? meta.descriptionId : undefined);

export function Field({
  meta,
  label,
  description,
  className,
  hideLabel,
  type = "text",
  ...inputProps
}: FieldProps & { type?: "text" | "email" | "url" } & Omit<React.ComponentProps<"input">, Owned | "type" | "className">) {
  return (
    <FieldShell meta={meta} description={description} className={className}>
      {/* A list of like inputs (keywords) names each for assistive technology only. */}
      <Label htmlFor={meta.id} className={hideLabel ? "sr-only" : undefined}>
        {label}
      </Label>
      <Input {...getInputProps(meta, { type, ariaDescribedBy: describedBy(meta, description) })} {...inputProps} key={meta.key} />
    </FieldShell>
  );
}

export function TextareaField({
  meta,
  label,
  description,
  className,
  ...textareaProps
}: FieldProps & Omit<React.ComponentProps<"textarea">, Owned | "className">) {
  return (
    <FieldShell meta={meta} description={description} className={className}>
      <Label htmlFor={meta.id}>{label}</Label>
      <Textarea {...getTextareaProps(meta, { ariaDescribedBy: describedBy(meta, description) })} {...textareaProps} key={meta.key} />
    </FieldShell>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

export function SelectField({
  meta,
  label,
  description,
  className,
  options,
  ...selectProps
}: FieldProps & { options: SelectOption[] } & Omit<React.ComponentProps<"select">, Owned | "className" | "children">) {
  return (
    <FieldShell meta={meta} description={description} className={className}>
      <Label htmlFor={meta.id}>{label}</Label>
      <NativeSelect {...getSelectProps(meta, { ariaDescribedBy: describedBy(meta, description) })} {...selectProps} key={meta.key}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FieldShell>
  );
}

/** The box before its label, on one line. */
export function CheckboxField({ meta, label, description, className }: FieldProps) {
  return (
    <FieldShell meta={meta} description={description} className={className}>
      <div className="flex items-center gap-2">
        <input
          {...getInputProps(meta, { type: "checkbox", ariaDescribedBy: describedBy(meta, description) })}
          key={meta.key}
          className="size-4 rounded border-input accent-primary focus-visible:ring-2 focus-visible:ring-ring"
        />
        <Label htmlFor={meta.id}>{label}</Label>
      </div>
    </FieldShell>
  );
}
