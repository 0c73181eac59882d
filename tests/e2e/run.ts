import { spawnSync } from 'node:child_process';
import { ensureChromium } from './support/ensure-chromium.ts';

/** `npm run test:e2e [-- playwright args]`: Chromium if missing, a fresh build, then Playwright. */
const chromium = await ensureChromium();
if (!chromium.ok) {
  console.error(chromium.message);
  process.exit(1);
}
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
