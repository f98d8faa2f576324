import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Message } from "@anthropic-ai/sdk/resources/messages";
import type { GenerateContentResponse } from "@google/genai";
import type { StreamChunk as PerplexityCompletion } from "@perplexity-ai/perplexity_ai";
import type { ChatCompletion } from "openai/resources/chat/completions";
import type { Response as OpenAiResponse } from "openai/resources/responses/responses";

/**
 * One local HTTP server speaking each AI provider's wire format on its real paths, for the
 * adapters' own SDKs. Each route answers with a realistic success body (citations and search queries
 * included) unless a test scripts other replies with `respond`.
 *
 *   chatgpt            POST /v1/responses                        (OPENAI_BASE_URL = url/v1)
 *   grok               POST /xai/v1/responses                    (XAI_BASE_URL = url/xai/v1)
 *   openai-compatible  POST /v1/chat/completions                 (OPENAI_COMPATIBLE_BASE_URL = url/v1)
 *   claude             POST /v1/messages                         (ANTHROPIC_BASE_URL = url)
 *   perplexity         POST /chat/completions                    (PERPLEXITY_BASE_URL = url)
 *   gemini             POST /v1beta/models/{model}:generateContent (GEMINI_BASE_URL = url)
 *   gemini-redirect    HEAD|GET /grounding-api-redirect/{id}     (where grounding chunks point)
 */
export type FakeAiRoute = "chatgpt" | "grok" | "openai-compatible" | "claude" | "perplexity" | "gemini" | "gemini-redirect";

export type FakeAiRequest = {
  route: FakeAiRoute | null;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The JSON body, parsed (null when there is none or it is not JSON). */
  body: unknown;
};

export type FakeAiReply = {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (with `contentType`, application/json unless given): for bodies that are not JSON. */
  raw?: string;
  contentType?: string;
  /** Waits this long before answering (on top of the server-wide delay). */
  delayMs?: number;
};

/** Answers a request; `baseUrl` is the fake's own, for bodies that point back at it. */
export type FakeAiResponder = (request: FakeAiRequest, baseUrl: string) => FakeAiReply;

const ROUTES: Array<{ route: FakeAiRoute; method: RegExp; path: RegExp }> = [
  { route: "chatgpt", method: /^POST$/, path: /^\/v1\/responses$/ },
  { route: "grok", method: /^POST$/, path: /^\/xai\/v1\/responses$/ },
  { route: "openai-compatible", method: /^POST$/, path: /^\/v1\/chat\/completions$/ },
  { route: "claude", method: /^POST$/, path: /^\/v1\/messages$/ },
  { route: "perplexity", method: /^POST$/, path: /^\/chat\/completions$/ },
  { route: "gemini", method: /^POST$/, path: /^\/v1beta\/models\/[^/:]+:generateContent$/ },
  { route: "gemini-redirect", method: /^(HEAD|GET)$/, path: /^\/grounding-api-redirect\/[^/]+$/ },
];

/** Where the default Gemini grounding redirects lead. */
export const GEMINI_REDIRECTS: Record<string, string> = {
  "src-acme": "https://www.acme.example/pricing",
  "src-review": "https://reviews.example.org/best-crm-2026",
};

/**
 * @param options.delayMs every reply waits this long (a benchmark's slow provider).
 * @param options.answers per-route defaults replacing the built-in success bodies.
 */
