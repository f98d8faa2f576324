import { z } from "zod";

/** Sorting and paging of the dashboard's top queries and pages, read from the URL so links do it without JavaScript. */
export const TOP_SORTS = ["clicks", "impressions", "ctr", "position"] as const;
export type TopSort = (typeof TOP_SORTS)[number];
export const TOP_PAGE_SIZE = 10;

export type TopView = { sort: TopSort; dir: "asc" | "desc"; page: number };
type Row = { key: string; clicks: number; impressions: number; ctr: number | null; position: number };

const ViewSchema = z.object({
  sort: z.enum(TOP_SORTS).catch("clicks"),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});

/** `q` (queries) or `p` (pages): each table keeps its own sort and page in the URL. */
export function topView(search: URLSearchParams, prefix: "q" | "p"): TopView {
  const parsed = ViewSchema.parse({ sort: search.get(`${prefix}sort`) ?? undefined, dir: search.get(`${prefix}dir`) ?? undefined, page: search.get(`${prefix}page`) ?? 1 });
  // A position is better when lower: its natural order is ascending.
  return { sort: parsed.sort, dir: parsed.dir ?? (parsed.sort === "position" ? "asc" : "desc"), page: parsed.page };
}

export function sortRows<T extends Row>(rows: T[], view: Pick<TopView, "sort" | "dir">): T[] {
  const sign = view.dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => sign * ((a[view.sort] ?? -1) - (b[view.sort] ?? -1)) || a.key.localeCompare(b.key));
}

export function pageOf<T extends Row>(rows: T[], view: TopView) {
  const pages = Math.max(1, Math.ceil(rows.length / TOP_PAGE_SIZE));
  const page = Math.min(view.page, pages);
  return { rows: sortRows(rows, view).slice((page - 1) * TOP_PAGE_SIZE, page * TOP_PAGE_SIZE), page, pages, total: rows.length };
}
