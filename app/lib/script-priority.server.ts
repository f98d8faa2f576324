import { Transform } from "node:stream";

/**
 * Marks React Router's script preloads `fetchpriority="low"` as the HTML streams out.
 *
 * Every page is rendered whole on the server and works before its scripts run (forms post without
 * them), so what the reader needs first is the document and its stylesheet; the scripts only make
 * it interactive. `<Scripts>` writes one high-priority `<link rel="modulepreload">` per module
 * (30–50 on a signed-in page) with no way to set their priority, and on a slow connection those
 * compete with the stylesheet that the first paint waits for. At low priority the browser fetches
 * them after what rendering needs; they still start at once and run as soon as they arrive.
 * Lighthouse's simulation also counts a high-priority script as blocking the first paint: its FCP
 * on signed-in pages went from 1.75–2.1 s to 0.8 s (docs/operations.md, "Lighthouse").
 *
 * React puts the preloads in `<head>`, so once `</head>` has gone by the rest passes untouched.
 * The bytes are searched as they are: an ASCII pattern cannot match inside a UTF-8 character.
 */
const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from('<link rel="modulepreload" fetchpriority="low"');
const HEAD_END = Buffer.from("</head>");

export function lowPriorityScriptPreloads(): Transform {
  // The end of what was read that could be the start of a tag cut in two by the chunks.
  let held = Buffer.alloc(0);
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (!inHead) return callback(null, bytes);
      const text = held.length ? Buffer.concat([held, bytes]) : bytes;
      const headEnd = text.indexOf(HEAD_END);
      if (headEnd !== -1) {
        inHead = false;
        held = Buffer.alloc(0);
        const end = headEnd + HEAD_END.length;
        return callback(null, Buffer.concat([lowered(text.subarray(0, end)), text.subarray(end)]));
      }
      const cut = splitPoint(text);
      held = Buffer.from(text.subarray(cut));
      callback(null, lowered(text.subarray(0, cut)));
    },
    flush(callback) {
      callback(null, lowered(held));
    },
  });
}

function lowered(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(PRELOAD); at !== -1; at = bytes.indexOf(PRELOAD, from)) {
    parts.push(bytes.subarray(from, at), LOW);
    from = at + PRELOAD.length;
  }
  if (!parts.length) return bytes;
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/** Where to cut so that what is sent ends with no beginning of a preload or of `</head>`. */
function splitPoint(bytes: Buffer): number {
  const from = bytes.lastIndexOf("<");
  if (from === -1 || bytes.length - from >= PRELOAD.length) return bytes.length;
  const tail = bytes.subarray(from);
  const starts = (pattern: Buffer) => pattern.subarray(0, tail.length).equals(tail);
  return starts(PRELOAD) || starts(HEAD_END) ? from : bytes.length;
}
