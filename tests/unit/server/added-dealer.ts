import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import type { PageRenderer } from '../../../server/render/renderer.ts';
import { type RunningServer, startServer } from '../../../server/server.ts';
import { DEFAULT_TENANTS_DIR } from '../../../server/tenants/load.ts';

/** The slug of the dealer an operator adds in these tests. */
export const ADDED_DEALER = 'coastal-cars';

/**
 * A dealer added as an operator adds one (issue 33 item 8, issue 35 item 5): a copy of Metro Used
 * Cars' folder in a tenants folder of its own, renamed Coastal Cars; `edit` then changes what the test
 * is about (its theme, its logo) in the new folder, before a server is started on it with no build.
 */
export async function serveAddedDealer(
  renderer: PageRenderer,
  edit: (dealerDir: string) => void,
): Promise<RunningServer> {
  const tenantsDir = mkdtempSync(join(tmpdir(), 'fc-added-dealer-'));
  const dealer = join(tenantsDir, ADDED_DEALER);
  cpSync(join(DEFAULT_TENANTS_DIR, 'metro-used'), dealer, { recursive: true });
  const site = JSON.parse(readFileSync(join(dealer, 'site.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(
    join(dealer, 'site.json'),
    JSON.stringify({ ...site, slug: ADDED_DEALER, name: 'Coastal Cars', domains: [] }),
  );
  edit(dealer);
  return startServer({
    env: readEnv({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'fc-added-dealer-data-')),
      TENANTS_DIR: tenantsDir,
      DEFAULT_TENANT: ADDED_DEALER,
    }),
    renderer,
    logger: createLogger({ quiet: true }),
  });
}
