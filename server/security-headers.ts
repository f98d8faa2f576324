import type { Context, MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Config } from "./config";

/** Where browsers send Content-Security-Policy violation reports (server/app.ts logs them). */
export const CSP_REPORT_PATH = "/csp-reports";

/** The players the academy embeds (domain/video-links.ts builds their embed addresses). */
const VIDEO_PLAYERS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

const origin = (url: string | undefined) => (url ? [new URL(url).origin] : []);

/**
 * Hono's secure headers plus a strict Content-Security-Policy: scripts run only with this
 * response's nonce (React Router's inline scripts and the module entry carry it) or when loaded by
 * one that does ('strict-dynamic'); no plugins, no <base>, no framing by others; frames only from
 * the video players and the booking widget. Styles may be inline: React and radix set style
 * attributes. Violations are reported. In development the policy only reports, so Vite's
 * injected scripts keep working.
 */
export function securityHeaders(config: Pick<Config, "NODE_ENV" | "HTTPS" | "BOOKING_URL" | "REFERRAL_SCRIPT_URL">): MiddlewareHandler {
  const policy: NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>["contentSecurityPolicy"]> = {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'strict-dynamic'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Video thumbnails and, later, site favicons come from other hosts; blob: is an upload's preview.
    imgSrc: ["'self'", "data:", "blob:", "https:"],
    fontSrc: ["'self'", "data:"],
    // A referral-tracking script reports visits to its own origin.
    connectSrc: ["'self'", ...origin(config.REFERRAL_SCRIPT_URL)],
    frameSrc: [...VIDEO_PLAYERS, ...origin(config.BOOKING_URL)],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    // report-uri, not report-to: Chromium sends report-to batches late (or never, if the page
    // closes first) and ignores report-uri once report-to is given.
    reportUri: [CSP_REPORT_PATH],
    ...(config.HTTPS ? { upgradeInsecureRequests: [] } : {}),
  };
  return secureHeaders({
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: config.HTTPS ? "max-age=31536000; includeSubDomains" : false,
    // The embedded players and the booking widget are cross-origin documents that must still load.
    crossOriginEmbedderPolicy: false,
    ...(config.NODE_ENV === "development" ? { contentSecurityPolicyReportOnly: policy } : { contentSecurityPolicy: policy }),
    // A response that set its own policy (an uploaded file's sandbox) keeps it.
    overwrite: false,
  });
}

/** The nonce `securityHeaders` put in this response's policy, for the page's inline scripts. */
export const cspNonce = (c: Context): string | undefined => c.get("secureHeadersNonce");