export async function createFakeAi(options: { delayMs?: number; answers?: Partial<Record<FakeAiRoute, FakeAiResponder>> } = {}) {
  const requests: FakeAiRequest[] = [];
  const queues = new Map<FakeAiRoute, FakeAiReply[]>();
  const defaults: Record<FakeAiRoute, FakeAiResponder> = { ...DEFAULT_RESPONDERS, ...options.answers };
  const timers = new Set<NodeJS.Timeout>();
  let baseUrl = "";

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", baseUrl);
      const raw = Buffer.concat(chunks).toString("utf8");
      const method = req.method ?? "GET";
      const match = ROUTES.find((entry) => entry.method.test(method) && entry.path.test(url.pathname));
      const request: FakeAiRequest = { route: match?.route ?? null, method, path: url.pathname, headers: req.headers, body: parseJson(raw) };
      requests.push(request);
      const reply = match
        ? (queues.get(match.route)?.shift() ?? defaults[match.route](request, baseUrl))
        : { status: 404, json: { error: { message: `No fake for ${method} ${url.pathname}` } } };
      const delay = (options.delayMs ?? 0) + (reply.delayMs ?? 0);
      if (delay <= 0) return send(res, reply, method);
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(res, reply, method);
      }, delay);
      timers.add(timer);
      // The client gave up (its time-out): nothing left to answer.
      res.on("close", () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    /** Every request received, in order. */
    requests,
    /** The requests one route received. */
    requestsTo: (route: FakeAiRoute) => requests.filter((request) => request.route === route),
    /** Queues replies for a route, used once each in order; then the route's default answers again. */
    respond(route: FakeAiRoute, ...replies: FakeAiReply[]) {
      queues.set(route, [...(queues.get(route) ?? []), ...replies]);
    },
    /** The environment that points every provider at this server, each with a key. */
    env(): Record<string, string> {
      return {
        OPENAI_API_KEY: "sk-test-openai",
        OPENAI_BASE_URL: `${baseUrl}/v1`,
        ANTHROPIC_API_KEY: "sk-ant-test",
        ANTHROPIC_BASE_URL: baseUrl,
        PERPLEXITY_API_KEY: "pplx-test",
        PERPLEXITY_BASE_URL: baseUrl,
        GEMINI_API_KEY: "gemini-test",
        GEMINI_BASE_URL: baseUrl,
        XAI_API_KEY: "xai-test",
        XAI_BASE_URL: `${baseUrl}/xai/v1`,
      };
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeAi = Awaited<ReturnType<typeof createFakeAi>>;

function send(res: http.ServerResponse, reply: FakeAiReply, method: string) {
  if (res.destroyed) return;
  const body = reply.raw ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
  res.writeHead(reply.status ?? 200, {
    ...(body ? { "content-type": reply.contentType ?? "application/json" } : {}),
    ...reply.headers,
  });
  res.end(method === "HEAD" ? undefined : body);
}

function parseJson(raw: string): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Replies a test scripts: failures in each provider's own error format.
// ---------------------------------------------------------------------------------------------

export const fakeReplies = {
  /** A 2xx body that is not JSON although it says so. */
  invalidJson: (): FakeAiReply => ({ raw: '{"id": "resp_1", "output": [', contentType: "application/json" }),
  /** Valid JSON, but not the shape of any provider's answer. */
  wrongShape: (): FakeAiReply => ({ json: { ok: true, data: [] } }),
  /** The default answer, after `ms`. */
  slow: (ms: number, reply: FakeAiReply = {}): FakeAiReply => ({ ...reply, delayMs: ms }),
  redirect: (location: string): FakeAiReply => ({ status: 302, headers: { location } }),
  /** A failure as `route`'s provider sends it: status, error body and (for 429) headers. */
  error(route: FakeAiRoute, status: number, options: { retryAfter?: string; retryAfterMs?: string; code?: string; retryDelay?: string } = {}): FakeAiReply {
    const headers: Record<string, string> = {};
    if (options.retryAfter !== undefined) headers["retry-after"] = options.retryAfter;
    if (options.retryAfterMs !== undefined) headers["retry-after-ms"] = options.retryAfterMs;
    return { status, headers, json: errorBody(route, status, options) };
  },
};

function errorBody(route: FakeAiRoute, status: number, options: { code?: string; retryDelay?: string }): unknown {
  switch (route) {
    case "claude": {
      const type = ANTHROPIC_ERROR_TYPES[status] ?? "api_error";
      return {
        type: "error",
        error: { type, message: `Fake ${type}`, ...(options.code ? { details: { error_code: options.code } } : {}) },
        request_id: "req_fake",
      };
    }
    case "gemini":
    case "gemini-redirect": {
      const details: unknown[] = [];
      if (status === 429) {
        details.push({
          "@type": "type.googleapis.com/google.rpc.QuotaFailure",
          violations: [{ quotaMetric: "generativelanguage.googleapis.com/generate_content_free_tier_requests", quotaId: "GenerateRequestsPerMinutePerProjectPerModel-FreeTier" }],
        });
        if (options.retryDelay) details.push({ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: options.retryDelay });
      }
      const googleStatus = GOOGLE_STATUSES[status] ?? "UNKNOWN";
      return { error: { code: status, message: `Fake ${googleStatus}`, status: googleStatus, details } };
    }
    default:
      // OpenAI's shape; xAI and Perplexity answer in a similar one (not confirmed for either).
      return { error: { message: `Fake error ${status}`, type: OPENAI_ERROR_TYPES[status] ?? "server_error", param: null, code: options.code ?? null } };
  }
}

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  402: "billing_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

const GOOGLE_STATUSES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

const OPENAI_ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "invalid_request_error",
  429: "rate_limit_exceeded",
};

// ---------------------------------------------------------------------------------------------
// Default answers, typed against the SDKs' own response types. They all answer the same made-up
// question ("best CRM for a small agency") so that an integration test can look for the brand.
// ---------------------------------------------------------------------------------------------

/** OpenAI Responses API. The raw API sends no `output_text`: the SDK derives it. */
export function openAiResponse(model = "gpt-5-mini-2025-08-07"): Omit<OpenAiResponse, "output_text"> {
  return {
    id: "resp_fake_1",
    object: "response",
    created_at: 1_767_225_600,
    status: "completed",
    model,
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: {},
    parallel_tool_calls: true,
    temperature: 1,
    top_p: 1,
    tool_choice: "auto",
    tools: [{ type: "web_search" }],
    output: [
      {
        type: "web_search_call",
        id: "ws_fake_1",
        status: "completed",
        action: {
          type: "search",
          queries: ["best CRM for small agency 2026", " acme crm pricing "],
          query: "best CRM for small agency 2026",
          sources: [
            { type: "url", url: "https://www.acme.example/pricing" },
            { type: "url", url: "https://reviews.example.org/best-crm-2026" },
          ],
        },
      },
      // An older response shape: only the deprecated single query.
      { type: "web_search_call", id: "ws_fake_2", status: "completed", action: { type: "search", query: "acme crm reviews" } },
      { type: "web_search_call", id: "ws_fake_3", status: "completed", action: { type: "open_page", url: "https://www.acme.example/pricing" } },
      {
        type: "message",
        id: "msg_fake_1",
        role: "assistant",
        status: "completed",
        content: [
          {
            type: "output_text",
            text: "For a small agency, **Acme CRM** is the best fit ([acme.example](https://www.acme.example/pricing)). Globex is a cheaper alternative.",
            annotations: [
              { type: "url_citation", start_index: 51, end_index: 97, url: "https://www.acme.example/pricing", title: "Acme CRM pricing" },
              { type: "url_citation", start_index: 100, end_index: 130, url: "https://reviews.example.org/best-crm-2026", title: "Best CRMs of 2026" },
              { type: "url_citation", start_index: 131, end_index: 140, url: "https://www.acme.example/pricing", title: "Acme (duplicate)" },
              { type: "url_citation", start_index: 141, end_index: 142, url: "ftp://files.example.org/crm.txt", title: "Not a web page" },
            ],
          },
        ],
      },
    ],
    usage: {
      input_tokens: 1200,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      output_tokens: 300,
      output_tokens_details: { reasoning_tokens: 64 },
      total_tokens: 1500,
    },
  };
}

/** xAI's Responses API, after Vercel's captured fixture: search calls as function-like items. */
export function xaiResponse(model = "grok-4-1-fast-reasoning") {
  return {
    id: "resp_xai_1",
    object: "response",
    created_at: 1_767_225_600,
    model,
    status: "completed",
    output: [
      { type: "web_search_call", id: "fc_1_0", call_id: "", name: "web_search", arguments: '{"query":"best CRM small agency","num_results":5}', status: "completed" },
      { type: "web_search_call", id: "fc_1_1", call_id: "", name: "browse_page", arguments: '{"url":"https://www.acme.example/pricing"}', status: "completed" },
      { type: "web_search_call", id: "fc_1_2", call_id: "", name: "web_search_with_snippets", arguments: '{"query":"Acme CRM review"}', status: "completed" },
      { type: "web_search_call", id: "fc_1_3", call_id: "", name: "web_search", arguments: "{not json", status: "completed" },
      {
        type: "message",
        id: "msg_xai_1",
        role: "assistant",
        status: "completed",
        content: [
          {
            type: "output_text",
            text: "Acme CRM is the usual pick for small agencies [[1]](https://www.acme.example/pricing).",
            logprobs: [],
            annotations: [
              { type: "url_citation", url: "https://www.acme.example/pricing" },
              { type: "url_citation", url: "https://news.example.net/acme-funding", title: "Acme raises Series B" },
            ],
          },
        ],
      },
    ],
    citations: ["https://www.acme.example/pricing", "https://blog.example.com/crm-guide"],
    usage: {
      input_tokens: 1941,
      output_tokens: 583,
      total_tokens: 2524,
      num_sources_used: 0,
      num_server_side_tools_used: 2,
      server_side_tool_usage_details: { web_search_calls: 2, x_search_calls: 0 },
    },
  };
}

/** Plain chat completions with OpenAI's search annotations and a gateway-style `citations` list. */
export function chatCompletion(model = "llama-3.3-70b-instruct"): ChatCompletion & { citations: string[] } {
  return {
    id: "chatcmpl_fake_1",
    object: "chat.completion",
    created: 1_767_225_600,
    model,
    choices: [
      {
        index: 0,
        finish_reason: "stop",
        logprobs: null,
        message: {
          role: "assistant",
          refusal: null,
          content: "Acme CRM suits small agencies; Globex costs less.",
          annotations: [
            { type: "url_citation", url_citation: { url: "https://www.acme.example/pricing", title: "Acme CRM pricing", start_index: 0, end_index: 8 } },
          ],
        },
      },
    ],
    citations: ["https://www.acme.example/pricing", "https://globex.example.com/"],
    usage: { prompt_tokens: 40, completion_tokens: 20, total_tokens: 60 },
  };
}

/** A reply of the OpenAI-compatible route whose message is `content` (a JSON object asked for, or prose). */
export function chatCompletionSaying(content: string): FakeAiReply {
  const completion = chatCompletion();
  completion.choices[0]!.message.content = content;
  return { json: completion };
}

/** Anthropic Messages with the web search server tool, as in the docs' example. */
export function anthropicMessage(options: { model?: string; stop_reason?: Message["stop_reason"]; content?: Message["content"] } = {}): Message {
  return {
    id: "msg_fake_1",
    type: "message",
    role: "assistant",
    model: options.model ?? "claude-sonnet-4-5-20250929",
    container: null,
    diagnostics: null,
    stop_details: null,
    stop_reason: options.stop_reason ?? "end_turn",
    stop_sequence: null,
    content: options.content ?? [
      { type: "text", text: "I'll search for that.", citations: null },
      { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "best CRM small agency" }, caller: { type: "direct" } },
      {
        type: "web_search_tool_result",
        tool_use_id: "srvtoolu_1",
        caller: { type: "direct" },
        content: [
          { type: "web_search_result", url: "https://www.acme.example/pricing", title: "Acme CRM pricing", encrypted_content: "Eqg…", page_age: "April 30, 2026" },
          { type: "web_search_result", url: "https://reviews.example.org/best-crm-2026", title: "Best CRMs of 2026", encrypted_content: "Eqh…", page_age: null },
        ],
      },
      {
        type: "text",
        text: "Acme CRM is the best fit for a small agency",
        citations: [
          { type: "web_search_result_location", url: "https://www.acme.example/pricing", title: "Acme CRM pricing", cited_text: "Acme CRM starts at…", encrypted_index: "Eo8…" },
          { type: "web_search_result_location", url: "https://reviews.example.org/best-crm-2026", title: null, cited_text: "Our pick…", encrypted_index: "Eo9…" },
        ],
      },
      { type: "text", text: ", and Globex is cheaper.", citations: null },
      {
        type: "text",
        text: " Reviewers agree.",
        citations: [
          { type: "web_search_result_location", url: "https://reviews.example.org/best-crm-2026", title: "Best CRMs of 2026", cited_text: "Our pick…", encrypted_index: "Ep0…" },
        ],
      },
    ],
    usage: {
      input_tokens: 6039,
      output_tokens: 931,
      cache_creation: null,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      inference_geo: null,
      output_tokens_details: null,
      server_tool_use: { web_search_requests: 1, web_fetch_requests: 0 },
      service_tier: "standard",
      speed: null,
    },
  };
}

