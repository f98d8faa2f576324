import { data, type MiddlewareFunction } from "react-router";
import { getConfig } from "~/lib/config.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Form posts must come from this app. SameSite=Lax already keeps the session cookie off cross-site
 * posts; this also refuses them outright (a cross-site logout or language change, or a post from a
 * sibling subdomain, which counts as same-site). Browsers send Origin on every POST.
 */
export const sameOriginMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!SAFE_METHODS.has(request.method)) {
    const origin = request.headers.get("origin");
    const crossSite = request.headers.get("sec-fetch-site") === "cross-site";
    const allowed = origin === null || origin === new URL(getConfig().APP_URL).origin || origin === new URL(request.url).origin;
    if (crossSite || !allowed) throw data(null, { status: 403 });
  }
  return next();
};
