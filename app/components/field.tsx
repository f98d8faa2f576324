import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

/**
 * Label, input, error list and the aria wiring in one place. Errors are i18n keys (from the
 * shared zod schema) or, for checks only the server can make, already-readable messages.
 */
export function Field({
  meta,
  label,
  type = "text",
  hint,
  ...inputProps
}: {
  meta: FieldMetadata<string | null | undefined>;
  label: string;
  type?: "text" | "email" | "url";
  hint?: string;
} & Omit<React.ComponentProps<"input">, "type" | "name" | "id" | "defaultValue">) {
  const { t } = useTranslation();
  const errorId = meta.errorId;
  const hintId = `${meta.id}-hint`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <Input
        {...getInputProps(meta, { type, ariaDescribedBy: hint ? hintId : undefined })}
        {...inputProps}
        key={meta.key}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ul id={errorId} className="min-h-5 text-sm text-red-600" aria-live="polite">
        {meta.errors?.map((error) => (
          <li key={error}>{t(error, { defaultValue: error })}</li>
        ))}
      </ul>
    </div>
  );
}