/** Perplexity Sonar: `[n]` markers, search_results with titles, bare citations, reasoning steps. */
export function perplexityCompletion(model = "sonar"): PerplexityCompletion {
  return {
    id: "pplx_fake_1",
    object: "chat.completion",
    created: 1_767_225_600,
    model,
    choices: [
      {
        index: 0,
        finish_reason: "stop",
        message: {
          role: "assistant",
          content: "Acme CRM is the best choice for small agencies [1][2].",
          reasoning_steps: [
            { thought: "Search for CRM reviews", type: "web_search", web_search: { search_keywords: ["best CRM small agency", "Acme CRM pricing"], search_results: [] } },
            { thought: "Compare prices", type: "web_search", web_search: { search_keywords: ["acme crm pricing", ""], search_results: [] } },
          ],
        },
        delta: { role: "assistant", content: "" },
      },
    ],
    citations: ["https://www.acme.example/pricing", "https://reviews.example.org/best-crm-2026"],
    search_results: [
      { title: "Acme CRM pricing", url: "https://www.acme.example/pricing", date: "2026-01-02", last_updated: "2026-02-01", snippet: "Acme CRM starts at…", source: "web" },
      { title: "Best CRMs of 2026", url: "https://reviews.example.org/best-crm-2026", date: null, snippet: "Our pick…", source: "web" },
    ],
    usage: {
      prompt_tokens: 12,
      completion_tokens: 40,
      total_tokens: 52,
      num_search_queries: 2,
      search_context_size: "low",
      citation_tokens: 300,
      reasoning_tokens: 0,
      cost: { input_tokens_cost: 0, output_tokens_cost: 0, request_cost: 0.005, total_cost: 0.005 },
    },
  };
}

