import { createContext, useContext } from "react";

/**
 * The CSP nonce of the page being rendered on the server. Browsers hide a nonce from the DOM once
 * the page is parsed, so on the client there is none to give (and none needed: scripts React
 * Router adds after hydration are loaded by trusted ones, which 'strict-dynamic' allows).
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
