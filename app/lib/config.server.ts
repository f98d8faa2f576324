import { getConfig } from "../../server/config";

/** Route modules read settings through here, so server-only imports stay behind `.server`. */
export { getConfig };

/** A checkout page of ours (the local provider's): a path keeps the browser on the origin it is using. */
export function appRelative(url: string) {
  const appUrl = getConfig().APP_URL;
  return url.startsWith(`${appUrl}/`) ? url.slice(appUrl.length) : url;
}
