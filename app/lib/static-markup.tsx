import type { i18n as I18n } from "i18next";
import { createContext, createElement, type JSX, type ReactNode, useContext } from "react";
import { useTranslation } from "react-i18next";

/**
 * Writes a subtree's HTML for `key`, rendering it only when the key is new (server only:
 * app/lib/static-markup.server.tsx). Absent in the browser, where the subtree is React's as always.
 */
export type StaticMarkupWriter = (key: string, render: () => ReactNode, i18n: I18n) => string;

const StaticMarkupContext = createContext<StaticMarkupWriter | null>(null);

/** Given by `entry.server.tsx` in production; in development every subtree renders anew. */
export const StaticMarkupProvider = StaticMarkupContext.Provider;

type Props<Tag extends keyof JSX.IntrinsicElements> = JSX.IntrinsicElements[Tag] & {
  as: Tag;
  /**
   * Everything the subtree's markup depends on (the locale, the active entry, a count): two renders
   * under one key must write the same HTML. The element's own props are not part of it. Always
   * the locale: the subtree is translated by the page's i18next.
   */
  cacheKey: string;
  /** The element's children, built only when they are rendered. */
  render: () => ReactNode;
};

function ServerStaticMarkup<Tag extends keyof JSX.IntrinsicElements>(props: Props<Tag>) {
  const write = useContext(StaticMarkupContext);
  const { i18n } = useTranslation();
  const element: Record<string, unknown> = {};
  for (const name in props) if (name !== "as" && name !== "cacheKey" && name !== "render") element[name] = props[name as keyof Props<Tag>];
  if (write === null) return createElement(props.as, element, props.render());
  element.dangerouslySetInnerHTML = { __html: write(props.cacheKey, props.render, i18n) };
  return createElement(props.as, element);
}

/** In the browser: the element and its children, nothing kept (and nothing of the above in the bundle). */
function BrowserStaticMarkup<Tag extends keyof JSX.IntrinsicElements>({ as, cacheKey: _, render, ...element }: Props<Tag>) {
  return createElement(as, element, render());
}

/**
 * An element whose children are the same markup for many requests (the sidebar's entries, the
 * footer's languages): on the server they are written from HTML kept per `cacheKey` instead of
 * React rendering the same few dozen elements again on every page (issue 16, docs/operations.md).
 * In the browser the children are rendered as usual, and hydration finds the markup React would
 * have written, since the kept HTML is React's own, rendered once.
 *
 * The subtree must be one React writes without hydration ids (`useId`) or anything hoisted into
 * `<head>`, and must not read what the key leaves out. Of the page's contexts it has only the
 * translations (`useTranslation`); its links must be from the root (it is rendered at `/`).
 * `static-markup.server.test.ts` holds the app's uses to React's markup.
 */
export const StaticMarkup = import.meta.env.SSR ? ServerStaticMarkup : BrowserStaticMarkup;
