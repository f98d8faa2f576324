import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { cspNonceContext } from "../server/request-context";
import { NonceProvider } from "./lib/nonce";
import { lowPriorityScriptPreloads } from "./lib/script-priority.server";
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
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
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
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const html = lowPriorityScriptPreloads();
          html.pipe(body);
          pipe(html);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
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
