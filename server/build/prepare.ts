import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * `npm install`'s `prepare` step (issue 33 item 7). A development install generates Panda's
 * `styled-system/` (the type check, the view tests and the build read it). A production install
 * (`npm ci --omit=dev`) has no Panda and needs none — the styles are in the prebuilt `dist/` — so the
 * step says so and succeeds instead of failing the install.
 */
const root = resolve(import.meta.dirname, '../..');

/** Panda's command-line script, or null when `@pandacss/dev` is not installed. */
function pandaBin(): string | null {
  let manifest: string;
  try {
    manifest = createRequire(join(root, 'package.json')).resolve('@pandacss/dev/package.json');
  } catch {
    return null;
  }
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return bin.panda ? join(dirname(manifest), bin.panda) : null;
}

const panda = pandaBin();
if (panda) {
  const result = spawnSync(process.execPath, [panda, 'codegen', '--silent'], { cwd: root, stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} else {
  console.log('prepare: @pandacss/dev is not installed (a production install): the styles come from dist/');
}
