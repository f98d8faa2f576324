import { forwardRef } from "react";
// biome-ignore lint/style/noRestrictedImports: the one place React Router's Link is wrapped
import { createPath, type LinkProps, Link as RouterLink, resolvePath } from "react-router";

/** `/` and not a second slash or backslash: React Router takes `//host` and `/\\host` for URLs. */
const FROM_THE_ROOT = /^\/(?![\\/])/;

/**
 * React Router's `Link`, written on the server without its hooks.
 *
 * On the server a `Link` is an `<a href>`: its click handler, its prefetching and its navigation
 * are the browser's business. Yet React Router's `Link` runs a dozen hooks to write it (the
 * navigation context, the location, the prefetch state, the click handler), resolving its path
 * twice against the route matches: a page has 20–40 links, 5 % of `/seo-llms`' CPU. For a path
 * from the root (`/seo-llms?period=7`) what it writes depends on nothing but that path, so this
 * writes the same element, attribute for attribute, straight away; `link.test.ts` holds the two to
 * the same markup. Anything else (a relative path, an object, a prefetch written into the page, a
 * mask, a URL) is left to React Router's own `Link`. In the browser it *is* React Router's `Link`:
 * hydration finds the markup it would have written.
 */
export const ServerLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const {
    to,
    discover = "render",
    prefetch = "none",
    mask,
    // What React Router reads for the navigation and never writes into the element.
    onClick: _onClick,
    relative: _relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    target,
    ...rest
  } = props;
  if (typeof to !== "string" || !FROM_THE_ROOT.test(to) || prefetch === "render" || mask !== undefined) {
    return <RouterLink ref={ref} {...props} />;
  }
  return <a {...rest} href={hrefOf(to)} target={target} data-discover={discover === "render" ? "true" : undefined} />;
});

/**
 * The href React Router's server writes for a path from the root (`resolveTo`, then the static
 * navigator's `createHref`): dot segments and doubled slashes resolved, an empty `?` or `#`
 * dropped, a trailing slash kept.
 */
const hrefOf = (to: string) => createPath(resolvePath(to));

/** The app's `Link`: the one above on the server, React Router's in the browser (where the server's is left out of the bundle). */
export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
