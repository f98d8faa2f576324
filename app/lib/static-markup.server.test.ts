import { createElement as h, type ReactNode } from "react";
// The renderer app/entry.server.tsx writes pages with: the kept subtrees are rendered by another.
import { renderToPipeableStream } from "react-dom/server.bun";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PlanDialogProvider } from "~/components/billing/plan-dialog";
import { LegalFooter } from "~/components/legal-footer";
import { PageHeader } from "~/components/page-header";
import { Sidebar } from "~/components/sidebar";
import { isNavLinkActive, Link, ServerNavLink } from "~/components/ui/link";
import { StaticTabStrip, tabClass } from "~/components/ui/tab-strip";
import type { Profile } from "~/lib/api-types";
import { instanceFor } from "~/middleware/i18next.server";
import { htmlSink } from "./html-sink.server";
import { StaticMarkup, StaticMarkupProvider } from "./static-markup";
import { forgetStaticMarkup, staticMarkup } from "./static-markup.server";
import Academy from "~/routes/academy/index";
import Overview from "~/routes/seo-llms/overview";

// The plan dialog loads the browser's translations; the profile card around its link is never kept.
vi.mock("~/components/billing/plan-dialog", () => ({
  PlanDialogProvider: ({ children }: { children: ReactNode }) => children,
  PlanDialogLink: ({ children, upgrade: _, ...props }: { children: ReactNode; upgrade?: boolean }) => h("a", { href: "/settings/billing/plans", ...props }, children),
}));

/** A page's markup as the server writes it: in React Router's static router at `url`, in `locale`, with or without kept subtrees. */
async function render(children: () => ReactNode, url: string, { kept, locale = "en" }: { kept: boolean; locale?: "en" | "fr" }): Promise<string> {
  const i18n = await instanceFor(locale);
  const element = h(StaticMarkupProvider, { value: kept ? staticMarkup : null }, h(I18nextProvider, { i18n }, h(PlanDialogProvider, null, h(() => children()))));
  const routes = [{ path: "/", children: [{ index: true, element }, { path: "*", element }] }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("no context");
  const router = createStaticRouter(handler.dataRoutes, context);
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(h(StaticRouterProvider, { router, context, hydrate: false }), {
      onAllReady: () => pipe(htmlSink(resolve, reject)),
      onShellError: reject,
    });
  });
}

const profile = (first: string | null) =>
  ({
    id: "5b1d7c2e-0000-4000-8000-000000000001",
    email: "ana@example.com",
    role: "user",
    locale: "en",
    created_at: "2026-11-30T00:00:00.000Z",
    profile: { first_name: first, last_name: null, company: null, profile_picture_url: null, WebsiteURL: null },
    identities: [],
  }) as unknown as Profile;

const URLS = ["/support", "/dashboard", "/seo-llms", "/seo-llms/analyses?period=7", "/SEO-LLMS/Sources", "/backlinks/cart", "/academy/seo-101", "/settings/billing", "/x/y"];

