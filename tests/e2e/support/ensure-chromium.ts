import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium: Playwright cannot download its own browsers on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Installs Debian's Chromium when it is missing (root only; ~60 s after `apt-get update`).
 * Answers whether the browser is there afterwards, with a message saying what to do if not.
 */
export async function ensureChromium(): Promise<{ ok: boolean; message: string }> {
  if (existsSync(CHROMIUM_PATH)) return { ok: true, message: `Chromium at ${CHROMIUM_PATH}` };
  if (process.getuid?.() !== 0) {
    return {
      ok: false,
      message: `Chromium is missing at ${CHROMIUM_PATH}: run "sudo apt-get install -y chromium"`,
    };
  }
  console.log('Installing Debian Chromium for the end-to-end tests…');
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  const install =
    update.status === 0
      ? spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
          stdio: 'inherit',
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        })
      : update;
  if (install.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    return { ok: false, message: 'Installing Chromium with apt-get failed' };
  }
  return { ok: true, message: `Installed Chromium at ${CHROMIUM_PATH}` };
}
