import { describe, expect, it } from "vitest";
import { breadcrumbs, breadcrumbTrail, namedCrumb, shorten } from "./breadcrumbs";

const match = (pathname: string, handle?: unknown, data: unknown = {}) => ({ pathname, handle, data });

describe("breadcrumbTrail", () => {
  it("ends with the page's own name after its sections", () => {
    const trail = breadcrumbTrail("/seo-llms/analyses/a1", [
      match("/"),
      match("/seo-llms"),
      match(
        "/seo-llms/analyses/a1",
        breadcrumbs((data: { at: string }) => [{ key: "seo:tabs.analyses", to: "/seo-llms/analyses" }, { date: data.at }]),
        { at: "2025-03-01T10:00:00Z" },
      ),
    ]);
    expect(trail).toEqual([
      { to: "/seo-llms", key: "nav.seoLlms" },
      { to: "/seo-llms/analyses", key: "seo:tabs.analyses" },
      { to: "/seo-llms/analyses/a1", date: "2025-03-01T10:00:00Z" },
    ]);
  });

  it("leaves out a section that is no page of its own, and lets a page rename its own crumb", () => {
    expect(breadcrumbTrail("/backlinks/sites/s1", [match("/backlinks"), match("/backlinks/sites/s1", breadcrumbs(() => [{ label: "example.com" }]))])).toEqual([
      { to: "/backlinks", key: "nav.backlinks" },
      { to: "/backlinks/sites/s1", label: "example.com" },
    ]);
    expect(breadcrumbTrail("/settings/billing", [match("/settings"), match("/settings/billing", namedCrumb("billing:title"))]).map((crumb) => crumb.key)).toEqual([
      "nav.settings",
      "billing:title",
    ]);
  });

  it("skips a route whose loader gave no data (an error page)", () => {
    expect(breadcrumbTrail("/academy/x", [{ pathname: "/academy/x", handle: breadcrumbs(() => [{ label: "never" }]), data: undefined }])).toEqual([{ to: "/academy", key: "nav.academy" }]);
  });
});

describe("shorten", () => {
  it("keeps short texts and cuts long ones at a word", () => {
    expect(shorten("Which CRM is best?")).toBe("Which CRM is best?");
    expect(shorten("What is the best project management tool for a small remote team in 2025?")).toBe("What is the best project management tool for a…");
  });
});
