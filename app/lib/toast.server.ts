import { data, redirect } from "react-router";
import { v4 as uuid } from "uuid";
import { signedCookie } from "./cookies.server";
import { fromScript } from "./script-marker";
import { TOAST_TYPES, type Toast } from "./toast";

/** A one-shot cookie: set by an action, read and cleared by the next root loader. */
const toastCookie = signedCookie("sl_toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export type ToastInput = Omit<Toast, "id">;

export function setToast(toast: ToastInput): Promise<string> {
  return toastCookie().serialize({ ...toast, id: uuid() });
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const value = await toastCookie().parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object") return { toast: null, clear: null };
  const clear = await toastCookie().serialize("", { maxAge: 0 });
  const toast = value as Partial<Toast>;
  if (!toast.title || !TOAST_TYPES.includes(toast.type as Toast["type"])) return { toast: null, clear };
  return { toast: toast as Toast, clear };
}

export async function redirectWithToast(url: string, toast: ToastInput, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await setToast(toast));
  return redirect(url, { headers });
}

/**
 * The answer to a post a script or a plain form may make. A script (its ScriptMarker) gets `body`
 * with the toast, status 200 so React Router revalidates and the root loader shows the toast at
 * once. A plain post is redirected to `redirectTo` with the toast, or, without one, gets `body` back
 * with `status` and no toast: the page shows it inline, and nothing would read the cookie before
 * the next page.
 */
export async function replyWithToast<T>(formData: FormData, toast: ToastInput, body: T, plain: { redirectTo: string } | { status?: number } = {}) {
  if (fromScript(formData)) return data(body, { headers: { "Set-Cookie": await setToast(toast) } });
  if ("redirectTo" in plain) return redirectWithToast(plain.redirectTo, toast);
  return data(body, { status: plain.status });
}
