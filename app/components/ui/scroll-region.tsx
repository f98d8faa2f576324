import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/**
 * Something wider than a phone (a table, a strip of figures) that scrolls sideways on its own rather
 * than making the page do so: a named region the keyboard can reach and scroll, with a shadow on
 * the edge that hides content. `surface` is the colour behind it, for the shadow's covers to match.
 */
export function ScrollRegion({ label, surface = "card", className, ...props }: ComponentProps<"section"> & { label: string; surface?: "card" | "background" }) {
  return (
    // A named section is a region landmark.
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1, axe's scrollable-region-focusable).
      tabIndex={0}
      className={cn(
        "scroll-cue overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        surface === "background" && "[--scroll-cue-surface:var(--color-background)]",
        className,
      )}
      {...props}
    />
  );
}
