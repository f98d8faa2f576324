import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { v4 as uuid } from "uuid";
import { getConfig } from "../../config";
import { logger } from "../../logger";

export type Mail = { to: string; subject: string; text: string; html: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP (any provider, `smtp://` or `smtps://` URL) for real delivery. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/**
 * Without SMTP the message is kept as one JSON file per mail in `$DATA_DIR/outbox/`, so a local
 * install (and the e2e suite) can follow links without a mail server.
 */
export function outboxMailer(dir: string): Mailer {
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const createdAt = new Date();
      const file = path.join(dir, `${createdAt.toISOString().replace(/[:.]/g, "-")}-${uuid()}.json`);
      const body = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, created_at: createdAt.toISOString() };
      // Write then rename, so a reader polling the folder never sees half a file.
      await fs.writeFile(`${file}.tmp`, `${JSON.stringify(body, null, 2)}\n`);
      await fs.rename(`${file}.tmp`, file);
      logger.info("mail.outbox", { to: mail.to, subject: mail.subject, file });
    },
  };
}

let mailer: { key: string; mailer: Mailer } | undefined;

export function getMailer(): Mailer {
  const config = getConfig();
  const key = `${config.SMTP_URL ?? ""}|${config.MAIL_FROM}|${config.DATA_DIR}`;
  if (mailer?.key !== key) {
    mailer = {
      key,
      mailer: config.SMTP_URL
        ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
        : outboxMailer(path.resolve(config.DATA_DIR, "outbox")),
    };
  }
  return mailer.mailer;
}
