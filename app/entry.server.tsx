// React's string-writing build of its Node renderer: the document is wanted as a string (decision 032).
import { renderToPipeableStream } from "react-dom/server.bun";
import { I18nextProvider } from "react-i18next";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { withBody } from "../server/http/known-body";
import { cspNonceContext } from "../server/request-context";
import { htmlSink } from "./lib/html-sink.server";
import { NonceProvider } from "./lib/nonce";
import { scriptsAfterPaint } from "./lib/scripts-after-paint.server";
import { StaticMarkupProvider } from "./lib/static-markup";
import { staticMarkup } from "./lib/static-markup.server";
import { getI18n } from "./middleware/i18next.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const i18n = await getI18n(loadContext);
  // Set by the HTTP server with the Content-Security-Policy it sends (server/security-headers.ts).
  const nonce = loadContext.get(cspNonceContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        {/* In development a changed component or translation must show: nothing is kept. */}
        <StaticMarkupProvider value={import.meta.env.DEV ? null : staticMarkup}>
          <I18nextProvider i18n={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </StaticMarkupProvider>
      </NonceProvider>,
      {
        nonce,
        // The whole document at once, for everyone, every Suspense boundary in its place: the app
        // streams no data, and a part of a page whose code comes after hydration (app/lib/
        // deferred.tsx) is such a boundary. A boundary still suspended when the shell goes out
        // (onShellReady), or a large one once React's progressive chunk size (12.8 kB of boundaries
        // written in place) is passed, is sent apart, behind a script that moves it in, which a
        // browser without JavaScript never runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          // The document is complete here, so it is read whole and rewritten as a string.
          pipe(
            htmlSink((html) => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // In development Vite's own modules (React Refresh first) must start in their order.
              // Made from its bytes, not the string: React Router looks into the answer (isResponse),
              // which has the string checked for lone surrogates, 0.1 ms on a page with any non-Latin
              // character (a flag in the language menu). Remembered, the bytes go to the compression
              // as they are (server/http/compress.ts).
              const page = Buffer.from(import.meta.env.DEV ? html : scriptsAfterPaint(html));
              resolve(withBody(new Response(page, { headers: responseHeaders, status: responseStatusCode }), page));
            }, reject),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
