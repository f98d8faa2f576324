import fs from "node:fs/promises";
import path from "node:path";

/** One message as the outbox mailer writes it (server/integrations/mail). */
export type OutboxMail = { to: string; subject: string; text: string; html: string; created_at: string };

/**
 * Waits for a mail to `to` that was written at or after `since` (ms) and returns the newest.
 * The mailer writes one file per message, so a short poll of the directory is enough.
 */
export async function waitForMail(dataDir: string, to: string, since: number, timeoutMs = 10_000): Promise<OutboxMail> {
  const dir = path.join(dataDir, "outbox");
  const deadline = Date.now() + timeoutMs;
  const address = to.toLowerCase();
  // File names start with the creation time in this form, so older mails are skipped unread.
  const cutoff = new Date(since).toISOString().replace(/[:.]/g, "-");
  for (;;) {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const mails: OutboxMail[] = [];
    for (const name of names.filter((file) => file.endsWith(".json") && file >= cutoff)) {
      try {
        const mail = JSON.parse(await fs.readFile(path.join(dir, name), "utf8")) as OutboxMail;
        if (mail.to.toLowerCase() === address && Date.parse(mail.created_at) >= since) mails.push(mail);
      } catch {
        // Caught half-written: the next poll reads it whole.
      }
    }
    if (mails.length) return mails.sort((a, b) => a.created_at.localeCompare(b.created_at)).at(-1)!;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The sign-in link of a magic-link mail (the plain-text part holds it on a line of its own). */
export function magicLink(mail: OutboxMail): string {
  const match = mail.text.match(/https?:\/\/\S*[?&]token=[^\s&]+\S*/);
  if (!match) throw new Error(`No sign-in link in the mail to ${mail.to}:\n${mail.text}`);
  return match[0];
}

export function linkToken(link: string): string {
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}
