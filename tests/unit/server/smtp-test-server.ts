import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for the mail tests (lead delivery, saved-search alerts): it keeps
 * every message it accepts, and `refuseNext` makes it answer the next messages with a 451.
 */
export async function startSmtp() {
  const received: string[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse -= 1;
          const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (count: number) => {
      refuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A message's text, with quoted-printable soft breaks and escapes undone. */
export const textOf = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
