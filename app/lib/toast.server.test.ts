import { describe, expect, it } from "vitest";
import { markFromScript } from "./script-marker";
import { readToast, replyWithToast, setToast } from "./toast.server";

const asRequest = (cookie: string) => new Request("http://localhost:3000/", { headers: { cookie } });

describe("the flash toast cookie", () => {
  it("round-trips a toast and clears it once read", async () => {
    const cookie = (await setToast({ type: "success", title: "Saved" })).split(";")[0];
    const { toast, clear } = await readToast(asRequest(cookie));
    expect(toast).toMatchObject({ type: "success", title: "Saved" });
    expect(clear).toMatch(/Max-Age=0/);
  });

  it("ignores a toast it did not sign (a sibling subdomain can set our cookies)", async () => {
    const forged = Buffer.from(JSON.stringify({ id: "x", type: "error", title: "Your account is locked, call us" })).toString("base64");
    const { toast } = await readToast(asRequest(`sl_toast=${encodeURIComponent(forged)}`));
    expect(toast).toBeNull();
  });
});

describe("replyWithToast", () => {
  const post = (fromScript: boolean) => {
    const formData = new FormData();
    return fromScript ? markFromScript(formData) : formData;
  };
  const toast = { type: "error", title: "Refused" } as const;
  const cookieOf = async (headers: HeadersInit | undefined) => (await readToast(asRequest(new Headers(headers).get("Set-Cookie")!.split(";")[0]))).toast;

  it("answers a script with the data and the toast, status 200 so the page revalidates", async () => {
    const answer = await replyWithToast(post(true), toast, { ok: false }, { redirectTo: "/back" });
    expect(answer).not.toBeInstanceOf(Response);
    if (answer instanceof Response) return;
    expect(answer.data).toEqual({ ok: false });
    expect(answer.init?.status).toBeUndefined();
    expect(await cookieOf(answer.init?.headers)).toMatchObject(toast);
  });

  it("redirects a plain post with the toast, or answers it the data alone", async () => {
    const redirected = await replyWithToast(post(false), toast, { ok: false }, { redirectTo: "/back" });
    expect(redirected).toBeInstanceOf(Response);
    if (!(redirected instanceof Response)) return;
    expect(redirected.headers.get("Location")).toBe("/back");
    expect(await cookieOf(redirected.headers)).toMatchObject(toast);

    const inline = await replyWithToast(post(false), toast, { ok: false }, { status: 413 });
    if (inline instanceof Response) throw new Error("a plain post without redirectTo gets data");
    expect(inline.init).toEqual({ status: 413 });
  });
});
