import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The end-to-end tests' mail server: a real SMTP server on loopback that accepts every message and
 * keeps it as an `.eml` file in `dir`, as a shopper's or dealer's mailbox would receive it. The
 * product sends to it over SMTP (`SMTP_URL`), exactly as to a real mail provider.
 */
export async function startMailSink(options: {
  port: number;
  dir: string;
}): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(options.dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const name = `${Date.now()}-${String(received).padStart(6, '0')}.eml`;
        writeFileSync(join(options.dir, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${options.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
