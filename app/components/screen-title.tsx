import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A screen's title and what the screen is for, with its actions to the right (below, on a narrow
 * screen). `level` 2 is a tab's title inside a section whose layout holds the h1.
 */
export function ScreenTitle({ title, description, level = 1, children }: { title: ReactNode; description?: ReactNode; level?: 1 | 2; children?: ReactNode }) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className={cn("flex flex-wrap justify-between gap-4", level === 1 ? "items-start" : "items-end")}>
      <div className="grid min-w-0 gap-1">
        <Heading className={level === 1 ? "text-2xl font-semibold tracking-tight" : "text-lg font-semibold"}>{title}</Heading>
        {description ? <p className={cn("text-muted-foreground", level === 2 && "text-sm")}>{description}</p> : null}
      </div>
      {children}
    </div>
  );
}
