import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isBuildStale } from '../../../server/build/ensure-build.ts';

function project(): { root: string; touch: (path: string, seconds: number) => void } {
  const root = mkdtempSync(join(tmpdir(), 'fc-build-'));
  const touch = (path: string, seconds: number) => {
    const file = join(root, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, 'x');
    // Folder times count too (a deleted source changes its folder): date the new folders as well.
    for (let dir = file; dir !== root; dir = join(dir, '..')) utimesSync(dir, seconds, seconds);
  };
  return { root, touch };
}

describe('npm start builds when the build is missing or stale (issue 2 §4)', () => {
  it('a missing build is stale', () => {
    const { root, touch } = project();
    touch('views/app/app.tsx', 1000);
    expect(isBuildStale(root)).toBe(true);
  });

  it('a build newer than every source is fresh', () => {
    const { root, touch } = project();
    touch('views/app/app.tsx', 1000);
    touch('dist/client/index.html', 2000);
    touch('dist/server/entry-server.js', 2000);
    expect(isBuildStale(root)).toBe(false);
  });

  it('a source changed after the build makes it stale', () => {
    const { root, touch } = project();
    touch('dist/client/index.html', 2000);
    touch('dist/server/entry-server.js', 2000);
    touch('machines/search/search.machine.ts', 3000);
    expect(isBuildStale(root)).toBe(true);
  });

  it('half a build (the SSR entry missing) is stale', () => {
    const { root, touch } = project();
    touch('dist/client/index.html', 2000);
    expect(isBuildStale(root)).toBe(true);
  });
});
