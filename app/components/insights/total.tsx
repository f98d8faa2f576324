import { Card } from "~/components/ui/card";

/** One headline figure of an insight screen, inside a `<dl>`. */
export function Total({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <Card className="grid gap-1 p-3 sm:p-4">
      <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums sm:text-2xl" data-testid={testId}>
        {value}
      </dd>
    </Card>
  );
}
