import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Checks ADF documents against the ADF 1.0 DTD (`tests/fixtures/adf/adf-1.0.dtd`, its source noted
 * there) with libxml2's `xmllint --dtdvalid`, as a dealer's CRM vendor would (issue 36 item 1,
 * decision 123). A fresh CI machine without xmllint gets Debian's `libxml2-utils`, the way the e2e
 * rung gets its Chromium (`tests/e2e/support/ensure-chromium.ts`).
 */

const XMLLINT = process.env.XMLLINT_PATH ?? '/usr/bin/xmllint';
const DTD = join(import.meta.dirname, '../../fixtures/adf/adf-1.0.dtd');

/**
 * The DTD's `contact` model — `(name+, ((email | phone+) | (email, phone+)), address?)` — is not
 * deterministic, which libxml2 reports on every run whatever the document; it still validates by it.
 */
const DTD_NOTICE = /Content model of contact is not determinist/;

/** Installs `libxml2-utils` when xmllint is missing (root only; apt-get as the e2e rung does). */
function ensureXmllint(): void {
  if (existsSync(XMLLINT)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`xmllint is missing at ${XMLLINT}: run "sudo apt-get install -y libxml2-utils"`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { stdio: 'ignore' });
  const install =
    update.status === 0
      ? spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'libxml2-utils'], {
          stdio: 'ignore',
          env,
        })
      : update;
  if (install.status !== 0 || !existsSync(XMLLINT))
    throw new Error('Installing libxml2-utils with apt-get failed');
}

/** What xmllint said of a document: valid, or its complaints (the DTD's own notice left out). */
export function validateAdf(xml: string): { valid: boolean; errors: string[] } {
  ensureXmllint();
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-adf-'));
  try {
    const file = join(dir, 'lead.adf.xml');
    writeFileSync(file, xml);
    const run = spawnSync(XMLLINT, ['--noout', '--nonet', '--dtdvalid', DTD, file], { encoding: 'utf8' });
    const errors = run.stderr.split('\n').filter((line) => line.trim() !== '' && !DTD_NOTICE.test(line));
    return { valid: run.status === 0, errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
