import { cn } from "~/lib/utils";

/** "12 of 25 questions used" with a bar; amber when nearly full, red when full. */
export function UsageMeter({ used, limit, label, className }: { used: number; limit: number; label: string; className?: string }) {
  const ratio = limit > 0 ? Math.min(1, used / limit) : 1;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <p className="text-sm font-medium text-slate-800" data-testid="usage">
        {label}
      </p>
      {/* The sentence above says it; the bar only shows it. */}
      <div aria-hidden className="h-2 overflow-hidden rounded-full bg-slate-100">
        <div
          className={cn("h-full rounded-full", ratio >= 1 ? "bg-red-500" : ratio >= 0.8 ? "bg-amber-500" : "bg-indigo-600")}
          style={{ width: `${Math.round(ratio * 100)}%` }}
        />
      </div>
    </div>
  );
}
