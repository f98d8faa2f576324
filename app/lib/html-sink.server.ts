/**
 * Where app/entry.server.tsx has React write a document: the chunks joined into one string, handed
 * over when React ends it.
 *
 * The document is rendered with React's string-writing renderer (`react-dom/server.bun`, the same
 * Fizz renderer as `react-dom/server.node` with another output): React's Node build encodes every
 * piece it writes (a tag's `<`, an attribute's name, its value…) into bytes one `encodeInto` at a
 * time, and the app then read those bytes back into a string to rewrite its scripts
 * (scripts-after-paint.server.ts) before compressing it. Writing strings, a page costs a fifth
 * less CPU (docs/operations.md; decision 032), and `html-sink.server.test.ts` holds the two
 * renderers' documents to be the same, byte for byte.
 *
 * React calls `write` (a `false` would ask it to wait for "drain": never, the string only grows),
 * `end` once the document is complete, and `destroy` with the error when the render fails after
 * the shell; it listens for "drain", "error" and "close", which a string never emits.
 */
export function htmlSink(done: (html: string) => void, fail: (error: unknown) => void): NodeJS.WritableStream {
  let html = "";
  const sink = {
    write(chunk: string) {
      html += chunk;
      return true;
    },
    end() {
      done(html);
    },
    destroy(error: unknown) {
      fail(error);
    },
    on() {
      return sink;
    },
  };
  return sink as unknown as NodeJS.WritableStream;
}
