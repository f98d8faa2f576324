import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorScreen } from "./components/error-screen";
import { Toaster } from "./components/toaster";
import { apiMiddleware } from "./lib/api.server";
import { getConfig } from "./lib/config.server";
import { useNonce } from "./lib/nonce";
import { readToast } from "./lib/toast.server";
import { getLocale, i18nextMiddleware } from "./middleware/i18next.server";
import { formBodyMiddleware } from "./middleware/form-body.server";
import { sameOriginMiddleware } from "./middleware/same-origin.server";

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, sameOriginMiddleware, formBodyMiddleware, apiMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, clear } = await readToast(request);
  // The referral-tracking script (e.g. Rewardful) sets the referral id that checkouts carry.
  const referralScript = getConfig().REFERRAL_SCRIPT_URL ?? null;
  return data({ locale: getLocale(context), toast, referralScript }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

/** Plain text with nothing to escape, so it reaches the page as written. */
const ZOD_JITLESS = "globalThis.__zod_globalConfig={jitless:true};";

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const locale = rootData?.locale ?? i18n.language ?? "en";
  const nonce = useNonce();

  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [i18n, locale]);

  useEffect(() => {
    // A marker the e2e suite waits for before JavaScript-only interactions.
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/*
          Before any module: zod must not compile parsers with `new Function` in the browser. Under
          the strict Content-Security-Policy (no 'unsafe-eval') even its probe for that is a reported
          violation, and the forms it checks here are small. zod reads this object when it loads.
        */}
        <script nonce={nonce}>{ZOD_JITLESS}</script>
        <Links />
        {rootData?.referralScript ? <script async src={rootData.referralScript} nonce={nonce} /> : null}
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster toast={rootData?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
