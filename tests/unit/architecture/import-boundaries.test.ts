import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE §2 "Imports point one way", checked on every source file so a wrong arrow fails CI:
 * - layers: domain ← machines, services, tenants ← views; server may use domain, tenants and the SSR
 *   entry of views;
 * - only wiring files (`views/app/wiring.ts`, `views/<flow>/wiring[.<page>].ts`) bind services, and
 *   only they import both machines and services (type-only imports bind nothing);
 * - a flow's views (`views/<flow>/`) import no other flow's files, only the shared `app`, `layout`
 *   and `ui`;
 * - every `/api` endpoint is declared once, in `domain/contracts/` (decision 074): no zod object
 *   schema or `/api/` path is written in services, machines or views, and `server/api` registers
 *   routes only through `serve()`;
 * - no two files import each other, directly or round a loop, types included.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const LAYERS = ['domain', 'machines', 'services', 'tenants', 'views', 'server'] as const;
type Layer = (typeof LAYERS)[number];

const ALLOWED: Record<Layer, readonly string[]> = {
  domain: ['domain'],
  machines: ['domain', 'machines'],
  services: ['domain', 'services'],
  tenants: ['domain', 'tenants'],
  views: ['domain', 'machines', 'services', 'tenants', 'views', 'styled-system'],
  server: ['domain', 'tenants', 'server', 'views'],
};

/** Packages a layer must never import (machines stay framework- and environment-free). */
const FORBIDDEN_PACKAGES: Partial<Record<Layer, RegExp>> = {
  domain: /^(react|react-dom|@xstate\/react|wouter|xstate|hono|@hono\/|pg|@electric-sql\/)/,
  machines:
    /^(react|react-dom|@xstate\/react|wouter|sonner|@tanstack\/|hono|@hono\/|algoliasearch|pg|@electric-sql\/|node:)/,
  services: /^(react|react-dom|@xstate\/react|wouter|xstate|hono|pg|@electric-sql\/|node:)/,
  tenants: /^(react|react-dom|xstate|@xstate\/|wouter|hono|pg|@electric-sql\/|node:)/,
  views: /^(hono|@hono\/|pg|@electric-sql\/|node:)/,
};

/** The only files of `views` the server may import: the SSR entries and the boot block format. */
const SERVER_VIEW_ENTRIES = new Set([
  'views/app/entry-server.tsx',
  'views/app/boot.ts',
  // The dealer console's own SSR entry (issue 36, decision 126).
  'views/console/app/entry-server.tsx',
]);
/**
 * The shell's wiring and each flow's (a flow with two pages may have `wiring.<page>.ts` each), the
 * storefront's and the dealer console's (`views/console/<area>/wiring.ts`, issue 36).
 */
const isWiring = (file: string) => /^views\/(console\/)?[a-z-]+\/wiring(\.[a-z-]+)?\.ts$/.test(file);
/** The machine catalog's CLI and tooling run in Node only (never bundled): they may read files. */
const isNodeTooling = (file: string, specifier: string) =>
  specifier.startsWith('node:') && /^machines\/(catalog\.cli\.ts|catalog\/)/.test(file);
