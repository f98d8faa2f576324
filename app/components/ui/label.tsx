import type * as React from "react";
import { cn } from "~/lib/utils";

/** A plain label (Radix's brought its Primitive and Slot to every form page for one behaviour, kept here). */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn("text-sm font-medium text-foreground", className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // As Radix's: a double click on the label does not select its text.
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
