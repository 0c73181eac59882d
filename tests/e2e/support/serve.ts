import { join } from 'node:path';
import { startSmtp } from '../../fixtures/smtp-server.ts';

/**
 * The end-to-end server (Playwright's `webServer`): the test mail server first, then the product as
 * `npm start` runs it (`server/cli/start.ts`, same arguments), sending every email to that server.
 */
const port = Number(process.env.PORT ?? 3199);
const sink = await startSmtp({
  port: port + 10_000,
  dir: join(process.env.DATA_DIR ?? '.data/e2e', 'mailbox'),
});
process.env.SMTP_URL = sink.url;
await import('../../../server/cli/start.ts');
