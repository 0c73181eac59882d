import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtp } from '../../fixtures/smtp-server.ts';

/**
 * The end-to-end server (Playwright's `webServer`): the test mail server first, then the product as
 * `npm start` runs it (`server/cli/start.ts`, same arguments), sending every email to that server.
 */
const port = Number(process.env.PORT ?? 3199);
const dataDir = process.env.DATA_DIR ?? '.data/e2e';
// Each run starts from the demo seed, as CI's fresh clone does: the tests reserve cars and save
// lists, and a second local run over the first one's store found them taken.
rmSync(dataDir, { recursive: true, force: true });
const sink = await startSmtp({ port: port + 10_000, dir: join(dataDir, 'mailbox') });
process.env.SMTP_URL = sink.url;
await import('../../../server/cli/start.ts');
