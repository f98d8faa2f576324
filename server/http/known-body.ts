/**
 * The body of an answer made from something this process had at hand: the text of a kept API
 * answer (kept-answers.ts), the bytes of a rendered page (app/entry.server.tsx). Read from the
 * Response, a text would be encoded into a body stream and read back in chunks: for the web app's
 * API client, which wants the text, and for the compression (compress.ts), which wants the whole
 * body at once (issue 16). Keyed by the Response object itself, whose body cannot change; an answer
 * rebuilt on its way out (a middleware wrapping it) is simply read as usual.
 */
const bodies = new WeakMap<Response, string | Uint8Array>();

/** `response`, remembered as made from `body`. */
export function withBody(response: Response, body: string | Uint8Array): Response {
  bodies.set(response, body);
  return response;
}

/** What `response` was made from, if this process made it from a text or bytes at hand. */
export function knownBody(response: Response): string | Uint8Array | undefined {
  return bodies.get(response);
}

/** The response's text: the one it was made from, or else read from its body. */
export function textOf(response: Response): Promise<string> {
  const body = bodies.get(response);
  return typeof body === "string" ? Promise.resolve(body) : response.text();
}
