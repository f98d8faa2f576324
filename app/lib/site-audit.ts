import type { SiteAuditReport } from "./api-types";
import { numberFormat } from "#domain/intl";

/*
 * Wording a website analysis's checks: each check's `detail` holds values, never sentences (the
 * API's SiteAuditCheck), so the report and its CSV pick the sentence for the check's id, status and
 * case here, and fill the values in, formatted for the reader's language.
 */

export type AuditCheck = SiteAuditReport["checks"][number];
export type CheckStatus = AuditCheck["status"];

/** Seed order of the report: what to fix first. */
export const SEVERITIES: readonly CheckStatus[] = ["fail", "warn", "pass"];

export const SEVERITY_TONE = { fail: "destructive", warn: "warning", pass: "success" } as const;

/** The checks of one severity, in the engine's order. */
export function checksBySeverity(checks: readonly AuditCheck[]): Array<{ severity: CheckStatus; checks: AuditCheck[] }> {
  return SEVERITIES.map((severity) => ({ severity, checks: checks.filter((check) => check.status === severity) })).filter((group) => group.checks.length > 0);
}

/**
 * The key of the sentence under `audit:checks.<id>.result`: the status, or the status and the case
 * when one status has two (no sitemap at all, or one robots.txt does not name).
 */
export function resultKey(check: AuditCheck): string {
  const { detail, status } = check;
  switch (check.id) {
    case "https_reachable":
      return status === "fail" ? (detail.https ? "fail_status" : "fail_http") : status;
    case "description_length":
      return status === "warn" && detail.length === 0 ? "warn_missing" : status;
    case "structured_data":
      return status === "warn" ? (detail.blocks === 0 ? "warn_none" : "warn_unnamed") : status;
    case "sitemap":
      return status === "warn" ? (detail.found ? "warn_unlisted" : "warn_missing") : status;
    case "canonical":
      return status === "warn" ? (detail.canonical ? "warn_elsewhere" : "warn_missing") : status;
    case "lang":
      return status === "warn" ? (detail.lang ? "warn_invalid" : "warn_missing") : status;
    case "llms_txt":
      return status === "warn" ? (detail.present ? "warn_invalid" : "warn_missing") : status;
    default:
      return status;
  }
}

/** The detail's values as the sentences quote them: lists joined, numbers and sizes in the reader's format. */
export function detailValues(detail: AuditCheck["detail"], locale: string): Record<string, string> {
  const number = numberFormat(locale);
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(detail)) {
    if (Array.isArray(value)) values[key] = value.length ? value.join(", ") : "—";
    else if (typeof value === "number") values[key] = /bytes$/.test(key) ? formatBytes(value, locale) : number.format(value);
    else values[key] = value === null ? "—" : String(value);
  }
  return values;
}

export function formatBytes(bytes: number, locale: string): string {
  const unit = bytes >= 1024 * 1024 ? "megabyte" : "kilobyte";
  const amount = bytes / (unit === "megabyte" ? 1024 * 1024 : 1024);
  return numberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: amount < 10 ? 1 : 0 }).format(amount);
}

/** The score's tone: 80 and over is good, under 50 needs work. */
export function scoreTone(score: number): "success" | "warning" | "destructive" {
  return score >= 80 ? "success" : score >= 50 ? "warning" : "destructive";
}
