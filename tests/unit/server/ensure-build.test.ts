import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuild, hasBuildTools, isBuildStale } from '../../../server/build/ensure-build.ts';

function project(): {
  root: string;
  touch: (path: string, seconds: number) => void;
  touchBuild: (seconds: number) => void;
} {
  const root = mkdtempSync(join(tmpdir(), 'fc-build-'));
  const touch = (path: string, seconds: number) => {
    const file = join(root, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, 'x');
    // Folder times count too (a deleted source changes its folder): date the new folders as well.
    for (let dir = file; dir !== root; dir = join(dir, '..')) utimesSync(dir, seconds, seconds);
  };
  // Every output of a whole build (the storefront's and the console's, browser and server).
  const touchBuild = (seconds: number) => {
    for (const output of [
      'dist/client/index.html',
      'dist/server/entry-server.js',
      'dist/client/console.html',
      'dist/server/console/entry-server.js',
    ])
      touch(output, seconds);
  };
  return { root, touch, touchBuild };
}

describe('npm start builds when the build is missing or stale (issue 2 §4)', () => {
  it('a missing build is stale', () => {
    const { root, touch } = project();
    touch('views/app/app.tsx', 1000);
    expect(isBuildStale(root)).toBe(true);
  });

  it('a build newer than every source is fresh', () => {
    const { root, touch, touchBuild } = project();
    touch('views/app/app.tsx', 1000);
    touchBuild(2000);
    expect(isBuildStale(root)).toBe(false);
  });

  it('a source changed after the build makes it stale', () => {
    const { root, touch, touchBuild } = project();
    touchBuild(2000);
    touch('machines/search/search.machine.ts', 3000);
    expect(isBuildStale(root)).toBe(true);
  });

  it("a build plugin changed after the build makes it stale (the assets' compressed copies come from one)", () => {
    const { root, touch, touchBuild } = project();
    touchBuild(2000);
    touch('server/build/precompress.ts', 3000);
    expect(isBuildStale(root)).toBe(true);
  });

  it('half a build (the SSR entry missing) is stale', () => {
    const { root, touch } = project();
    touch('dist/client/index.html', 2000);
    expect(isBuildStale(root)).toBe(true);
  });
});

describe('a production install has no build tools and never builds (issue 33 item 7)', () => {
  const said: string[] = [];
  const logger = { info: (message: string) => said.push(message) };

  it('this development checkout has them; an empty folder has none', () => {
    expect(hasBuildTools(join(import.meta.dirname, '../../..'))).toBe(true);
    expect(hasBuildTools(mkdtempSync(join(tmpdir(), 'fc-no-tools-')))).toBe(false);
  });

  it('a build that only looks stale (copied with new file times) is served as it is', () => {
    const { root, touch, touchBuild } = project();
    touchBuild(2000);
    touch('views/app/app.tsx', 3000);
    expect(() => ensureBuild(root, logger, false)).not.toThrow();
    expect(said.at(-1)).toContain('Serving dist/ as it is');
  });

  it('no build at all stops start-up saying where a build comes from', () => {
    const { root, touch } = project();
    touch('views/app/app.tsx', 1000);
    expect(() => ensureBuild(root, logger, false)).toThrow(/run `npm run build` in a development install/);
  });
});
