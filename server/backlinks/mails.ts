import en from "../../locales/en/mail.json";
import fr from "../../locales/fr/mail.json";
import type { Mail } from "../integrations/mail";
import { numberFormat } from "#domain/intl";

/** The marketplace's e-mails, in the user's language: at payment and when a link goes live. */

const messages = { en, fr } as const;
type MailLocale = keyof typeof messages;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
const localeOf = (locale: string | null | undefined): MailLocale => (locale === "fr" ? "fr" : "en");

export const money = (amount: number, currency: string, locale: string | null | undefined) =>
  numberFormat(localeOf(locale) === "fr" ? "fr-FR" : "en-US", { style: "currency", currency }).format(amount / 100);

function layout(locale: MailLocale, paragraphs: string[], link: { label: string; href: string }) {
  const href = escapeHtml(link.href);
  return `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
</body></html>`;
}

export function orderPaidMail(to: string, userLocale: string | null, order: { total: number; currency: string; domains: string[] }, ordersUrl: string): Mail {
  const locale = localeOf(userLocale);
  const t = messages[locale].backlinkPaid;
  const intro = fill(t.intro, { total: money(order.total, order.currency, locale), count: String(order.domains.length) });
  const lines = order.domains.map((domain) => `• ${domain}`);
  return {
    to,
    subject: t.subject,
    text: [t.greeting, "", intro, ...lines, "", t.next, ordersUrl].join("\n"),
    html: layout(locale, [t.greeting, intro, lines.join("  "), t.next], { label: t.button, href: ordersUrl }),
  };
}

export function linkPublishedMail(to: string, userLocale: string | null, item: { domain: string; publishedUrl: string; anchor: string; target: string }, ordersUrl: string): Mail {
  const locale = localeOf(userLocale);
  const t = messages[locale].backlinkPublished;
  const values = { domain: item.domain, anchor: item.anchor, target: item.target };
  const intro = fill(t.intro, values);
  const anchor = fill(t.anchor, values);
  return {
    to,
    subject: fill(t.subject, values),
    text: [t.greeting, "", intro, item.publishedUrl, "", anchor, "", ordersUrl].join("\n"),
    html: layout(locale, [t.greeting, intro, item.publishedUrl, anchor], { label: t.button, href: ordersUrl }),
  };
}
