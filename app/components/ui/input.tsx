import type * as React from "react";
import { cn } from "~/lib/utils";

/** What every text control shares (input, textarea, native select): border, focus ring, invalid state. */
export const controlClassName =
  "w-full rounded-md border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input data-slot="input" className={cn("flex h-10", controlClassName, className)} {...props} />;
}
