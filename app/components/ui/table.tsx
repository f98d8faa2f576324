import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { Card } from "./card";

/*
 * The product's data tables (shadcn/ui's Table, in a card): the card scrolls sideways on a narrow
 * screen rather than squeezing the figures.
 */

/** A table is named: its scrolling region is a stop of the keyboard's tab order, which must say what it is. */
type Named = { region: string } | { "aria-label": string };

export function Table({ className, region, ...props }: ComponentProps<"table"> & Named & { region?: string }) {
  // Any table may end up wider than a phone: it scrolls in a region the keyboard can reach (and
  // scroll) too, named after the table when the caller names no region.
  const scroll = { role: "region", "aria-label": region ?? props["aria-label"], tabIndex: 0 };
  return (
    // Relative: text kept for screen readers (absolutely placed) scrolls with the table, not past the page.
    <Card className="scroll-cue relative overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" {...scroll}>
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
