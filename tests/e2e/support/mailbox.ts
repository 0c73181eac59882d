import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { textOf } from '../../fixtures/smtp-server.ts';
import { E2E_DATA_DIR } from './server.ts';

/**
 * The e2e server's mail, as the tests' SMTP server received it (`tests/fixtures/smtp-server.ts`): one `.eml` file per
 * message in `<DATA_DIR>/mailbox`, as a shopper's mail client would receive it. Account links and
 * alerts are read from there.
 */
const MAILBOX = join(E2E_DATA_DIR, 'mailbox');

/** Every message received so far, oldest first, as text. */
function messages(): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(MAILBOX).sort();
  } catch {
    return [];
  }
  return files.map((name) => readable(readFileSync(join(MAILBOX, name), 'utf8')));
}

/** An encoded word's text (RFC 2047: `B` is base64, `Q` quoted-printable with `_` for a space). */
const decodeWord = (encoding: string, text: string): string =>
  Buffer.from(
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ),
  ).toString('utf8');

/**
 * A message as a mail client shows it: its headers unfolded (a long subject is wrapped over several
 * lines) with their encoded words decoded (a subject with a dash or an accent), its body decoded.
 */
function readable(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end < 0 ? raw : raw.slice(0, end))
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      decodeWord(encoding, text),
    );
  return `${head}${end < 0 ? '' : textOf(raw.slice(end))}`;
}

const to = (email: string) => new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi');

/**
 * The newest account link emailed to an address (a new account's or a reset's: the page that sets the
 * password, decision 104), waiting for the email to arrive.
 */
export async function emailedLink(email: string): Promise<string> {
  return newest(email, (text) => text.match(/https?:\/\/\S+\/sign-in\/set-password\?\S+/)?.[0], 'a link');
}

/** The text of the newest email to an address whose subject starts with `subject`, waiting for it. */
export async function emailedText(email: string, subject: string): Promise<string> {
  return newest(email, (text) => (text.includes(`\nSubject: ${subject}`) ? text : undefined), subject);
}

/** The text of the newest saved-search alert emailed to an address, waiting for it to arrive. */
export async function emailedAlert(email: string): Promise<string> {
  return newest(
    email,
    (text) => (/^Subject: .*for your saved searches/m.test(text) ? text : undefined),
    'an alert',
  );
}

/** What `pick` finds in the newest message to `email` where it finds anything, polled until it does. */
async function newest(
  email: string,
  pick: (text: string) => string | undefined,
  what: string,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = messages()
          .filter((text) => to(email).test(text))
          .map(pick)
          .findLast((value) => value !== undefined);
        return found;
      },
      { message: `${what} emailed to ${email}` },
    )
    .toBeDefined();
  if (!found) throw new Error(`no ${what} emailed to ${email}`);
  return found;
}
