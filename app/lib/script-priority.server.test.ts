import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityScriptPreloads } from "./script-priority.server";

const page =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/manifest.js"/><link rel="modulepreload" href="/assets/entry.client.js"/>' +
  '<link rel="modulepreload" href="/assets/root.js"/><title>Équipe — Sightline</title></head>' +
  '<body><p>Voilà : <code>&lt;link rel="modulepreload"&gt;</code> déjà écrit</p><link rel="modulepreload" href="/body.js"/></body></html>';

/** The page cut into chunks of `size` bytes (so tags and UTF-8 characters are cut in two), through the transform. */
async function through(size: number) {
  const bytes = Buffer.from(page);
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) => bytes.subarray(index * size, (index + 1) * size));
  return text(Readable.from(chunks).pipe(lowPriorityScriptPreloads()));
}

describe("lowPriorityScriptPreloads", () => {
  it("marks every script preload in <head> low priority, however the stream is cut", async () => {
    for (const size of [1, 2, 3, 5, 7, 11, 16, 25, 26, 64, 4096]) {
      const html = await through(size);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head.match(/<link rel="modulepreload" fetchpriority="low"/g), `chunks of ${size}`).toHaveLength(3);
      expect(head).not.toMatch(/<link rel="modulepreload" href/);
      // Only the head is touched, and no character is broken.
      expect(html.slice(html.indexOf("</head>")), `chunks of ${size}`).toBe(page.slice(page.indexOf("</head>")));
      expect(html.replaceAll(' fetchpriority="low"', "")).toBe(page);
    }
  });

  it("passes a document without a head through unchanged", async () => {
    const fragment = "<div>Résumé</div>";
    expect(await text(Readable.from([Buffer.from(fragment)]).pipe(lowPriorityScriptPreloads()))).toBe(fragment);
  });
});
