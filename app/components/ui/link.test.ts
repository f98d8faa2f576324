import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
// biome-ignore lint/style/noRestrictedImports: the wrapper is held to React Router's Link
import { createStaticHandler, createStaticRouter, Link as RouterLink, type LinkProps, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ServerLink } from "./link";

/** Markup as the server writes a page: inside React Router's static router, at a nested URL. */
async function render(children: ReactNode, url = "http://localhost/seo-llms/analyses?period=7"): Promise<string> {
  const routes = [{ path: "/", children: [{ path: "seo-llms", children: [{ path: "analyses", element: h("main", null, children) }] }] }];
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

  it("leaves to React Router what depends on where the page is: relative paths, objects, prefetches written into the page", async () => {
    const cases: LinkProps[] = [
      { to: "analyses" },
      { to: "../questions?x=1" },
      { to: "." },
      { to: "?period=7" },
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
