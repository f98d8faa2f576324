import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { addMonths } from "date-fns";
import Stripe from "stripe";

/**
 * A local HTTP server speaking Stripe's API (providers.md §8, API 2026-10-28) for exactly the calls
 * Sightline makes, for the real SDK pointed at it with STRIPE_API_URL (providers.md §10):
 *
 *   GET  /v1/prices?lookup_keys[0]=…&active=true&limit=1
 *   POST /v1/checkout/sessions               GET  /v1/checkout/sessions/:id
 *     (subscription mode with Price ids; payment mode with Price ids or inline `price_data`)
 *   POST /v1/checkout/sessions/:id/expire
 *   GET  /v1/subscriptions/:id               POST /v1/subscriptions/:id
 *   POST /v1/subscription_schedules          GET|POST /v1/subscription_schedules/:id
 *   POST /v1/subscription_schedules/:id/release
 *   POST /v1/billing_portal/sessions         GET  /v1/invoices/:id
 *
 * Bodies are form-encoded (`a[0][b]=c`), answers are JSON, errors are Stripe's
 * `{error:{type,code,message,param}}`. Every request is recorded. What happens on Stripe's side
 * without an API call (a customer paying, a renewal, a card refused, a schedule's next phase) is
 * done by the helpers, which return the objects for `signedEvent`.
 *
 * Stripe's rules the fake enforces because Sightline's code must respect them:
 * - the subscription period is on the item (`items.data[0].current_period_{start,end}`), not on the subscription;
 * - with `payment_behavior=pending_if_incomplete` only the pending-update parameters are accepted;
 * - a subscription attached to a schedule refuses `cancel_at_period_end` (update the schedule, or release it);
 * - a schedule update must resend the current phase with its start date unchanged;
 * - a released schedule cannot be released or updated again; a canceled subscription cannot be updated.
 */

export const FAKE_STRIPE_KEY = "sk_test_sightline_fake";
export const FAKE_WEBHOOK_SECRET = "whsec_sightline_fake";
export const FAKE_API_VERSION = "2026-10-28.endive";

export type FakeStripeRequest = {
  method: string;
  path: string;
  query: Record<string, any>;
  body: Record<string, any>;
  headers: http.IncomingHttpHeaders;
  status: number;
};

type Obj = Record<string, any>;

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (what: string, id: string, param?: string) => new StripeHttpError(404, "invalid_request_error", `No such ${what}: '${id}'`, "resource_missing", param);
const invalid = (message: string, param?: string, code?: string) => new StripeHttpError(400, "invalid_request_error", message, code, param);

/** `a[0][b]=c&a[0][d]=e&k[]=v` → `{a:[{b:'c',d:'e'}], k:['v']}`, as Stripe (qs) reads it. */
export function parseForm(text: string): Obj {
  const root: Obj = {};
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
    const rawKey = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? "" : decode(pair.slice(eq + 1));
    const head = rawKey.match(/^[^[]+/)?.[0] ?? rawKey;
    const path = [head, ...[...rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])];
    let node: Obj = root;
    path.forEach((segment, i) => {
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[key] = value;
      else node = node[key] ??= {};
    });
  }
  return arrays(root);
}

