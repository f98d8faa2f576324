import type { IncomingMessage } from "node:http";
import type { UserRow } from "../db/schema";

export type AuthUser = {
  id: string;
  email: string;
  role: "user" | "admin";
  sessionId: string;
  /** The session's assurance level, and whether the account has a verified second factor. */
  aal: "aal1" | "aal2";
  hasVerifiedFactor: boolean;
  /**
   * The user's row as the session check read it, which may be up to SESSION_CACHE_MS old and miss
   * a change made by another process: fine for the email or id, not for answering with the profile.
   */
  record: UserRow;
};

/** What a request carries into the API: node's request over HTTP, or the caller's facts in process. */
export type ApiEnv = {
  Bindings: {
    incoming?: IncomingMessage;
    /** Set by the in-process client: the end user's address, which no socket can tell here. */
    clientIp?: string;
    /**
     * Set by the in-process client for the span of one web request, whose loaders make several API
     * calls with the same token: the session is checked once. The client clears it around writes.
     */
    authMemo?: Map<string, Promise<AuthUser>>;
  };
  Variables: {
    user: AuthUser;
    requestId: string;
    /** Set on routes whose answers are kept (kept-answers.ts): they change nothing. */
    readOnly: boolean | undefined;
    /** When a kept answer turns with the clock (epoch ms), as its route knows (kept-answers.ts). */
    keptUntil: number | undefined;
  };
};
