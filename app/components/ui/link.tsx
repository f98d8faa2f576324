import { forwardRef } from "react";
// biome-ignore lint/style/noRestrictedImports: the one place React Router's Link and NavLink are wrapped
import { createPath, type LinkProps, type NavLinkProps, parsePath, Link as RouterLink, NavLink as RouterNavLink, resolvePath, useLocation } from "react-router";

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
  const { to, discover = "render", prefetch = "none", mask, target } = props;
  // Read whether or not it is needed: a hook is called on every render or none.
  const { pathname } = useLocation();
  const plain = typeof to === "string" && prefetch !== "render" && mask === undefined;
  let href: string;
  if (plain && FROM_THE_ROOT.test(to)) href = resolved(to).href;
  // Only a query (the period links, a table's pages): the page's own path with it, as written.
  else if (plain && to.startsWith("?")) href = createPath({ pathname, ...parsePath(to) });
  else return <RouterLink ref={ref} {...props} />;
  const anchor = without(props, ROUTER_ONLY);
  anchor.href = href;
  anchor.target = target;
  anchor["data-discover"] = discover === "render" ? "true" : undefined;
  return <a {...anchor} />;
});

/** What React Router's `Link` reads for the navigation and never writes into the element (`target` it writes after `href`). */
const ROUTER_ONLY: ReadonlySet<string> = new Set([
  ...["to", "discover", "prefetch", "mask", "onClick", "relative", "reloadDocument", "replace", "state"],
  ...["preventScrollReset", "viewTransition", "defaultShouldRevalidate", "target"],
]);

/**
 * A copy of `props` without the names in `left`, made by a loop. On Node 20 a rest pattern followed
 * by `{ ...rest, href }` (what `<a {...rest} href={…}>` compiles to) costs 2–6 µs an element: its
 * V8 gives an object literal that starts with a spread and adds properties after it a new hidden
 * class each time, where this loop costs a tenth of a microsecond (issue 16, docs/operations.md).
 */
function without(props: object, left: ReadonlySet<string>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const name in props) if (!left.has(name)) copy[name] = (props as Record<string, unknown>)[name];
  return copy;
}

/**
 * The href React Router's server writes for a path from the root (`resolveTo`, then the static
 * navigator's `createHref`): dot segments and doubled slashes resolved, an empty `?` or `#`
 * dropped, a trailing slash kept; and its pathname as a URL writes it, percent-encoded.
 */
function resolved(to: string): Resolved {
  // The same few dozen paths on every page: resolved once each (1–2 µs), the variety bounded.
  let path = paths.get(to);
  if (path === undefined) {
    const href = createPath(resolvePath(to));
    // What React Router's server navigator compares a NavLink's path as: the pathname a URL writes.
    path = { href, pathname: new URL(href.replace(/ $/, "%20"), "http://localhost").pathname };
    if (paths.size >= 1000) paths.clear();
    paths.set(to, path);
  }
  return path;
}
type Resolved = { href: string; pathname: string };
const paths = new Map<string, Resolved>();

/**
 * React Router's `NavLink`, written on the server without its hooks: the link to a path from the
 * root, marked active (`aria-current`, the class or style its props compute) when the page's path
 * is that path or below it. On the server nothing is ever pending or in a view transition, and
 * React Router's server navigator compares the paths as a URL writes them (percent-encoded), as
 * this does. Anything else goes to React Router's `NavLink`; in the browser it is React Router's.
 */
export const ServerNavLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, NavLinkProps>(function ServerNavLink(props, ref) {
  const location = useLocation();
  const { "aria-current": ariaCurrentProp = "page", caseSensitive = false, className: classNameProp = "", end = false, style: styleProp, to, children } = props;
  if (typeof to !== "string" || !FROM_THE_ROOT.test(to) || props.mask !== undefined) {
    return <RouterNavLink ref={ref} {...props} />;
  }
  const isActive = isNavLinkActive(resolved(to).pathname, location.pathname, { end, caseSensitive });
  const state = { isActive, isPending: false, isTransitioning: false };
  const className = typeof classNameProp === "function" ? classNameProp(state) : [classNameProp, isActive ? "active" : null].filter(Boolean).join(" ");
  // In the order `<ServerLink {...rest} to=… aria-current=… className=… style=…>` would give them.
  const link = without(props, NAV_LINK_ONLY);
  link.to = to;
  link["aria-current"] = isActive ? ariaCurrentProp : undefined;
  link.className = className;
  link.style = typeof styleProp === "function" ? styleProp(state) : styleProp;
  link.children = typeof children === "function" ? children(state) : children;
  return <ServerLink ref={ref} {...(link as unknown as LinkProps)} />;
});

/**
 * Whether React Router's `NavLink` to `to` is active at `pathname`: that path or, unless `end`,
 * below it; case-insensitive unless `caseSensitive`. `to` is a pathname as a URL writes it (a
 * plain path from the root is one as it is: `/seo-llms/analyses`). For links whose active state
 * is computed once by their list (the tabs).
 */
export function isNavLinkActive(to: string, pathname: string, { end = false, caseSensitive = false } = {}) {
  let toPathname = to;
  let locationPathname = pathname;
  if (!caseSensitive) {
    toPathname = toPathname.toLowerCase();
    locationPathname = locationPathname.toLowerCase();
  }
  const endSlashPosition = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  return locationPathname === toPathname || (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === "/");
}

/** What `NavLink` reads to mark itself, or writes again once marked. */
const NAV_LINK_ONLY: ReadonlySet<string> = new Set(["aria-current", "caseSensitive", "className", "end", "style", "to", "children"]);

/** The app's `Link`: the one above on the server, React Router's in the browser (where the server's is left out of the bundle). */
export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
/** The app's `NavLink`, likewise. */
export const NavLink = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
