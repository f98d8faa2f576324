import { useEffect } from "react";
import i18next from "i18next";
import { DEFAULT_LOCALE, isLocale } from "#domain/locales";
import { useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorScreen } from "./components/error-screen";
import { Toaster } from "./components/toaster";
import { apiMiddleware } from "./lib/api.server";
import { getConfig } from "./lib/config.server";
import { useNonce } from "./lib/nonce";
import { ensureRouteStrings, routeIdsFor, switchLocale } from "./lib/i18n-client";
import { readToast } from "./lib/toast.server";
import { getLocale, i18nextMiddleware } from "./middleware/i18next.server";
import { formBodyMiddleware } from "./middleware/form-body.server";
import { sameOriginMiddleware } from "./middleware/same-origin.server";

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, sameOriginMiddleware, formBodyMiddleware, apiMiddleware];

/** Before a client navigation renders: the translations of the routes it leads to (app/lib/i18n-client.ts). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    const locale = isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
    await ensureRouteStrings(i18next, locale, routeIdsFor(new URL(request.url).pathname));
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, clear } = await readToast(request);
  // The referral-tracking script (e.g. Rewardful) sets the referral id that checkouts carry.
  const referralScript = getConfig().REFERRAL_SCRIPT_URL ?? null;
  return data({ locale: getLocale(context), toast, referralScript }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

/** Plain text with nothing to escape, so it reaches the page as written. */
const ZOD_JITLESS = "globalThis.__zod_globalConfig={jitless:true};";

/**
 * A page whose route says `handle = { hydrate: false }` is sent without its scripts: plain forms
 * and links do all it does (the sign-in pages), and the first page a visitor sees loads no
 * JavaScript at all (issue 16). In a browser already running the app (a client-side navigation to
 * such a page) the scripts stay: they run already.
 */
function useStatic(): boolean {
  const matches = useMatches();
  if (typeof document !== "undefined") return false;
  return matches.some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const locale = rootData?.locale ?? i18n.language ?? "en";
  const nonce = useNonce();
  const isStatic = useStatic();

  useEffect(() => {
    if (i18n.language !== locale && isLocale(locale)) void switchLocale(i18n, locale);
  }, [i18n, locale]);

  useEffect(() => {
    // A marker the e2e suite waits for before JavaScript-only interactions.
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    // `data-static`: what the e2e suite waits for instead of `data-hydrated` on a page without scripts.
    <html lang={locale} dir="ltr" data-static={isStatic ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          The one render-blocking file, ahead of the page's script preloads: with a precedence React
          puts it before them in <head>, so the browser asks for it first and paints sooner (as a
          plain import, React Router's <Links> wrote it after some 40 modulepreloads).
        */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/*
          Before any module: zod must not compile parsers with `new Function` in the browser. Under
          the strict Content-Security-Policy (no 'unsafe-eval') even its probe for that is a reported
          violation, and the forms it checks here are small. zod reads this object when it loads.
        */}
        {isStatic ? null : <script nonce={nonce}>{ZOD_JITLESS}</script>}
        <Links />
        {rootData?.referralScript ? <script async src={rootData.referralScript} nonce={nonce} /> : null}
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster toast={rootData?.toast ?? null} />
        {isStatic ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    return <ErrorScreen status={error.status} />;
  }
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return <ErrorScreen status={500} />;
}
