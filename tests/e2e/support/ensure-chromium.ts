import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The browsers the end-to-end tests can run in, best first (Playwright cannot download its own here).
 * Debian's `chromium-headless-shell` is the old headless build Playwright itself runs headless tests
 * in: the same Blink without the full browser's UI processes, which on two cores cost a third of the
 * run's time (decision 115). Debian's full Chromium is the fallback. `CHROMIUM_PATH` names another.
 */
const CANDIDATES = [
  { path: '/usr/lib/chromium/chromium-headless-shell', apt: 'chromium-headless-shell' },
  { path: '/usr/bin/chromium', apt: 'chromium' },
];

/** The browser the tests run in: `CHROMIUM_PATH`, else the first candidate installed, else the first. */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  CANDIDATES.find((candidate) => existsSync(candidate.path))?.path ??
  (CANDIDATES[0] as (typeof CANDIDATES)[number]).path;

/**
 * Installs Debian's headless shell when no browser is there (root only; ~30 s after `apt-get update`).
 * Answers whether the browser is there afterwards, with a message saying what to do if not.
 */
export async function ensureChromium(): Promise<{ ok: boolean; message: string }> {
  if (existsSync(CHROMIUM_PATH)) return { ok: true, message: `Chromium at ${CHROMIUM_PATH}` };
  const wanted = CANDIDATES.find((candidate) => candidate.path === CHROMIUM_PATH);
  if (!wanted) return { ok: false, message: `CHROMIUM_PATH names no browser: ${CHROMIUM_PATH}` };
  if (process.getuid?.() !== 0) {
    return {
      ok: false,
      message: `Chromium is missing at ${CHROMIUM_PATH}: run "sudo apt-get install -y ${wanted.apt}"`,
    };
  }
  console.log(`Installing Debian's ${wanted.apt} for the end-to-end tests…`);
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  const install =
    update.status === 0
      ? spawnSync('apt-get', ['install', '-y', '--no-install-recommends', wanted.apt], {
          stdio: 'inherit',
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        })
      : update;
  if (install.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    return { ok: false, message: `Installing ${wanted.apt} with apt-get failed` };
  }
  return { ok: true, message: `Installed ${wanted.apt} at ${CHROMIUM_PATH}` };
}
