import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './server.ts';

/**
 * The e2e server's mail: with no `SMTP_URL` every email is an `.eml` file in `<DATA_DIR>/outbox`
 * (decision 083), as a shopper's mail client would receive it. Account links are read from there.
 */
const OUTBOX = join(E2E_DATA_DIR, 'outbox');

/** A message's text, with quoted-printable soft breaks and escapes undone. */
function textOf(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The newest link emailed to an address, waiting for the email to arrive. */
export async function emailedLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(OUTBOX)
            .filter((name) => name.startsWith('account-'))
            .sort();
        } catch {
          return undefined;
        }
        for (const name of files.reverse()) {
          const text = textOf(readFileSync(join(OUTBOX, name), 'utf8'));
          if (!new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(text)) continue;
          link = text.match(/https?:\/\/\S+confirm-email\S+/)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { message: `a link emailed to ${email}` },
    )
    .toBeDefined();
  if (!link) throw new Error(`no link emailed to ${email}`);
  return link;
}

/** The text of the newest saved-search alert emailed to an address, waiting for it to arrive. */
export async function emailedAlert(email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(OUTBOX).filter((name) => name.startsWith('alert-'));
        } catch {
          return undefined;
        }
        for (const name of files) {
          const text = textOf(readFileSync(join(OUTBOX, name), 'utf8'));
          if (new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(text))
            found = text;
        }
        return found;
      },
      { message: `an alert emailed to ${email}` },
    )
    .toBeDefined();
  if (!found) throw new Error(`no alert emailed to ${email}`);
  return found;
}