/** Objects whose keys are all indices become arrays (in index order). */
function arrays(value: unknown): any {
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value as Obj).map(([key, inner]) => [key, arrays(inner)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

const bool = (value: unknown) => value === true || value === "true";
const int = (value: unknown) => (value === undefined || value === "" ? undefined : Number(value));
const clone = <T>(value: T): T => structuredClone(value);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function newId(prefix: string) {
  return `${prefix}_${crypto.randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

function periodEnd(start: number, interval: string, count = 1) {
  return seconds(addMonths(new Date(start * 1000), (interval === "year" ? 12 : 1) * count));
}

export type FakeStripeOptions = { secretKey?: string; webhookSecret?: string; lookupPrefix?: string };

export async function createFakeStripe(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? FAKE_STRIPE_KEY;
  const webhookSecret = options.webhookSecret ?? FAKE_WEBHOOK_SECRET;
  const lookupPrefix = options.lookupPrefix ?? "sightline";
  const signer = new Stripe(secretKey);

  const requests: FakeStripeRequest[] = [];
  const prices = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const schedules = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const portalSessions = new Map<string, Obj>();
  /** What Checkout needs when the customer pays: the line items and subscription_data, not on the Session object. */
  const hidden = new Map<string, { lineItems: Obj[]; subscriptionData: Obj }>();
  /** When set, the next payment Stripe attempts (an invoice of an update or a renewal) is declined. */
  let declineNextPayment = false;

  const now = () => Math.floor(Date.now() / 1000);

  function addPrice(plan: string, period: "monthly" | "yearly", unitAmount: number, extra: Obj = {}) {
    const price = {
      id: `price_${plan}_${period}`,
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      created: now(),
      currency: "eur",
      livemode: false,
      lookup_key: `${lookupPrefix}_${plan}_${period}`,
      metadata: { plan_id: plan },
      nickname: null,
      product: `prod_${plan}`,
      recurring: { interval: period === "yearly" ? "year" : "month", interval_count: 1, meter: null, usage_type: "licensed" },
      tax_behavior: "unspecified",
      type: "recurring",
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
      ...extra,
    };
    prices.set(price.id, price);
    return price;
  }
  // The seeded plans' prices (server/db/seed.ts), in EUR cents.
  for (const [plan, monthly, yearly] of [
    ["essential", 2900, 29000],
    ["pro", 7900, 79000],
    ["business", 19900, 199000],
  ] as const) {
    addPrice(plan, "monthly", monthly);
    addPrice(plan, "yearly", yearly);
  }

  function price(id: unknown, param?: string) {
    const found = typeof id === "string" ? prices.get(id) : undefined;
    if (!found) throw missing("price", String(id), param);
    return found;
  }

  function subscription(id: string, param?: string) {
    const found = subscriptions.get(id);
    if (!found) throw missing("subscription", id, param);
    return found;
  }

  function schedule(id: string) {
    const found = schedules.get(id);
    if (!found) throw missing("subscription_schedule", id);
    return found;
  }

  function itemOf(sub: Obj) {
    return sub.items.data[0] as Obj;
  }

  function createInvoice(sub: Obj, reason: string, paid: boolean, amount: number) {
    const item = itemOf(sub);
    const invoice = {
      id: newId("in"),
      object: "invoice",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created: now(),
      currency: "eur",
      customer: sub.customer,
      lines: {
        object: "list",
        data: [
          {
            id: newId("il"),
            object: "line_item",
            amount,
            currency: "eur",
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { price_details: { price: item.price.id, product: item.price.product }, type: "price_details" },
          },
        ],
        has_more: false,
      },
      livemode: false,
      next_payment_attempt: paid ? null : now() + 3 * 86_400,
      parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: clone(sub.metadata), subscription: sub.id } },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      status: paid ? "paid" : "open",
      status_transitions: { paid_at: paid ? now() : null },
    };
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** Whether the payment Stripe attempts now goes through (and consumes a scripted decline). */
  function paymentSucceeds() {
    if (!declineNextPayment) return true;
    declineNextPayment = false;
    return false;
  }

  // ---- routes --------------------------------------------------------------------------------

  type Handler = (match: RegExpMatchArray, query: Obj, body: Obj) => { status?: number; json: unknown };
  const routes: Array<{ method: string; path: RegExp; handler: Handler }> = [];
  const route = (method: string, path: RegExp, handler: Handler) => routes.push({ method, path, handler });

  route("GET", /^\/v1\/prices$/, (_m, query) => {
    const keys: string[] = Array.isArray(query.lookup_keys) ? query.lookup_keys : query.lookup_keys ? [query.lookup_keys] : [];
    let data = [...prices.values()];
    if (keys.length > 0) data = data.filter((p) => keys.includes(p.lookup_key));
    if (query.active !== undefined) data = data.filter((p) => p.active === bool(query.active));
    const limit = int(query.limit) ?? 10;
    return { json: { object: "list", data: clone(data.slice(0, limit)), has_more: data.length > limit, url: "/v1/prices" } };
  });

  route("POST", /^\/v1\/checkout\/sessions$/, (_m, _q, body) => {
    if (!["payment", "setup", "subscription"].includes(body.mode)) throw invalid("Invalid mode: must be one of payment, setup, or subscription", "mode");
    if (!body.success_url) throw invalid("Missing required param: success_url.", "success_url", "parameter_missing");
    if (body.customer && body.customer_email) throw invalid("You may only specify one of these parameters: customer, customer_email.", "customer");
    if (body.customer && !customers.has(body.customer)) throw missing("customer", body.customer, "customer");
    const lineItems: Obj[] = body.line_items ?? [];
    if (lineItems.length === 0) throw invalid("Missing required param: line_items.", "line_items", "parameter_missing");
    // Inline prices (`price_data`) are for one-time payments: a subscription needs a recurring Price.
    const unitAmount = (item: Obj, i: number): number => {
      if (item.price_data) {
        if (body.mode !== "payment") throw invalid("price_data needs recurring for a subscription; use a Price", `line_items[${i}][price_data]`);
        const data = item.price_data;
        if (!data.currency || !/^[a-z]{3}$/.test(data.currency)) throw invalid("Invalid currency", `line_items[${i}][price_data][currency]`);
        if (int(data.unit_amount) === undefined || int(data.unit_amount)! < 0) throw invalid("Invalid integer: unit_amount", `line_items[${i}][price_data][unit_amount]`);
        if (!data.product_data?.name) throw invalid("Missing required param: line_items[][price_data][product_data][name].", `line_items[${i}][price_data][product_data][name]`, "parameter_missing");
        return int(data.unit_amount)!;
      }
      if (!price(item.price, `line_items[${i}][price]`).active) {
        throw invalid("The price specified is inactive. This field only accepts active prices.", `line_items[${i}][price]`);
      }
      return price(item.price).unit_amount;
    };
    const amounts = lineItems.map(unitAmount);
    const currencies = new Set(lineItems.map((item) => item.price_data?.currency ?? "eur"));
    if (currencies.size > 1) throw invalid("All line items must have the same currency", "line_items");
    const id = newId("cs_test");
    const session = {
      id,
      object: "checkout.session",
      allow_promotion_codes: bool(body.allow_promotion_codes),
      amount_total: lineItems.reduce((sum, item, i) => sum + amounts[i] * (int(item.quantity) ?? 1), 0),
      cancel_url: body.cancel_url ?? null,
      client_reference_id: body.client_reference_id ?? null,
      created: now(),
      currency: [...currencies][0],
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      expires_at: now() + 86_400,
      payment_intent: null as string | null,
      livemode: false,
      metadata: body.metadata ?? {},
      mode: body.mode,
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: body.success_url,
      ui_mode: "hosted_page",
      url: `https://checkout.stripe.test/c/pay/${id}`,
    };
    sessions.set(id, session);
    hidden.set(id, { lineItems, subscriptionData: body.subscription_data ?? {} });
    return { json: clone(session) };
  });

  route("GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (m) => {
    const session = sessions.get(m[1]);
    if (!session) throw missing("checkout.session", m[1]);
    return { json: clone(session) };
  });

  route("POST", /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (m) => {
    const session = sessions.get(m[1]);
    if (!session) throw missing("checkout.session", m[1]);
    if (session.status !== "open") throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    Object.assign(session, { status: "expired", url: null });
    return { json: clone(session) };
  });

  route("GET", /^\/v1\/subscriptions\/([^/]+)$/, (m) => ({ json: clone(subscription(m[1])) }));

  const PENDING_UPDATE_PARAMS = new Set([
    "expand",
    "payment_behavior",
    "proration_behavior",
    "proration_date",
    "billing_cycle_anchor",
    "items",
    "trial_end",
    "trial_from_plan",
    "add_invoice_items",
    "metadata",
  ]);

  route("POST", /^\/v1\/subscriptions\/([^/]+)$/, (m, _q, body) => {
    const sub = subscription(m[1]);
    if (sub.status === "canceled") throw invalid("A canceled subscription can only update its cancellation_details and metadata.");
    if (body.payment_behavior === "pending_if_incomplete") {
      const unsupported = Object.keys(body).find((key) => !PENDING_UPDATE_PARAMS.has(key));
      if (unsupported) {
        throw invalid(`You cannot pass \`${unsupported}\` when \`payment_behavior\` is \`pending_if_incomplete\`. Only the parameters supported by pending updates can be used.`, unsupported);
      }
    }
    if (sub.schedule && body.cancel_at_period_end !== undefined) {
      throw invalid(
        `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        "cancel_at_period_end",
      );
    }
    if (body.items) {
      const item = itemOf(sub);
      const changes: Obj[] = body.items;
      if (changes.length !== 1 || changes[0].id !== item.id) throw invalid("The fake supports replacing the price of the one subscription item by its id.", "items");
      const next = price(changes[0].price, "items[0][price]");
      if (next.id !== item.price.id) {
        const old = item.price;
        const apply = () => {
          item.price = clone(next);
          item.plan = { id: next.id, interval: next.recurring.interval };
          if (next.recurring.interval !== old.recurring.interval) {
            // A new billing interval resets the billing cycle to now.
            item.current_period_start = now();
            item.current_period_end = periodEnd(item.current_period_start, next.recurring.interval);
            sub.billing_cycle_anchor = item.current_period_start;
          }
        };
        const prorationAmount = Math.max(0, next.unit_amount - old.unit_amount);
        if (body.proration_behavior === "always_invoice") {
          const paid = paymentSucceeds();
          if (paid || body.payment_behavior !== "pending_if_incomplete") apply();
          createInvoice(sub, "subscription_update", paid, prorationAmount);
          if (!paid && body.payment_behavior === "pending_if_incomplete") {
            sub.pending_update = {
              billing_cycle_anchor: null,
              expires_at: now() + 23 * 3600,
              subscription_items: [{ ...clone(item), price: clone(next) }],
              trial_end: null,
              trial_from_plan: null,
            };
          } else if (!paid) {
            sub.status = "past_due";
          }
        } else {
          apply();
        }
      }
    }
    if (body.cancel_at_period_end !== undefined) {
      const cancel = bool(body.cancel_at_period_end);
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? itemOf(sub).current_period_end : null;
      sub.canceled_at = cancel ? now() : null;
    }
    if (body.metadata) sub.metadata = { ...sub.metadata, ...body.metadata };
    return { json: clone(sub) };
  });

  route("DELETE", /^\/v1\/subscriptions\/([^/]+)$/, (m) => ({ json: cancelNow(m[1]).subscription }));

  route("POST", /^\/v1\/subscription_schedules$/, (_m, _q, body) => {
    if (!body.from_subscription) throw invalid("The fake only creates schedules from_subscription.", "from_subscription");
    const sub = subscription(body.from_subscription, "from_subscription");
    if (sub.schedule) throw invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`, "from_subscription");
    if (sub.status === "canceled") throw invalid("You cannot migrate a canceled subscription to a schedule.", "from_subscription");
    const item = itemOf(sub);
    const id = newId("sub_sched");
    const phase = {
      start_date: item.current_period_start,
      end_date: item.current_period_end,
      items: [{ price: item.price.id, quantity: item.quantity, metadata: {}, plan: item.price.id }],
      proration_behavior: "create_prorations",
      metadata: {},
    };
    const created = {
      id,
      object: "subscription_schedule",
      canceled_at: null,
      completed_at: null,
      created: now(),
      current_phase: { start_date: phase.start_date, end_date: phase.end_date },
      customer: sub.customer,
      end_behavior: sub.cancel_at_period_end ? "cancel" : "release",
      livemode: false,
      metadata: {},
      phases: [phase],
      released_at: null,
      released_subscription: null,
      status: "active",
      subscription: sub.id,
    };
    schedules.set(id, created);
    sub.schedule = id;
    return { json: clone(created) };
  });

  route("GET", /^\/v1\/subscription_schedules\/([^/]+)$/, (m) => ({ json: clone(schedule(m[1])) }));

  route("POST", /^\/v1\/subscription_schedules\/([^/]+)$/, (m, _q, body) => {
    const sched = schedule(m[1]);
    if (!["active", "not_started"].includes(sched.status)) {
      throw invalid(`You cannot update a subscription schedule that is currently in the \`${sched.status}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`);
    }
    if (body.end_behavior !== undefined) {
      if (!["release", "cancel", "none", "renew"].includes(body.end_behavior)) throw invalid("Invalid end_behavior", "end_behavior");
      sched.end_behavior = body.end_behavior;
    }
    if (body.phases) {
      const input: Obj[] = body.phases;
      const current = sched.current_phase as { start_date: number; end_date: number };
      if (!input[0]?.start_date) throw invalid("The first phase needs a start_date.", "phases[0][start_date]");
      let start = int(input[0].start_date)!;
      const phases = input.map((phase, i) => {
        if (phase.end_date !== undefined && phase.duration !== undefined) throw invalid("You may only specify one of these parameters: end_date, duration.", `phases[${i}]`);
        if (i > 0 && phase.start_date !== undefined && int(phase.start_date) !== start) throw invalid("Phases must be contiguous.", `phases[${i}][start_date]`);
        const items: Obj[] = phase.items ?? [];
        if (items.length === 0) throw invalid("Missing required param: items.", `phases[${i}][items]`, "parameter_missing");
        for (const [j, item] of items.entries()) price(item.price, `phases[${i}][items][${j}][price]`);
        const end =
          phase.end_date !== undefined
            ? int(phase.end_date)!
            : phase.duration
              ? periodEnd(start, phase.duration.interval, int(phase.duration.interval_count) ?? 1)
              : periodEnd(start, price(items[0].price).recurring.interval);
        if (end <= start) throw invalid("A phase must end after it starts.", `phases[${i}][end_date]`);
        const stored = {
          start_date: start,
          end_date: end,
          items: items.map((item) => ({ price: item.price, quantity: int(item.quantity) ?? 1, metadata: {}, plan: item.price })),
          proration_behavior: phase.proration_behavior ?? "create_prorations",
          metadata: phase.metadata ?? {},
        };
        start = end;
        return stored;
      });
      // Past phases may be omitted, but those sent must be what they were: the past is not edited.
      for (const [i, phase] of phases.entries()) {
        if (phase.end_date > current.start_date) continue;
        const was = sched.phases.find((old: Obj) => old.start_date === phase.start_date);
        if (!was || was.end_date !== phase.end_date || was.items[0].price !== phase.items[0].price) {
          throw invalid("You can not modify phases that have already ended.", `phases[${i}]`);
        }
      }
      const live = phases.find((phase) => phase.start_date <= current.start_date && current.start_date < phase.end_date);
      if (!live) throw invalid("The phases must include the current phase.", "phases");
      if (live.start_date !== current.start_date) throw invalid("You can not modify the start date of the current phase.", "phases[0][start_date]");
      sched.phases = [...sched.phases.filter((phase: Obj) => phase.end_date <= phases[0].start_date), ...phases];
      sched.current_phase = { start_date: live.start_date, end_date: live.end_date };
      // The current phase's items are the subscription's: a different price there applies now.
      const sub = subscription(sched.subscription);
      const item = itemOf(sub);
      if (live.items[0].price !== item.price.id) {
        const p = price(live.items[0].price);
        item.price = clone(p);
        item.plan = { id: p.id, interval: p.recurring.interval };
      }
      if (live.end_date !== item.current_period_end) item.current_period_end = live.end_date;
    }
    return { json: clone(sched) };
  });

  route("POST", /^\/v1\/subscription_schedules\/([^/]+)\/release$/, (m) => {
    const sched = schedule(m[1]);
    if (!["active", "not_started"].includes(sched.status)) {
      throw invalid(`You cannot release a subscription schedule that is currently in the \`${sched.status}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`);
    }
    release(sched);
    return { json: clone(sched) };
  });

  route("POST", /^\/v1\/billing_portal\/sessions$/, (_m, _q, body) => {
    if (!body.customer) throw invalid("Missing required param: customer.", "customer", "parameter_missing");
    if (!customers.has(body.customer)) throw missing("customer", body.customer, "customer");
    const id = newId("bps");
    const portal = {
      id,
      object: "billing_portal.session",
      configuration: "bpc_default",
      created: now(),
      customer: body.customer,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: body.return_url ?? null,
      url: `https://billing.stripe.test/p/session/${id}`,
    };
    portalSessions.set(id, portal);
    return { json: clone(portal) };
  });

  route("GET", /^\/v1\/invoices\/([^/]+)$/, (m) => {
    const invoice = invoices.get(m[1]);
    if (!invoice) throw missing("invoice", m[1]);
    return { json: clone(invoice) };
  });

  function release(sched: Obj) {
    const sub = sched.subscription ? subscriptions.get(sched.subscription) : undefined;
    if (sub) sub.schedule = null;
    sched.status = "released";
    sched.released_at = now();
    sched.released_subscription = sched.subscription;
    sched.subscription = null;
    sched.current_phase = null;
  }

  // ---- the server ----------------------------------------------------------------------------

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const query = parseForm(url.search.slice(1));
      const body = parseForm(Buffer.concat(chunks).toString("utf8"));
      const record: FakeStripeRequest = { method: req.method ?? "GET", path: url.pathname, query, body, headers: req.headers, status: 0 };
      requests.push(record);
      const send = (status: number, json: unknown) => {
        record.status = status;
        res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
        res.end(JSON.stringify(json));
      };
      try {
        if (req.headers.authorization !== `Bearer ${secretKey}`) {
          const given = (req.headers.authorization ?? "").replace(/^Bearer /, "");
          throw new StripeHttpError(401, "invalid_request_error", `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`, "api_key_invalid");
        }
        const found = routes.find((r) => r.method === record.method && r.path.test(url.pathname));
        if (!found) throw new StripeHttpError(404, "invalid_request_error", `Unrecognized request URL (${record.method}: ${url.pathname}).`);
        const { status, json } = found.handler(url.pathname.match(found.path)!, query, body);
        send(status ?? 200, json);
      } catch (error) {
        if (error instanceof StripeHttpError) {
          send(error.status, { error: { type: error.type, message: error.message, ...(error.code && { code: error.code }), ...(error.param && { param: error.param }) } });
        } else {
          send(500, { error: { type: "api_error", message: String(error) } });
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // ---- what happens on Stripe's side -------------------------------------------------------

  /** The customer pays on the Checkout page: a customer and an active subscription are created. */
  function completeCheckout(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
    if (session.status !== "open") throw new Error(`fake Stripe: checkout session ${sessionId} is ${session.status}`);
    const extra = hidden.get(sessionId)!;
    if (session.mode !== "subscription") throw new Error(`fake Stripe: checkout session ${sessionId} is a ${session.mode}: use completePayment`);
    let customer = session.customer as string | null;
    if (!customer) {
      customer = newId("cus");
      customers.set(customer, { id: customer, object: "customer", email: session.customer_email, created: now(), metadata: {} });
    }
    const line = extra.lineItems[0];
    const p = price(line.price);
    const start = now();
    const subId = newId("sub");
    const item = {
      id: newId("si"),
      object: "subscription_item",
      created: start,
      current_period_start: start,
      current_period_end: periodEnd(start, p.recurring.interval),
      metadata: {},
      plan: { id: p.id, interval: p.recurring.interval },
      price: clone(p),
      quantity: int(line.quantity) ?? 1,
      subscription: subId,
    };
    const sub = {
      id: subId,
      object: "subscription",
      billing_cycle_anchor: start,
      billing_mode: { type: "flexible" },
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: "charge_automatically",
      created: start,
      currency: "eur",
      customer,
      ended_at: null,
      items: { object: "list", data: [item], has_more: false, total_count: 1, url: `/v1/subscription_items?subscription=${subId}` },
      latest_invoice: null as string | null,
      livemode: false,
      metadata: { ...(extra.subscriptionData.metadata ?? {}) },
      pending_update: null,
      schedule: null,
      start_date: start,
      status: "active",
      trial_end: null,
      trial_start: null,
    };
    subscriptions.set(subId, sub);
    const invoice = createInvoice(sub, "subscription_create", true, p.unit_amount * item.quantity);
    Object.assign(session, { status: "complete", payment_status: "paid", customer, subscription: subId });
    return { session: clone(session), subscription: clone(sub), invoice: clone(invoice) };
  }

  /** The customer pays a one-time Checkout (payment mode): a PaymentIntent succeeds, nothing recurs. */
  function completePayment(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
    if (session.mode !== "payment") throw new Error(`fake Stripe: checkout session ${sessionId} is a ${session.mode}`);
    if (session.status !== "open") throw new Error(`fake Stripe: checkout session ${sessionId} is ${session.status}`);
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: newId("pi") });
    return clone(session);
  }

  /** The line items a session was created with, as sent (Stripe keeps them; Sightline never reads them back). */
  const lineItemsOf = (sessionId: string): Obj[] => clone(hidden.get(sessionId)?.lineItems ?? []);

  /**
   * The period ends: the next one starts where it ended. A schedule attached to the subscription
   * moves to its next phase (its price), or, past its last phase, ends as its end_behavior says.
   * A declined payment leaves the subscription past_due with an open invoice.
   */
  function renew(subId: string, opts: { paymentFails?: boolean } = {}) {
    const sub = subscription(subId);
    const item = itemOf(sub);
    const start = item.current_period_end;
    let interval = item.price.recurring.interval;
    let end: number | undefined;
    if (sub.schedule) {
      const sched = schedule(sub.schedule);
      const next = sched.phases.find((phase: Obj) => phase.start_date === start);
      if (next) {
        const p = price(next.items[0].price);
        item.price = clone(p);
        item.plan = { id: p.id, interval: p.recurring.interval };
        item.quantity = next.items[0].quantity;
        interval = p.recurring.interval;
        end = next.end_date;
        sched.current_phase = { start_date: next.start_date, end_date: next.end_date };
      } else if (sched.end_behavior === "cancel") {
        return cancelNow(subId);
      } else {
        release(sched);
        sched.status = "completed";
        sched.completed_at = now();
      }
    }
    if (sub.cancel_at_period_end) return cancelNow(subId);
    item.current_period_start = start;
    item.current_period_end = end ?? periodEnd(start, interval);
    const paid = !opts.paymentFails && paymentSucceeds();
    const invoice = createInvoice(sub, "subscription_cycle", paid, item.price.unit_amount * item.quantity);
    sub.status = paid ? "active" : "past_due";
    return { subscription: clone(sub), invoice: clone(invoice) };
  }

  /** A schedule's next phase starts (the renewal it was waiting for). */
  function applySchedulePhase(scheduleId: string) {
    const sched = schedule(scheduleId);
    if (!sched.subscription) throw new Error(`fake Stripe: schedule ${scheduleId} is ${sched.status}`);
    const sub = subscription(sched.subscription);
    if (!sched.phases.some((phase: Obj) => phase.start_date === itemOf(sub).current_period_end)) {
      throw new Error(`fake Stripe: schedule ${scheduleId} has no phase starting at the period end`);
    }
    return renew(sched.subscription);
  }

  /** A payment attempt on the latest (or a new renewal) invoice is declined: past_due. */
  function failPayment(subId: string) {
    const sub = subscription(subId);
    const invoice = createInvoice(sub, "subscription_cycle", false, itemOf(sub).price.unit_amount);
    sub.status = "past_due";
    return { subscription: clone(sub), invoice: clone(invoice) };
  }

  /** A retried payment goes through: the invoice is paid and the subscription active again. */
  function payInvoice(invoiceId: string) {
    const invoice = invoices.get(invoiceId);
    if (!invoice) throw new Error(`fake Stripe: no invoice ${invoiceId}`);
    Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0, next_payment_attempt: null, status_transitions: { paid_at: now() } });
    invoice.attempt_count += 1;
    const sub = subscriptions.get(invoice.parent.subscription_details.subscription);
    if (sub && sub.status === "past_due") sub.status = "active";
    return { invoice: clone(invoice), subscription: sub ? clone(sub) : null };
  }

  function setStatus(subId: string, status: string) {
    const sub = subscription(subId);
    sub.status = status;
    return clone(sub);
  }

  /** The subscription ends now (canceled in the Dashboard, dunning exhausted, or a canceled period over). */
  function cancelNow(subId: string) {
    const sub = subscription(subId);
    if (sub.schedule) release(schedule(sub.schedule));
    Object.assign(sub, {
      status: "canceled",
      ended_at: now(),
      canceled_at: sub.canceled_at ?? now(),
      cancellation_details: { comment: null, feedback: null, reason: "cancellation_requested" },
    });
    return { subscription: clone(sub), invoice: null };
  }

  let eventCount = 0;
  /** A webhook event as Stripe sends it, with a valid Stripe-Signature for the fake's webhook secret. */
  function signedEvent(type: string, object: unknown, opts: { id?: string; previousAttributes?: Obj; secret?: string; timestamp?: number } = {}) {
    const event = {
      id: opts.id ?? `evt_${String(++eventCount).padStart(4, "0")}${crypto.randomBytes(8).toString("hex")}`,
      object: "event",
      api_version: FAKE_API_VERSION,
      created: now(),
      livemode: false,
      type,
      data: { object: clone(object), ...(opts.previousAttributes && { previous_attributes: opts.previousAttributes }) },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const payload = JSON.stringify(event);
    return { event, payload, signature: sign(payload, opts) };
  }

  /** A Stripe-Signature header for any payload (by default with the fake's webhook secret, signed now). */
  function sign(payload: string, opts: { secret?: string; timestamp?: number } = {}) {
    return signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? webhookSecret, timestamp: opts.timestamp });
  }

  return {
    url,
    secretKey,
    webhookSecret,
    /** The app's environment for this fake (server/config.ts). */
    env: () => ({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: url, STRIPE_PRICE_LOOKUP_PREFIX: lookupPrefix }),
    requests,
    /** Recorded requests by method and path (a string is a prefix). */
    requestsTo: (method: string, path: string | RegExp) =>
      requests.filter((r) => r.method === method && (typeof path === "string" ? r.path.startsWith(path) : path.test(r.path))),
    prices,
    sessions,
    customers,
    subscriptions,
    schedules,
    invoices,
    addPrice,
    /** The cs_… id at the end of a Checkout url this fake returned. */
    sessionIdFromUrl: (checkoutUrl: string) => checkoutUrl.split("/").at(-1)!,
    declineNextPayment: () => {
      declineNextPayment = true;
    },
    subscription: (id: string) => clone(subscription(id)),
    schedule: (id: string) => clone(schedule(id)),
    invoice: (id: string) => clone(invoices.get(id)),
    completeCheckout,
    completePayment,
    lineItemsOf,
    renew,
    applySchedulePhase,
    failPayment,
    payInvoice,
    setStatus,
    deleteSubscription: cancelNow,
    signedEvent,
    sign,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof createFakeStripe>>;
