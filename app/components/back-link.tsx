import { ArrowLeftIcon } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";

/** The way back to the list a detail screen was opened from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeftIcon className="size-4" aria-hidden /> {children}
    </Link>
  );
}