describe("StaticMarkup", () => {
  beforeEach(() => forgetStaticMarkup());

  it("writes React's own markup, text separators and all, and renders it once per key", async () => {
    let renders = 0;
    const subtree = (label: string) => () =>
      h(StaticMarkup, {
        as: "ul",
        className: "grid",
        cacheKey: "list",
        render: () => {
          renders++;
          return [h("li", { key: 1 }, "A ", label, " & ", 3), h("li", { key: 2 }, h(Link, { to: "/dashboard", className: "x" }, "Home"))];
        },
      });
    const live = await render(subtree("one"), "/seo-llms", { kept: false });
    expect(live).toContain("<!-- -->");
    expect(await render(subtree("one"), "/seo-llms", { kept: true })).toBe(live);
    expect(renders).toBe(2);
    // The key says the markup is the same: a later render under it is not rendered again.
    expect(await render(subtree("two"), "/dashboard", { kept: true })).toBe(live);
    expect(renders).toBe(2);
  });

  it("keeps the sidebar's entries per locale, state, active entry and cart: every page reads as React writes it", async () => {
    // One cache for all the cases, in turns: a key that left something out would show another case's markup.
    for (const locale of ["en", "fr"] as const) {
      for (const url of URLS) {
        for (const collapsed of [false, true]) {
          for (const cartCount of [null, 0, 3]) {
            const sidebar = () => h(Sidebar, { profile: profile(cartCount === 3 ? "Ana" : null), subscription: null, collapsed, bookingUrl: null, cartCount });
            const live = await render(sidebar, url, { kept: false, locale });
            expect(await render(sidebar, url, { kept: true, locale }), `${locale} ${url} ${collapsed} ${cartCount}`).toBe(live);
          }
        }
      }
    }
  });

  it("keeps the footer and the page header per locale and trail", async () => {
    for (const locale of ["en", "fr"] as const) {
      for (const url of URLS) {
        for (const site of ["https://sightline.app", "https://example.org"]) {
          const footer = () => h(LegalFooter, { legalSiteUrl: site, year: 2026 });
          expect(await render(footer, url, { kept: true, locale })).toBe(await render(footer, url, { kept: false, locale }));
        }
        const header = () => h(PageHeader, { pathname: new URL(url, "http://localhost").pathname });
        expect(await render(header, url, { kept: true, locale })).toBe(await render(header, url, { kept: false, locale }));
      }
    }
  });

  // The server's NavLink, which the tabs were, is held to React Router's own by link.test.ts.
  it("writes the analysis area's tabs as the NavLinks they replace", async () => {
    const tabs = [
      { to: "/seo-llms", end: true },
      { to: "/seo-llms/analyses", end: false },
      { to: "/seo-llms/sources", end: false },
    ];
    const urls = ["/seo-llms", "/seo-llms/", "/seo-llms/analyses", "/seo-llms/analyses/7?x=1", "/Seo-Llms/Sources", "/seo-llms/sourcesx", "/dashboard"];
    for (const url of urls) {
      const pathname = new URL(url, "http://localhost").pathname;
      const navLinks = () => h("nav", null, tabs.map((tab) => h(ServerNavLink, { key: tab.to, to: tab.to, end: tab.end, className: ({ isActive }: { isActive: boolean }) => tabClass(isActive) }, tab.to)));
      const active = tabs.find((tab) => isNavLinkActive(tab.to, pathname, tab));
      const strip = () =>
        h(StaticTabStrip, {
          cacheKey: `tabs:${active?.to}`,
          render: () => tabs.map((tab) => h(Link, { key: tab.to, to: tab.to, "aria-current": tab === active ? "page" : undefined, className: tabClass(tab === active) }, tab.to)),
        });
      const theirs = (await render(navLinks, url, { kept: false })).replace(/<nav>([\s\S]*)<\/nav>/, "$1");
      const ours = await render(strip, url, { kept: true });
      expect(ours.replace(/<nav [^>]*>([\s\S]*)<\/nav>/, "$1"), url).toBe(theirs);
    }
  });

  it("keeps the academy's course cards per locale and courses, progress included", async () => {
    const course = (slug: string, watched: number, total: number, locale: string | null, thumbnail: string | null) => ({
      id: `id-${slug}`,
      slug,
      title: `Course ${slug} <&>`,
      description: "Crawling, indexing and serving: Google's own words.",
      thumbnail_url: thumbnail,
      locale,
      chapter_count: 2,
      video_count: total,
      total_duration_seconds: 1922,
      progress: { watched, total },
    });
    const lists = [
      [course("a", 0, 6, "en", "https://i.ytimg.com/vi/x/hqdefault.jpg"), course("b", 0, 4, null, null)],
      [course("a", 3, 6, "en", "https://i.ytimg.com/vi/x/hqdefault.jpg"), course("b", 0, 4, null, null)],
      [course("a", 6, 6, "fr", null), course("b", 1, 1, "en", null)],
      [],
    ];
    for (const locale of ["en", "fr"] as const) {
      for (const courses of lists) {
        const page = () => h(Academy, { loaderData: { courses, title: "Academy" } } as never);
        expect(await render(page, "/academy", { kept: true, locale }), `${locale} ${JSON.stringify(courses)}`).toBe(await render(page, "/academy", { kept: false, locale }));
      }
    }
  });

  it("keeps the analysis overview's figures per locale and figures", async () => {
    const metrics = (answers: number) => ({
      answers,
      mentioned: Math.floor(answers / 2),
      tracked_presences: answers ? answers + 3 : 0,
      visibility: answers ? 50 : null,
      visibility_interval: answers ? { low: 31.2, high: 68.8 } : null,
      share_of_voice: answers ? 42.5 : null,
      share_of_voice_interval: answers ? { low: 20, high: 60 } : null,
      average_position: answers ? 1.7 : null,
      sentiment: { positive: answers ? 3 : 0, neutral: 1, negative: 0 },
    });
    const empty = {
      period: { start: "2026-11-01T00:00:00.000Z", end: "2026-11-30T23:59:59.999Z" },
      analyses: 0,
      summary: metrics(0),
      by_provider: [],
      by_category: [],
      brands: [],
      engine: { version: 7, rescored_at: null },
      trend: [],
    };
    const day = (date: string, answers: number) => ({ date, answers, mentioned: 2, visibility: 40, visibility_interval: { low: 10, high: 70 }, tracked_presences: 5, share_of_voice: 30, average_position: 2 });
    const full = {
      ...empty,
      analyses: 3,
      summary: metrics(12),
      by_provider: [{ ...metrics(6), provider: "chatgpt" }, { ...metrics(6), provider: "demo" }],
      by_category: [{ ...metrics(12), category: "comparison" }],
      brands: [{ name: "Acme <&>", is_brand: true, answers: 12, mentions: 6, average_position: 1.5 }, { name: "Globex", is_brand: false, answers: 12, mentions: 4, average_position: 2 }],
      engine: { version: 7, rescored_at: "2026-11-20T10:00:00.000Z" },
      trend: [day("2026-11-10", 4), day("2026-11-11", 4), day("2026-11-12", 4)],
    };
    for (const locale of ["en", "fr"] as const) {
      for (const stats of [empty, full, { ...full, engine: { version: 7, rescored_at: null } }]) {
        const loaderData = { title: "Overview", period: 30, stats, latest: null, canAnalyze: true, blocked: null, hasProfile: true, pollingInterval: 5000, now: "2026-11-30T12:00:00.000Z" };
        const page = () => h(Overview, { loaderData } as never);
        const live = await render(page, "/seo-llms", { kept: false, locale });
        expect(await render(page, "/seo-llms", { kept: true, locale }), `${locale} ${stats.analyses}`).toBe(live);
      }
    }
  });
});
