import { cn } from "~/lib/utils";

const SIZES = { sm: "size-7", md: "size-9", lg: "size-12" } as const;

/** The mark and the word; the word hides when `compact` (collapsed sidebar). */
export function Logo({ size = "md", compact = false, className }: { size?: keyof typeof SIZES; compact?: boolean; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold text-slate-900", className)}>
      <svg viewBox="0 0 32 32" className={SIZES[size]} aria-hidden>
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M6 20c4-8 16-8 20 0" className="stroke-white" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        <circle cx="16" cy="19" r="3.5" className="fill-white" />
      </svg>
      {compact ? <span className="sr-only">Sightline</span> : <span className={size === "lg" ? "text-2xl" : "text-lg"}>Sightline</span>}
    </span>
  );
}
