export const TOAST_TYPES = ["success", "error", "warning", "info"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export type Toast = { id: string; type: ToastType; title: string; description?: string };

/** Seed 000 §4: success 2 s; error and the others 4 s. */
export const TOAST_DURATION_MS: Record<ToastType, number> = {
  success: 2000,
  error: 4000,
  warning: 4000,
  info: 4000,
};

/** Seed 000 §4: at most 20 are kept. */
export const MAX_TOASTS = 20;
