import en from "../../locales/en/mail.json";
import fr from "../../locales/fr/mail.json";
import type { UpcomingFeature } from "#domain/upcoming-features";
import type { Mail } from "../integrations/mail";

/** The one e-mail a waiting user gets when a "Soon" section opens, in the user's language. */

const messages = { en, fr } as const;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

export function featureOpenedMail(to: string, userLocale: string | null, feature: UpcomingFeature, url: string): Mail {
  const locale = userLocale === "fr" ? "fr" : "en";
  const t = messages[locale].featureOpened;
  const values = { feature: t.names[feature] };
  const [subject, intro, button] = [fill(t.subject, values), fill(t.intro, values), fill(t.button, values)];
  const href = escapeHtml(url);
  return {
    to,
    subject,
    text: [t.greeting, "", intro, "", url, "", t.why].join("\n"),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="color:#475569;font-size:13px">${escapeHtml(t.why)}</p>
</body></html>`,
  };
}
