import type { TFunction } from "i18next";
import { type ApiClient, ApiRequestError, dataOf, read } from "./api.server";
import type { Cart } from "./api-types";

/*
 * What the marketplace's loaders and actions share with the shell (the sidebar's cart count): the
 * cart, read once per request however many loaders ask, and the API's refusals in the user's words.
 */

/** GET /cart/items, always asked the same way so the shell, the layout and the page share one call. */
export function readCart(api: ApiClient): Promise<Cart> {
  return read(api.cart.items.$get({ query: {} })).then(dataOf);
}

/** The number of lines for the sidebar and the tabs; a cart that cannot be read counts as unknown, not as a failed page. */
export async function cartCount(api: ApiClient): Promise<number | null> {
  try {
    return (await readCart(api)).total_items;
  } catch (error) {
    if (error instanceof Response) throw error;
    return null;
  }
}

/**
 * A refusal of the marketplace API in the user's language: the code's own text when there is one
 * (`backlinks:errors.<code>`, with the domain it names), else what the API said.
 */
export function backlinksErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t("backlinks:errors.unknown");
  const domain = typeof error.body?.domain === "string" ? error.body.domain : "";
  if (error.code && !(domain === "" && DOMAIN_CODES.has(error.code))) {
    return t(`backlinks:errors.${error.code}`, { domain, defaultValue: error.message });
  }
  return error.message || t("backlinks:errors.unknown");
}

/** The codes whose text names the domain: without it, the API's own message says it better. */
const DOMAIN_CODES = new Set(["already_in_cart", "site_retired", "link_type_unavailable", "link_unavailable", "price_changed", "cart_not_configured"]);

/** A client's mistake (a 4xx other than the session's): shown to the user, where a 5xx is an error page. */
export function refusal(error: unknown): ApiRequestError {
  if (!(error instanceof ApiRequestError) || error.status === 401 || (error.status >= 500 && error.code !== "timeout" && error.code !== "network")) throw error;
  return error;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
