import { useFetchers } from "react-router";
// Not #domain/backlinks nor ~/lib/backlinks' values: the sidebar reads this on every page (issue 16).
import { CURRENCIES, type Currency, LINK_TYPES, type LinkType } from "#domain/backlinks-kinds";
import type { PendingAdd, PendingCart } from "~/lib/backlinks";

export const NOTHING_PENDING: PendingCart = { adding: [], removing: [], clearing: false };

/*
 * The cart changes under way, wherever they were made (a site's page adds, the cart removes and
 * clears): read from the fetchers posting them, so every view of the cart (the page, the tab, the
 * sidebar's count) shows the cart as it will be, and falls back to the server's once they are done.
 */

export const CART_INTENTS = { add: "add-to-cart", remove: "remove-item", clear: "clear-cart" } as const;

function pendingAdd(form: FormData): PendingAdd | null {
  const type = form.get("permanent_link_type");
  const currency = form.get("currency");
  const price = Number(form.get("price"));
  const pageId = form.get("page_id");
  const domain = form.get("domain_id");
  if (!LINK_TYPES.includes(type as LinkType) || !CURRENCIES.includes(currency as Currency) || !Number.isFinite(price)) return null;
  if (typeof pageId !== "string" || typeof domain !== "string") return null;
  return { page_id: pageId, domain, permanent_link_type: type as LinkType, price, currency: currency as Currency };
}

export function usePendingCart(): PendingCart {
  const fetchers = useFetchers();
  const adding: PendingAdd[] = [];
  const removing: string[] = [];
  let clearing = false;
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (!form) continue;
    const intent = form.get("intent");
    if (intent === CART_INTENTS.add) {
      const add = pendingAdd(form);
      if (add) adding.push(add);
    } else if (intent === CART_INTENTS.remove) {
      const id = form.get("id");
      if (typeof id === "string") removing.push(id);
    } else if (intent === CART_INTENTS.clear) clearing = true;
  }
  return adding.length || removing.length || clearing ? { adding, removing, clearing } : NOTHING_PENDING;
}

/** The number of lines the cart will have: the server's count with the changes under way. */
export function useCartCount(count: number | null): number | null {
  const pending = usePendingCart();
  if (count === null) return null;
  if (pending.clearing) return 0;
  return Math.max(0, count + pending.adding.length - pending.removing.length);
}
