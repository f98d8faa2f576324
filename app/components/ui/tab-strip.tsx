import type { ComponentProps, ReactNode } from "react";
import { StaticMarkup } from "~/lib/static-markup";
import { cn } from "~/lib/utils";

const STRIP = "scroll-row scroll-cue gap-x-1 shadow-[inset_0_-1px_0_var(--color-slate-200)] [--scroll-cue-surface:var(--color-background)]";

/*
 * A screen's tabs (the analysis area, settings, the marketplace): one row that scrolls sideways on a
 * phone, with a shadow on the edge that hides tabs, rather than wrapping onto rows that push the
 * content below the fold. The line under the row is a shadow, not a border, so the active tab's
 * underline covers it without spilling out of the scrolling box.
 */
export function TabStrip({ className, ...props }: ComponentProps<"nav">) {
  return (
    <nav
      className={cn(STRIP, className)}
      {...props}
    />
  );
}

/**
 * The same strip, its tabs written from markup kept per `cacheKey` on the server (app/lib/
 * static-markup.tsx): for a strip on every page of an area, whose tabs change only with the locale
 * and the active tab. The tabs are plain links marked by `render` itself (`isNavLinkActive`).
 */
export function StaticTabStrip({ className, ...props }: ComponentProps<"nav"> & { cacheKey: string; render: () => ReactNode }) {
  return <StaticMarkup as="nav" className={cn(STRIP, className)} {...props} />;
}

/** A tab's classes: for a NavLink's `className={({ isActive }) => tabClass(isActive)}` or a Link. */
export function tabClass(active: boolean, className?: string) {
  return cn(
    "inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium sm:px-4",
    active ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900",
    className,
  );
}
