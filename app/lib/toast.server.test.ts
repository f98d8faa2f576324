import { describe, expect, it } from "vitest";
import { readToast, setToast } from "./toast.server";

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
