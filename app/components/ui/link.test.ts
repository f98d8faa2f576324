import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
// biome-ignore lint/style/noRestrictedImports: the wrappers are held to React Router's Link and NavLink
import { createStaticHandler, createStaticRouter, type LinkProps, type NavLinkProps, Link as RouterLink, NavLink as RouterNavLink, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ServerLink, ServerNavLink } from "./link";

/** Markup as the server writes a page: inside React Router's static router, at a nested URL. */
async function render(children: ReactNode, url = "http://localhost/seo-llms/analyses?period=7"): Promise<string> {
  const element = h("main", null, children);
  const routes = [{ path: "/", children: [{ index: true, element }, { path: "*", element }] }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("no context");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(h(StaticRouterProvider, { router, context, hydrate: false }));
}

const paths = [
  "/",
  "/dashboard",
  "/seo-llms?period=7",
  "/seo-llms?period=7&tab=a#top",
  "/settings/billing/",
  "/x?",
  "/x#",
  "/a//b",
  "/a/./b/../c",
  "/caf%C3%A9",
  "/café?q=a b&c=<d>\"'",
  "/exports/analyses/1.csv",
  "/x/..",
  "/x/../",
  "/./",
  "/x/.",
  "/x/./?a=1",
  "/\\x",
];

const props: Array<Partial<LinkProps>> = [
  {},
  { className: "flex items-center [&>svg]:size-3", "aria-current": "page", title: "Title & <more>" },
  { "data-testid": "profile-card", "data-soon": true, role: "menuitem", tabIndex: -1 } as Partial<LinkProps>,
  { target: "_blank", rel: "noreferrer", download: "x.csv" },
  { reloadDocument: true },
  { discover: "none" },
  { prefetch: "intent", onMouseEnter: () => {}, onFocus: () => {} },
  { prefetch: "viewport" },
  { onClick: () => {}, replace: true, state: { from: "x" }, preventScrollReset: true, viewTransition: true, relative: "path" },
  { style: { width: "40%" } },
];

describe("ServerLink", () => {
  it("writes what React Router's Link writes for every path from the root, whatever the props", async () => {
    const cases = paths.flatMap((to) => props.map((extra) => ({ to, ...extra })));
    const children = (i: number) => [h("span", { key: "a" }, `Label ${i}`), h("svg", { key: "b", "aria-hidden": true }, h("use", { href: "/icons.svg#x" }))];
    const theirs = await render(cases.map((linkProps, i) => h(RouterLink, { key: i, ...linkProps } as LinkProps, children(i))));
    const ours = await render(cases.map((linkProps, i) => h(ServerLink, { key: i, ...linkProps } as LinkProps, children(i))));
    expect(ours).toBe(theirs);
    expect(ours.match(/<a /g)).toHaveLength(cases.length);
  });

  it("writes a query-only link as React Router does, wherever the page is", async () => {
    const queries = ["?period=7", "?period=7&tab=a#top", "?", "?#", "?q=a b&c=<d>\"'", "?x=1#", "??x", "?a=%20&b=caf%C3%A9"];
    const cases = queries.flatMap((to) => props.map((extra) => ({ to, ...extra }) as LinkProps));
    for (const url of ["http://localhost/seo-llms?period=30", "http://localhost/", "http://localhost/seo-llms/analyses/", "http://localhost/caf%C3%A9/x", "http://localhost/a%20b//c", "http://localhost/x?y=1#z"]) {
      const theirs = await render(cases.map((linkProps, i) => h(RouterLink, { key: i, ...linkProps }, "x")), url);
      const ours = await render(cases.map((linkProps, i) => h(ServerLink, { key: i, ...linkProps }, "x")), url);
      expect(ours, url).toBe(theirs);
      expect(ours.match(/<a /g)).toHaveLength(cases.length);
    }
    expect(await render(h(ServerLink, { to: "?period=7" }, "x"), "http://localhost/seo-llms")).toContain('href="/seo-llms?period=7"');
  });

  it("leaves to React Router what depends on where the page is: relative paths, objects, prefetches written into the page", async () => {
    const cases: LinkProps[] = [
      { to: "analyses" },
      { to: "../questions?x=1" },
      { to: "." },
      { to: "?period=7", prefetch: "render" },
      { to: "#top" },
      { to: "" },
      { to: { pathname: "/dashboard", search: "?a=1" } },
      { to: "/dashboard", prefetch: "render" },
      { to: "https://example.com/x" },
      { to: "//example.com/x" },
      { to: "/\\example.com/x" },
    ];
    const theirs = await render(cases.map((linkProps, i) => h(RouterLink, { key: i, ...linkProps }, "x")));
    const ours = await render(cases.map((linkProps, i) => h(ServerLink, { key: i, ...linkProps }, "x")));
    expect(ours).toBe(theirs);
    // The relative ones did resolve against the page's URL.
    expect(ours).toContain('href="/seo-llms/analyses/analyses"');
  });
});

describe("ServerNavLink", () => {
  const targets = [
    "/",
    "/seo-llms",
    "/seo-llms/",
    "/seo-llms/analyses",
    "/seo-llms/analyses/",
    "/seo-llms/analyses/1",
    "/seo",
    "/SEO-llms",
    "/seo-llms?period=30#top",
    "/dashboard",
    "/café",
    "/caf%C3%A9/x",
    "/a b",
    "/x/../seo-llms",
  ];
  const props: Array<Partial<NavLinkProps>> = [
    {},
    { end: true },
    { caseSensitive: true },
    { className: "tab" },
    { className: ({ isActive, isPending, isTransitioning }) => `tab ${isActive ? "on" : "off"} ${isPending} ${isTransitioning}` },
    { style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }) },
    { style: { width: "40%" }, "aria-current": "step", title: "T" },
    { children: ({ isActive }) => h("b", null, isActive ? "on" : "off") },
    { prefetch: "intent", discover: "none", replace: true, viewTransition: true, relative: "path" },
    { reloadDocument: true, target: "_blank", end: true, caseSensitive: true },
  ];

  it("marks the same links active, with the same markup, as React Router's NavLink, wherever the page is", async () => {
    const cases = targets.flatMap((to) => props.map((extra) => ({ to, children: "Tab", ...extra }) as NavLinkProps));
    for (const url of ["http://localhost/seo-llms/analyses?period=7", "http://localhost/", "http://localhost/caf%C3%A9/x/", "http://localhost/SEO-LLMS", "http://localhost/a%20b"]) {
      const theirs = await render(cases.map((linkProps, i) => h(RouterNavLink, { key: i, ...linkProps })), url);
      const ours = await render(cases.map((linkProps, i) => h(ServerNavLink, { key: i, ...linkProps })), url);
      expect(ours, url).toBe(theirs);
      expect(ours.match(/<a /g)).toHaveLength(cases.length);
    }
    // Not a vacuous likeness: some are active and some not.
    const page = await render(cases.map((linkProps, i) => h(ServerNavLink, { key: i, ...linkProps })));
    expect(page).toContain('aria-current="page"');
    expect(page).toContain("tab off false false");
    expect(page).toContain("tab on false false");
  });

  it("leaves relative paths and objects to React Router", async () => {
    const cases: NavLinkProps[] = [{ to: "analyses" }, { to: "." }, { to: { pathname: "/seo-llms" } }, { to: "//example.com/x" }];
    const theirs = await render(cases.map((linkProps, i) => h(RouterNavLink, { key: i, ...linkProps }, "x")));
    const ours = await render(cases.map((linkProps, i) => h(ServerNavLink, { key: i, ...linkProps }, "x")));
    expect(ours).toBe(theirs);
  });
});
