import { createElement, Fragment } from "react";
import { renderToPipeableStream } from "react-dom/server.bun";
import { describe, expect, it } from "vitest";
import { deferred } from "./deferred";
import { htmlSink } from "./html-sink.server";

/** A document as app/entry.server.tsx renders it: whole, once everything is ready. */
function render(element: React.ReactElement, options: { progressiveChunkSize?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      ...options,
      onAllReady() {
        pipe(htmlSink(resolve, reject));
      },
      onShellError: reject,
    });
  });
}

/** A form of some size (React sends apart a boundary past its progressive chunk size, 12.8 kB). */
function Form({ label, size = 600 }: { label: string; size?: number }) {
  return createElement("form", { method: "post" }, createElement("p", null, `${label}: ${"y".repeat(size)}`));
}

/**
 * A page with two deferred forms of 8 kB, their module arriving while the server renders: the
 * second takes the boundaries inlined so far past the chunk size.
 */
function page() {
  const Part = deferred(() => new Promise<typeof Form>((resolve) => setTimeout(() => resolve(Form), 5)));
  return createElement(Fragment, null, createElement(Part, { label: "First", size: 8_000 }), createElement(Part, { label: "Second", size: 8_000 }));
}

describe("deferred", () => {
  it("is in the document in its place, for a browser without JavaScript, though its module came while the server rendered", async () => {
    const html = await render(page(), { progressiveChunkSize: Number.POSITIVE_INFINITY });
    const form = (label: string) => `<!--$--><form method="post"><p>${label}: ${"y".repeat(8_000)}</p></form><!--/$-->`;
    expect(html).toBe(form("First") + form("Second"));
    // Nothing a script would have to move into place.
    expect(html).not.toMatch(/\$RC|hidden id="S:/);
  });

  it("renders at once once its module is here", async () => {
    const Part = deferred(() => Promise.resolve(Form));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const html = await render(createElement(Part, { label: "Code" }), { progressiveChunkSize: Number.POSITIVE_INFINITY });
    expect(html).toBe(`<!--$--><form method="post"><p>Code: ${"y".repeat(600)}</p></form><!--/$-->`);
  });
});
