import { createContext } from "react-router";

/** What the HTTP server (server/app.ts) hands the web app with each request, through React Router's context. */

/** The end user's IP address, set by the HTTP server for each request (rate limits need it). */
export const clientIpContext = createContext<string>("unknown");

/** This response's Content-Security-Policy nonce, set by the HTTP server; every inline script carries it. */
export const cspNonceContext = createContext<string | undefined>(undefined);
