import type { IncomingMessage } from "node:http";

export type AuthUser = {
  id: string;
  email: string;
  role: "user" | "admin";
  sessionId: string;
};

/** What a request carries into the API: node's request over HTTP, or the caller's facts in process. */
export type ApiEnv = {
  Bindings: {
    incoming?: IncomingMessage;
    /** Set by the in-process client: the end user's address, which no socket can tell here. */
    clientIp?: string;
  };
  Variables: {
    user: AuthUser;
    requestId: string;
  };
};
