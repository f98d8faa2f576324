import { CircleAlertIcon, CircleCheckIcon, CircleXIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { type AuditCheck, type CheckStatus, checksBySeverity, detailValues, resultKey, SEVERITY_TONE } from "~/lib/site-audit";
import { cn } from "~/lib/utils";

const ICONS = { fail: CircleXIcon, warn: CircleAlertIcon, pass: CircleCheckIcon } as const;
const ICON_TONE = { fail: "text-destructive", warn: "text-warning", pass: "text-success" } as const;

/** The checks by severity: what to fix, what to improve, what passed; each says why and how. */
export function CheckGroups({ checks }: { checks: AuditCheck[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      {checksBySeverity(checks).map(({ severity, checks: group }) => (
        <section key={severity} aria-labelledby={`checks-${severity}`} className="grid gap-3" data-testid={`checks-${severity}`}>
          <h3 id={`checks-${severity}`} className="flex items-center gap-2 font-medium">
            {t(`audit:severity.${severity}`)}
            <Badge variant={SEVERITY_TONE[severity]}>{group.length}</Badge>
          </h3>
          {/* What passed needs no reading: two columns on a wide screen. */}
          <ul className={cn("grid gap-2", severity === "pass" && "lg:grid-cols-2")}>
            {group.map((check) => (
              <CheckItem key={check.id} check={check} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function CheckItem({ check }: { check: AuditCheck }) {
  const { t, i18n } = useTranslation();
  const Icon = ICONS[check.status];
  const prefix = `audit:checks.${check.id}`;
  return (
    <Card asChild className="grid gap-2 p-4">
      <li data-testid="check" data-check={check.id} data-status={check.status}>
        <div className="flex items-start gap-2">
          <Icon className={cn("mt-0.5 size-4 shrink-0", ICON_TONE[check.status])} aria-hidden />
          <div className="grid gap-1">
            <h4 className="font-medium">{t(`${prefix}.title`)}</h4>
            <p className="text-sm">{t(`${prefix}.result.${resultKey(check)}`, detailValues(check.detail, i18n.language))}</p>
          </div>
        </div>
        <Explanation check={check.id} status={check.status} />
      </li>
    </Card>
  );
}

/** Why it matters and how to fix it; for a pass, why it matters, folded away. */
function Explanation({ check, status }: { check: AuditCheck["id"]; status: CheckStatus }) {
  const { t } = useTranslation();
  const prefix = `audit:checks.${check}`;
  if (status === "pass") {
    return (
      <details className="pl-6 text-sm text-muted-foreground">
        <summary className="cursor-pointer hover:text-foreground">{t("audit:check.why")}</summary>
        <p className="pt-1">{t(`${prefix}.why`)}</p>
      </details>
    );
  }
  return (
    <dl className="grid gap-2 pl-6 text-sm text-muted-foreground">
      {(["why", "fix"] as const).map((part) => (
        <div key={part}>
          <dt className="font-medium text-foreground">{t(`audit:check.${part}`)}</dt>
          <dd>{t(`${prefix}.${part}`)}</dd>
        </div>
      ))}
    </dl>
  );
}
