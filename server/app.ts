import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { clientIpContext } from "../app/lib/context";
import { getApi } from "./api";
import type { ApiEnv } from "./api/env";
import { clientIp } from "./api/middleware";
import { getConfig } from "./config";
import { LOCAL_UPLOADS_PATH } from "./integrations/storage";
import { serveUpload } from "./integrations/storage/serve";

export { getConfig };
export { start, stop } from "./runtime";

const handleDocument = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env?.MODE ?? process.env.NODE_ENV,
);

/** The whole HTTP surface of a web process: the JSON API, then every page of the React Router app. */
export const app = new Hono<ApiEnv>();
// Hono's defaults (nosniff, no framing by others, no referrer leaks), plus HSTS only over https.
app.use(
  "*",
  secureHeaders({
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: getConfig().APP_URL.startsWith("https://") ? "max-age=31536000; includeSubDomains" : false,
  }),
);
// The API owns its whole prefix, so an unknown /api/v1 path gets its JSON 404, not the app's page.
app.all("/api/v1/*", (c) => getApi().fetch(c.req.raw, c.env));
app.all("/api/v1", (c) => getApi().fetch(c.req.raw, c.env));
// Uploaded files of the local storage (academy thumbnails); with S3 they are linked on the bucket instead.
app.get(`${LOCAL_UPLOADS_PATH}/*`, serveUpload);
app.all("*", (c) => {
  const context = new RouterContextProvider();
  context.set(clientIpContext, clientIp(c));
  return handleDocument(c.req.raw, context);
});
