import { redirect, type RouterContextProvider } from "react-router";
import { createCookie } from "./cookies.server";
import { type ConnectOrigin, DASHBOARD_PERIOD_COOKIE, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod, isConnectError, isDashboardPeriod } from "#domain/search-console";
import { ApiRequestError, getApiClient, read } from "./api.server";
import { getConfig } from "./config.server";
import { redirectWithToast, type ToastInput } from "./toast.server";
import { getFixedT } from "~/middleware/i18next.server";

/**
 * The web app's side of Search Console (issue 13): the dashboard period's cookie, the toasts of a
 * connection's return, and the posts every screen that connects shares (dashboard, settings,
 * onboarding).
 */

/** Readable by the page (not HttpOnly), which re-reads it when the window regains focus. */
const periodCookie = () => createCookie(DASHBOARD_PERIOD_COOKIE, { path: "/", sameSite: "lax", maxAge: 31_536_000, secure: getConfig().HTTPS });

/** Seed §4: the URL's period, then the cookie's, then 30 days; a period from the URL is remembered. */
export async function dashboardPeriod(request: Request, url: URL): Promise<{ period: DashboardPeriod; setCookie: string | null }> {
  const asked = url.searchParams.get("period");
  if (isDashboardPeriod(asked)) return { period: asked, setCookie: await periodCookie().serialize(asked) };
  const kept = await periodCookie().parse(request.headers.get("cookie"));
  return { period: isDashboardPeriod(kept) ? kept : DEFAULT_DASHBOARD_PERIOD, setCookie: null };
}

/**
 * Seed §4 step 2: a return carries connected, error, needs_selection (and step). The page is shown
 * again without them, with the toast that says what happened. Null when there is nothing to handle.
 */
export async function handleConnectionReturn(context: Readonly<RouterContextProvider>, page: URL) {
  const url = new URL(page);
  const connected = url.searchParams.get("connected");
  const error = url.searchParams.get("error");
  if (connected === null && error === null && !url.searchParams.has("needs_selection")) return null;
  const t = await getFixedT(context);
  for (const name of ["connected", "error", "needs_selection", "step"]) url.searchParams.delete(name);
  const clean = `${url.pathname}${url.search}`;
  if (error !== null) {
    const code = isConnectError(error) ? error : "callback_failed";
    return redirectWithToast(clean, { type: "error", title: t("searchConsole:toast.errorTitle"), description: t(`searchConsole:errors.${code}`) });
  }
  if (connected === "true") return redirectWithToast(clean, { type: "success", title: t("searchConsole:toast.connected") });
  return redirect(clean);
}

type Back = { to: string };

async function failWith(context: Readonly<RouterContextProvider>, back: Back, key: string, error: unknown) {
  if (!(error instanceof ApiRequestError)) throw error;
  const t = await getFixedT(context);
  const toast: ToastInput = { type: "error", title: t(`searchConsole:errors.${key}`), description: error.code === "needs_reconnect" ? t("searchConsole:reconnect.description") : undefined };
  return redirectWithToast(back.to, toast);
}

/** Seed §4 step 1: the server names where to go (Google's consent screen, or straight back with the demo). */
export async function connect(context: Readonly<RouterContextProvider>, request: Request, origin: ConnectOrigin, back: Back) {
  try {
    const { data } = await read(getApiClient(context).searchConsoleOAuth.connect.$post({ json: { origin, app_origin: new URL(request.url).origin } }));
    return redirect(data.data.auth_url);
  } catch (error) {
    return failWith(context, back, "connectFailed", error);
  }
}

export async function selectSite(context: Readonly<RouterContextProvider>, siteUrl: string, back: Back) {
  const t = await getFixedT(context);
  if (!siteUrl) return redirectWithToast(back.to, { type: "error", title: t("searchConsole:errors.selectFailed"), description: t("searchConsole:sites.chooseOne") });
  try {
    await read(getApiClient(context).searchConsoleOAuth.sites.select.$post({ json: { site_url: siteUrl } }));
    return redirectWithToast(back.to, { type: "success", title: t("searchConsole:toast.selected") });
  } catch (error) {
    return failWith(context, back, "selectFailed", error);
  }
}

export async function disconnect(context: Readonly<RouterContextProvider>, back: Back) {
  try {
    await read(getApiClient(context).searchConsoleOAuth.disconnect.$post());
    const t = await getFixedT(context);
    return redirectWithToast(back.to, { type: "success", title: t("searchConsole:toast.disconnected") });
  } catch (error) {
    return failWith(context, back, "disconnectFailed", error);
  }
}

export async function refresh(context: Readonly<RouterContextProvider>, back: Back) {
  try {
    await read(getApiClient(context).searchConsole.refresh.$post());
    return redirect(back.to);
  } catch (error) {
    return failWith(context, back, "refreshFailed", error);
  }
}
