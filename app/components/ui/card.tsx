import { Slot } from "./slot";
import type * as React from "react";
import { cn } from "~/lib/utils";

/*
 * shadcn/ui's Card without its padding and flex column: the product's cards hold flush tables,
 * forms and figures, so the layout and the padding are the caller's.
 */
export function Card({ className, asChild = false, ...props }: React.ComponentProps<"div"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : "div";
  return <Comp data-slot="card" className={cn("rounded-lg border bg-card text-card-foreground", className)} {...props} />;
}

export function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-header" className={cn("grid gap-1", className)} {...props} />;
}

/** A heading, not upstream's div: each card is a section of its page (h2 unless `asChild` says otherwise). */
export function CardTitle({ className, asChild = false, ...props }: React.ComponentProps<"h2"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : "h2";
  return <Comp data-slot="card-title" className={cn("text-lg font-semibold", className)} {...props} />;
}

export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
