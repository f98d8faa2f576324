import en from "../../locales/en/mail.json";
import fr from "../../locales/fr/mail.json";
import type { Mail } from "../integrations/mail";

const messages = { en, fr } as const;
export type MailLocale = keyof typeof messages;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function magicLinkMail(to: string, link: string, locale: MailLocale, ttlMinutes: number): Mail {
  const t = messages[locale].magicLink;
  const intro = t.intro.replace("{{minutes}}", String(ttlMinutes));
  const text = [t.greeting, "", intro, "", link, "", t.ignore].join("\n");
  const href = escapeHtml(link);
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.button)}</a></p>
<p style="color:#475569;font-size:13px">${escapeHtml(t.fallback)}<br><a href="${href}">${href}</a></p>
<p style="color:#475569;font-size:13px">${escapeHtml(t.ignore)}</p>
</body></html>`;
  return { to, subject: t.subject, text, html };
}