type GeminiWire = Pick<GenerateContentResponse, "candidates" | "modelVersion" | "responseId" | "usageMetadata">;

/**
 * Gemini grounded with Google Search. Grounding chunk URIs point at this fake's redirect endpoint
 * (`GEMINI_REDIRECTS`), titles are bare domains, as the real API sends them.
 */
export function geminiResponse(baseUrl: string, model = "gemini-2.5-flash-002"): GeminiWire {
  return {
    candidates: [
      {
        content: {
          role: "model",
          parts: [
            { text: "Considering small-agency CRMs…", thought: true },
            { text: "For a small agency, Acme CRM is the best fit. " },
            { text: "Globex is a cheaper alternative." },
          ],
        },
        finishReason: "STOP" as GeminiFinishReason,
        groundingMetadata: {
          webSearchQueries: ["best CRM small agency", "acme crm pricing", "best CRM small agency"],
          searchEntryPoint: { renderedContent: "<!-- search widget -->" },
          groundingChunks: [
            { web: { uri: `${baseUrl}/grounding-api-redirect/src-acme`, title: "acme.example" } },
            { web: { uri: `${baseUrl}/grounding-api-redirect/src-review`, title: "reviews.example.org" } },
            // Its redirect fails: the title, a domain, still gives an address.
            { web: { uri: `${baseUrl}/grounding-api-redirect/src-gone`, title: "globex.example.com" } },
          ],
          groundingSupports: [
            { segment: { endIndex: 47, text: "For a small agency, Acme CRM is the best fit." }, groundingChunkIndices: [0, 1], confidenceScores: [0.9, 0.8] },
          ],
        },
      },
    ],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 30, totalTokenCount: 40 },
    modelVersion: model,
    responseId: "gemini_fake_1",
  };
}

type GeminiFinishReason = NonNullable<NonNullable<GenerateContentResponse["candidates"]>[number]["finishReason"]>;

export const DEFAULT_RESPONDERS: Record<FakeAiRoute, FakeAiResponder> = {
  chatgpt: () => ({ json: openAiResponse() }),
  grok: () => ({ json: xaiResponse() }),
  "openai-compatible": () => ({ json: chatCompletion() }),
  claude: () => ({ json: anthropicMessage() }),
  perplexity: () => ({ json: perplexityCompletion() }),
  gemini: (_request, baseUrl) => ({ json: geminiResponse(baseUrl) }),
  "gemini-redirect": (request) => {
    const target = GEMINI_REDIRECTS[request.path.split("/").pop() ?? ""];
    return target ? fakeReplies.redirect(target) : { status: 404, raw: "Not Found", contentType: "text/html" };
  },
};
