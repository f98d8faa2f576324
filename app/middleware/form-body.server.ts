import { data, type MiddlewareFunction } from "react-router";
import { MAX_THUMBNAIL_BYTES } from "#domain/academy";

/** A form of text fields; the largest (an SEO profile, a video) is a few kilobytes. */
export const MAX_FORM_BYTES = 1024 * 1024;

/** The catalogue's CSV import takes files up to 5 MB (server/backlinks: the API's own limit). */
export const MAX_CATALOGUE_CSV_BYTES = 5 * 1024 * 1024;

/**
 * The pages whose forms carry a file, by route pattern, and the most they may send: a course's
 * page, a 10 MB thumbnail and the form around it; the catalogue's import, a 5 MB CSV file.
 */
export const UPLOAD_ROUTES: ReadonlyMap<string, number> = new Map([
  ["/admin/academy/courses/:id", MAX_THUMBNAIL_BYTES + 256 * 1024],
  ["/admin/backlinks/import", MAX_CATALOGUE_CSV_BYTES + 256 * 1024],
]);

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Every action reads `request.formData()`. What is not a form would make that throw, and a 500 is
 * no answer to a client's mistake, so action requests are checked before any action runs:
 * - a body that is not a form (JSON, XML, none declared): 415;
 * - larger than the route takes: 413, by Content-Length before reading, else as soon as the count
 *   passes the limit (server/app.ts closes the connection with the answer);
 * - a form that cannot be parsed (a broken multipart boundary, say): 400.
 * A form is parsed once more by its action: the price of checking it in one place.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request, pattern }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) throw data(null, { status: 415 });
  // React Router joins its routes' own paths, which have no leading slash ("admin/academy/courses/:id").
  const limit = UPLOAD_ROUTES.get(pattern.startsWith("/") ? pattern : `/${pattern}`) ?? MAX_FORM_BYTES;
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw data(null, { status: 413 });
  const bytes = await readUpTo(request.clone(), limit);
  if (bytes === null) throw data(null, { status: 413 });
  try {
    await new Response(bytes, { headers: { "content-type": request.headers.get("content-type") ?? type } }).formData();
  } catch {
    throw data(null, { status: 400 });
  }
  return next();
};

/** The whole body, or null as soon as it passes `limit` bytes (the rest is never read). */
async function readUpTo(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
