// React's legacy string renderer: a module apart from the one writing the page (decisions 032, 033).
import { renderToString } from "react-dom/server.bun";
import { I18nextProvider } from "react-i18next";
import { NavigationType, UNSAFE_LocationContext as LocationContext } from "react-router";
import type { StaticMarkupWriter } from "./static-markup";

/** Far more than the keys in use (locales × active entries × a few states); a bound all the same. */
const MAX_KEPT = 2_000;

/**
 * The location a kept subtree is rendered at. Its markup must not depend on the page's (the key
 * would not tell two pages apart), yet the app's links read it (a `?query` link is resolved against
 * it): they find the root, so a link that would need the page's path is written wrong, and
 * `static-markup.server.test.ts` fails, rather than kept for the wrong pages.
 */
const NOWHERE = { location: { pathname: "/", search: "", hash: "", state: null, key: "default" }, navigationType: NavigationType.Pop };

const kept = new Map<string, string>();

/**
 * The HTML of `render()` as React writes it for hydration, kept per key for the process's life.
 *
 * `renderToString` is React's legacy server build, which React runs as a secondary renderer: its
 * context values are kept in a field of their own, apart from those of the renderer writing the
 * page. So rendered inside the page's render it leaves that render as it was, and sees none of the
 * page's contexts but the two given here: the page's i18next (hence the locale in every key), and a
 * location of its own. Everything else the subtree shows comes in through `render`'s closure, and
 * the key must name all of it. Keys are few and the markup small (under 10 kB each); past the bound the
 * oldest key goes first.
 */
export const staticMarkup: StaticMarkupWriter = (key, render, i18n) => {
  let html = kept.get(key);
  if (html === undefined) {
    html = renderToString(
      <LocationContext value={NOWHERE}>
        <I18nextProvider i18n={i18n}>{render()}</I18nextProvider>
      </LocationContext>,
    );
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, html);
  }
  return html;
};

/** For tests: forget every kept subtree. */
export function forgetStaticMarkup() {
  kept.clear();
}
