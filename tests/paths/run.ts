import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { selectEntries, unknownMachineMessage } from '../../machines/catalog/graph.ts';
import { catalog } from '../../machines/catalog.ts';

/**
 * `npm run test:paths -- [machine id] [vitest args…]`: runs the generated path tests (vitest project
 * `paths`), for one machine when an id is given, and exits with vitest's exit code.
 */
const args = process.argv.slice(2);
const id = args[0] && !args[0].startsWith('-') ? args[0] : undefined;
const vitestArgs = id ? args.slice(1) : args;

if (id && selectEntries(catalog, id).unknownId !== undefined) {
  console.error(unknownMachineMessage(catalog, id));
  process.exit(2);
}

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const env = { ...process.env };
if (id) env.PATHS_MACHINE = id;
else delete env.PATHS_MACHINE;

const child = spawn(process.execPath, [vitest, 'run', '--project', 'paths', ...vitestArgs], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
