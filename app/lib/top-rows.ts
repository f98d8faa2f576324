/** Sorting and paging of the dashboard's top queries and pages, read from the URL so links do it without JavaScript. */
export const TOP_SORTS = ["clicks", "impressions", "ctr", "position"] as const;
export type TopSort = (typeof TOP_SORTS)[number];
export const TOP_PAGE_SIZE = 10;

export type TopView = { sort: TopSort; dir: "asc" | "desc"; page: number };
type Row = { key: string; clicks: number; impressions: number; ctr: number | null; position: number };

const isSort = (value: string | null): value is TopSort => (TOP_SORTS as readonly (string | null)[]).includes(value);

/**
 * `q` (queries) or `p` (pages): each table keeps its own sort and page in the URL. Written out
 * rather than with zod: the dashboard's component calls it, and zod would weigh on its page.
 */
export function topView(search: URLSearchParams, prefix: "q" | "p"): TopView {
  const rawSort = search.get(`${prefix}sort`);
  const sort = isSort(rawSort) ? rawSort : "clicks";
  const rawDir = search.get(`${prefix}dir`);
  // A position is better when lower: its natural order is ascending.
  const dir = rawDir === "asc" || rawDir === "desc" ? rawDir : sort === "position" ? "asc" : "desc";
  const page = Number(search.get(`${prefix}page`) ?? 1);
  return { sort, dir, page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1 };
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
