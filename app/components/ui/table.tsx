import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { Card } from "./card";

/*
 * The product's data tables (shadcn/ui's Table, in a card): the card scrolls sideways on a narrow
 * screen rather than squeezing the figures.
 */

export function Table({ className, region, ...props }: ComponentProps<"table"> & { region?: string }) {
  // A table wider than the screen scrolls in a region the keyboard can reach (and scroll) too.
  const scroll = region ? { role: "region", "aria-label": region, tabIndex: 0 } : {};
  return (
    // Relative: text kept for screen readers (absolutely placed) scrolls with the table, not past the page.
    <Card className={cn("relative overflow-x-auto", region && "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring")} {...scroll}>
      <table className={cn("w-full text-sm", className)} {...props} />
    </Card>
  );
}

/** The header row; its cells are `TableHead`s. */
export function TableHeader({ children, ...props }: ComponentProps<"tr">) {
  return (
    <thead className="bg-background text-left text-xs uppercase tracking-wide text-slate-500">
      <tr {...props}>{children}</tr>
    </thead>
  );
}

/** A column's heading; a `numeric` column (figures) aligns right, as its cells do. */
export function TableHead({ numeric = false, className, ...props }: ComponentProps<"th"> & { numeric?: boolean }) {
  return <th scope="col" className={cn("px-4 py-2 font-medium", numeric && "text-right", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...props} />;
}
