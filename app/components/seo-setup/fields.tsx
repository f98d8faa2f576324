import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { MESSAGE_VALUES } from "~/lib/seo-setup-schemas";
import { cn } from "~/lib/utils";

/*
 * The shared Field (app/components/field.tsx) for the controls it does not cover (select, textarea,
 * checkbox), with the same label / hint / error wiring. Errors are i18n keys that may quote the
 * limits (MESSAGE_VALUES), or messages the server already translated.
 */

type Meta = FieldMetadata<string | boolean | null | undefined>;

const controlClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-500";

export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  return (
    <ul id={id} className="min-h-5 text-sm text-red-600" aria-live="polite">
      {errors?.map((error) => (
        <li key={error}>{t(error, { ...MESSAGE_VALUES, defaultValue: error })}</li>
      ))}
    </ul>
  );
}

function Hint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={id} className="text-xs text-slate-500">
      {hint}
    </p>
  ) : null;
}

export function TextField({
  meta,
  label,
  hint,
  className,
  ...inputProps
}: { meta: Meta; label: string; hint?: string } & Omit<React.ComponentProps<"input">, "type" | "name" | "id" | "defaultValue">) {
  const hintId = `${meta.id}-hint`;
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={meta.id}>{label}</Label>
      <Input {...getInputProps(meta, { type: "text", ariaDescribedBy: hint ? hintId : undefined })} {...inputProps} key={meta.key} />
      <Hint id={hintId} hint={hint} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextareaField({
  meta,
  label,
  hint,
  className,
  ...textareaProps
}: { meta: Meta; label: string; hint?: string } & Omit<React.ComponentProps<"textarea">, "name" | "id" | "defaultValue">) {
  const hintId = `${meta.id}-hint`;
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={meta.id}>{label}</Label>
      <textarea
        {...getTextareaProps(meta, { ariaDescribedBy: hint ? hintId : undefined })}
        {...textareaProps}
        key={meta.key}
        className={cn(controlClass, "min-h-24 resize-y")}
      />
      <Hint id={hintId} hint={hint} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

export function SelectField({
  meta,
  label,
  hint,
  options,
  className,
  ...selectProps
}: { meta: Meta; label: string; hint?: string; options: SelectOption[] } & Omit<React.ComponentProps<"select">, "name" | "id" | "defaultValue">) {
  const hintId = `${meta.id}-hint`;
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <Label htmlFor={meta.id}>{label}</Label>
      <select
        {...getSelectProps(meta, { ariaDescribedBy: hint ? hintId : undefined })}
        {...selectProps}
        key={meta.key}
        className={cn(controlClass, "h-10 py-0")}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint id={hintId} hint={hint} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function CheckboxField({ meta, label, hint }: { meta: Meta; label: string; hint?: string }) {
  const hintId = `${meta.id}-hint`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center gap-2">
        <input
          {...getInputProps(meta, { type: "checkbox", ariaDescribedBy: hint ? hintId : undefined })}
          key={meta.key}
          className="size-4 rounded border-slate-300 accent-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500"
        />
        <Label htmlFor={meta.id}>{label}</Label>
      </div>
      <Hint id={hintId} hint={hint} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** The form-wide error (e.g. the API failed): one alert above the buttons. */
export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
      {errors.map((error) => t(error, { ...MESSAGE_VALUES, defaultValue: error })).join(" ")}
    </p>
  );
}
