import { ADMIN_SECTIONS, MAIN_SECTIONS, sectionFor } from "./navigation";

/**
 * A page names itself in the header's trail through its route's `handle`: a translation key, or a
 * label from its loader's data (a course, an analysis's date). `to` defaults to the page itself.
 */
export type CrumbSpec = { key?: string; label?: string; date?: string; to?: string };
export type BreadcrumbHandle = { breadcrumb: (data: never) => CrumbSpec[] };
export type Crumb = { to: string } & Omit<CrumbSpec, "to">;

type Match = { pathname: string; data: unknown; handle: unknown };

/** A route module's `handle`, typed by its loader's data. */
export function breadcrumbs<Data>(breadcrumb: (data: Data) => CrumbSpec[]): BreadcrumbHandle {
  return { breadcrumb: breadcrumb as (data: never) => CrumbSpec[] };
}

/** The same crumb for every page of a route: its translated name. */
export const namedCrumb = (key: string) => breadcrumbs(() => [{ key }]);

/** A question or a title kept short enough for the header: the page itself shows it whole. */
export function shorten(text: string, max = 48): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?–-]+$/, "")}…`;
}

const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
const isTopSection = (to: string) => [...MAIN_SECTIONS, ...ADMIN_SECTIONS].some((section) => section.to === to);

/**
 * The trail of a page: the sections it sits in (those that are pages: a top-level section, or a
 * route the path matched), then what the matched routes say of themselves. The last crumb is the
 * page the reader is on.
 */
export function breadcrumbTrail(pathname: string, matches: Match[]): Crumb[] {
  const routePaths = new Set(matches.map((match) => withoutSlash(match.pathname)));
  const trail: Crumb[] = [];
  const parts = pathname.split("/").filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const section = sectionFor(`/${parts.slice(0, i).join("/")}`);
    if (!section || trail.some((crumb) => crumb.to === section.to)) continue;
    if (isTopSection(section.to) || routePaths.has(section.to)) trail.push({ to: section.to, key: `nav.${section.key}` });
  }
  for (const match of matches) {
    const handle = match.handle as Partial<BreadcrumbHandle> | undefined;
    if (typeof handle?.breadcrumb !== "function" || match.data === undefined) continue;
    for (const spec of handle.breadcrumb(match.data as never)) {
      const crumb = { ...spec, to: spec.to ?? withoutSlash(match.pathname) };
      const same = trail.findIndex((existing) => existing.to === crumb.to);
      if (same >= 0) trail[same] = crumb;
      else trail.push(crumb);
    }
  }
  return trail;
}