/** View folders every flow may use. */
const SHARED_VIEWS = new Set(['app', 'layout', 'ui']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

interface Import {
  specifier: string;
  typeOnly: boolean;
}

function importsOf(source: string): Import[] {
  const found: Import[] = [];
  const pattern =
    /(?:import|export)\s(type\s)?[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) {
    const specifier = match[2] ?? match[3] ?? match[4] ?? '';
    if (specifier) found.push({ specifier, typeOnly: Boolean(match[1]) });
  }
  return found;
}

const rel = (file: string) => relative(ROOT, file).split('\\').join('/');
const targetOf = (file: string, specifier: string) => rel(resolve(dirname(file), specifier));

interface Violation {
  file: string;
  specifier: string;
  reason: string;
}

function check(file: string): Violation[] {
  const path = rel(file);
  const layer = path.split('/')[0] as Layer;
  const violations: Violation[] = [];
  let importsServices = false;
  for (const { specifier, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
    if (!specifier.startsWith('.')) {
      if (FORBIDDEN_PACKAGES[layer]?.test(specifier) && !isNodeTooling(path, specifier)) {
        violations.push({
          file: path,
          specifier,
          reason: `${layer} may not import the package ${specifier}`,
        });
      }
      continue;
    }
    const target = targetOf(file, specifier);
    const targetLayer = target.split('/')[0] ?? '';
    if (targetLayer === 'services' && !typeOnly) importsServices = true;
    if (!ALLOWED[layer].includes(targetLayer)) {
      violations.push({ file: path, specifier, reason: `${layer} may not import ${targetLayer}` });
    } else if (layer === 'server' && targetLayer === 'views' && !SERVER_VIEW_ENTRIES.has(target)) {
      violations.push({
        file: path,
        specifier,
        reason: 'server may import views only through its SSR entry',
      });
    }
    if (layer === 'views' && targetLayer === 'views') {
      const from = path.split('/')[1] ?? '';
      const to = target.split('/')[1] ?? '';
      if (from !== to && !SHARED_VIEWS.has(to) && !SHARED_VIEWS.has(from)) {
        violations.push({ file: path, specifier, reason: `the ${from} flow may not import the ${to} flow` });
      }
    }
  }
  if (layer === 'views' && importsServices && !isWiring(path)) {
    violations.push({ file: path, specifier: '(services)', reason: 'only wiring files bind services' });
  }
  return violations;
}

/** Endpoint shapes and paths written outside `domain/contracts/` (decision 074). */
function contractViolations(file: string): Violation[] {
  const path = rel(file);
  const source = readFileSync(file, 'utf8');
  const violations: Violation[] = [];
  const declaresSchemas = /^(services|machines|views|server\/api)\//.test(path);
  if (declaresSchemas && /\bz\.(object|looseObject|strictObject)\(/.test(source)) {
    violations.push({
      file: path,
      specifier: 'z.object',
      reason: 'endpoint schemas live in domain/contracts/',
    });
  }
  if (/^(services|machines|views)\//.test(path) && /['"`]\/api\//.test(source)) {
    violations.push({ file: path, specifier: '/api/', reason: 'endpoint paths come from domain/contracts/' });
  }
  if (
    /^server\/api\/.*\.routes\.ts$/.test(path) &&
    /\.(get|post|put|patch|delete|on|all)\(\s*['"`]\//.test(source)
  ) {
    violations.push({
      file: path,
      specifier: 'route',
      reason: 'server/api routes are registered with serve()',
    });
  }
  return violations;
}

/** Every loop of imports (types included), each as the files round it. */
function cycles(files: string[]): string[][] {
  const known = new Set(files.map(rel));
  const edges = new Map(
    files.map((file) => [
      rel(file),
      importsOf(readFileSync(file, 'utf8'))
        .filter(({ specifier }) => specifier.startsWith('.'))
        .map(({ specifier }) => targetOf(file, specifier))
        .filter((target) => known.has(target)),
    ]),
  );
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return found;
}

const allFiles = () => LAYERS.flatMap((layer) => sourceFiles(join(ROOT, layer)));

describe('import boundaries (ARCHITECTURE §2)', () => {
  it('every source file imports only what its layer and its flow may', () => {
    const files = allFiles();
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap(check)).toEqual([]);
  });

  it('every /api endpoint is declared once, in domain/contracts/ (decision 074)', () => {
    expect(allFiles().flatMap(contractViolations)).toEqual([]);
  });

  it('no two files import each other, directly or round a loop (types included)', () => {
    expect(cycles(allFiles())).toEqual([]);
  });

  it('the checks catch a wrong arrow, another flow’s file and a schema outside the contracts', () => {
    const machine = join(ROOT, 'machines/example/example.machine.ts');
    const wrong = importsOf("import { x } from '../../services/http.ts';\nimport { useState } from 'react';")
      .map(({ specifier }) => specifier)
      .filter((specifier) =>
        specifier.startsWith('.')
          ? !ALLOWED.machines.includes(targetOf(machine, specifier).split('/')[0] ?? '')
          : FORBIDDEN_PACKAGES.machines?.test(specifier),
      );
    expect(wrong).toEqual(['../../services/http.ts', 'react']);
    const view = join(ROOT, 'views/search/example.tsx');
    const target = targetOf(view, '../vehicle/vehicle-content.tsx').split('/')[1] ?? '';
    expect(target !== 'search' && !SHARED_VIEWS.has(target)).toBe(true);
    expect(
      /\bz\.(object|looseObject|strictObject)\(/.test('export const s = z.object({ id: z.int() });'),
    ).toBe(true);
    expect(isWiring('views/account/wiring.sign-in.ts') && !isWiring('views/account/sign-in-page.tsx')).toBe(
      true,
    );
  });
});
