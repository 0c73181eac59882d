import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One email to a dealer: a readable body and the lead as an ADF/XML attachment. */
export interface LeadEmail {
  to: string;
  from: string;
  subject: string;
  text: string;
  adf: string;
  /** Names the `.eml` file when the mail goes to the outbox folder. */
  fileName: string;
}

/** Sends a lead email; rejects when the mail server refuses it (the worker retries). */
export interface LeadMailer {
  send(email: LeadEmail): Promise<void>;
  /** Where mail goes, for the start-up log: `smtp://host:port` or the outbox folder. */
  readonly target: string;
}

function message(email: LeadEmail) {
  return {
    to: email.to,
    from: email.from,
    subject: email.subject,
    text: email.text,
    attachments: [{ filename: 'lead.adf.xml', content: email.adf, contentType: 'application/xml' }],
  };
}

/**
 * Email through nodemailer: over SMTP when `smtpUrl` is set (`SMTP_URL`, e.g.
 * `smtp://user:pass@mail.example:587`), otherwise each email is written as an `.eml` file under
 * `outbox` — the local default, which any mail client opens.
 */
export function createLeadMailer(options: { smtpUrl?: string; outbox: string }): LeadMailer {
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
