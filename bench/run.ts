import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npm run bench [-- <name>]`: runs every `bench/<area>/*.bench.ts` (or those whose path contains
 * `<name>`), each in its own process so one benchmark's warm caches don't flatter another. Each writes
 * its report to `bench/reports/`. Benchmarks are never part of `npm test`.
 */
const root = resolve(import.meta.dirname);
const filter = process.argv[2];
const benches = readdirSync(root)
  .filter((entry) => statSync(join(root, entry)).isDirectory() && entry !== 'reports')
  .flatMap((area) =>
    readdirSync(join(root, area))
      .filter((file) => file.endsWith('.bench.ts'))
      .map((file) => join(area, file)),
  )
  .filter((path) => !filter || path.includes(filter));

let failed = 0;
for (const bench of benches) {
  console.log(`\n── bench/${bench} ──`);
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', join(root, bench)],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) failed += 1;
}
console.log(`\n${benches.length - failed} benchmarks ran, ${failed} failed; reports in bench/reports/`);
process.exit(failed === 0 ? 0 : 1);
