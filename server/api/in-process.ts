import { passedSecondFactor, userOfToken } from "../auth/middleware";
import type { AuthUser } from "../http/env";
import { type KeptAnswer, keeping, keptFor } from "../http/kept-answers";
import { getConfig } from "../config";
import { logger } from "../logger";

/**
 * A call of the web app's in-process client without a body (a GET, or a read made as a POST such as
 * the quota check; or a public read without a token, such as the settings) answered from what the
 * API keeps (server/http/kept-answers.ts) without Hono's way to it: a Request, the API's middleware
 * chain, its router and a Response, which cost a page more than the answers themselves (issue 16:
 * about 60 µs a call, five or six calls a page).
 *
 * It makes the checks the way through would make before the same kept answer: the token's (signature,
 * expiry, the session still open, through the request's `authMemo`) and requireAuth's second-factor
 * gate. The middleware it passes by has nothing to say about such a read: the limits are on headers
 * and bodies this client does not send, and changes are awaited only after writes. Anything else
 * (a refused token, nothing kept, a path not kept) is `undefined`, and the caller takes the usual
 * way, which answers it in full.
 */
export async function keptInProcess(method: string, path: string, token: string | undefined, authMemo: Map<string, Promise<AuthUser>>): Promise<KeptAnswer | undefined> {
  if (!keeping() || !path.startsWith("/")) return undefined;
  // A call without a token reaches only public routes: only what is kept for everyone answers it.
  if (token === undefined) return logged(method, path, keptFor(undefined, method, path));
  let user: AuthUser;
  try {
    user = await userOfToken(token, authMemo);
  } catch {
    return undefined;
  }
  if (!passedSecondFactor(user)) return undefined;
  return logged(method, path, keptFor(user.id, method, path));
}

/** The line the API's own request log would have written for it. */
function logged(method: string, path: string, kept: KeptAnswer | undefined): KeptAnswer | undefined {
  if (kept && getConfig().LOG_REQUESTS) {
    logger.info("api.request", { method, path: path.split("?")[0], status: kept.status, ms: 0, kept: true });
  }
  return kept;
}
