import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One email: a readable body (and its HTML twin), and attachments. */
export interface Email {
  to: string;
  from: string;
  /** Where a reply goes when it is not the sender (a lead's shopper: decision 123). */
  replyTo?: string;
  subject: string;
  text: string;
  /** The same facts as `text` in HTML: with it the email is multipart/alternative. */
  html?: string;
  /** `cid`: an inline picture the HTML names as `cid:<cid>` (the dealer's logo). */
  attachments?: { filename: string; content: string | Buffer; contentType: string; cid?: string }[];
  /** The dealer the email speaks for: its logo heads the email when it has one (`dealer-logo.ts`). */
  dealer?: { slug: string; name: string };
  /** Header fields of its own (an alert's `List-Unsubscribe`, RFC 8058). */
  headers?: Record<string, string>;
  /** Names the `.eml` file when the mail goes to the outbox folder. */
  fileName: string;
}

/**
 * Sends email: leads to dealers (retried by their worker when refused) and account links to
 * shoppers. Rejects when the mail server refuses the message.
 */
export interface Mailer {
  send(email: Email): Promise<void>;
  /** Where mail goes, for the start-up log: `smtp://host:port` or the outbox folder. */
  readonly target: string;
}

function message(email: Email) {
  return {
    to: email.to,
    from: email.from,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    subject: email.subject,
    text: email.text,
    ...(email.html ? { html: email.html } : {}),
    attachments: email.attachments ?? [],
    headers: email.headers ?? {},
  };
}

/**
 * Email through nodemailer: over SMTP when `smtpUrl` is set (`SMTP_URL`, e.g.
 * `smtp://user:pass@mail.example:587`), otherwise each email is written as an `.eml` file under
 * `outbox` — the local default, which any mail client opens.
 */
export function createMailer(options: { smtpUrl?: string; outbox: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const url = new URL(options.smtpUrl);
    return {
      target: `${url.protocol}//${url.host}`,
      async send(email) {
        await transport.sendMail(message(email));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: options.outbox,
    async send(email) {
      const info = await transport.sendMail(message(email));
      mkdirSync(options.outbox, { recursive: true });
      writeFileSync(join(options.outbox, email.fileName), info.message as Buffer);
    },
  };
}
