import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FieldErrors } from "./field-errors";

/** An expected failure with the HTTP status and the `{message}` body the client shows. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: {
      code?: string;
      errors?: FieldErrors;
      email?: string;
      headers?: Record<string, string>;
      /** The cart's refusals name the site, and a price refused the catalogue's (seed 001 §8). */
      domain?: string;
      current_price?: number;
      currency?: string;
    } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: ApiError["extra"]) => new ApiError(400, message, extra);
export const unauthorized = (message = "No authentication session", code?: string) =>
  new ApiError(401, message, { code });
export const notFound = (message = "Not found") => new ApiError(404, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code?: string) =>
  new ApiError(429, message, { code, headers: { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
