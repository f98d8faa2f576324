import { expect, test } from "vitest";
import { pageOf, topView } from "./top-rows";

const rows = Array.from({ length: 23 }, (_, index) => ({ key: `q${index}`, clicks: index, impressions: 100 - index, ctr: index / 100, position: (index % 5) + 1 }));

test("sorted by clicks, most first, ten a page; a page past the end shows the last", () => {
  const view = topView(new URLSearchParams(""), "q");
  expect(view).toEqual({ sort: "clicks", dir: "desc", page: 1 });
  const first = pageOf(rows, view);
  expect(first.rows.map((row) => row.clicks)).toEqual([22, 21, 20, 19, 18, 17, 16, 15, 14, 13]);
  expect(first.pages).toBe(3);
  expect(pageOf(rows, { ...view, page: 9 }).rows.map((row) => row.key)).toEqual(["q2", "q1", "q0"]);
});

test("position sorts best (lowest) first; bad parameters fall back", () => {
  expect(topView(new URLSearchParams("psort=position"), "p")).toEqual({ sort: "position", dir: "asc", page: 1 });
  expect(topView(new URLSearchParams("qsort=drop&qdir=sideways&qpage=-3"), "q")).toEqual({ sort: "clicks", dir: "desc", page: 1 });
  expect(pageOf(rows, topView(new URLSearchParams("qsort=position"), "q")).rows[0]?.position).toBe(1);
});
