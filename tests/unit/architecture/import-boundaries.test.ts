import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE §2 "Imports point one way": domain ← machines, services, tenants ← views; server may
 * use domain, tenants and the SSR entry of views; views/app/wiring.ts (and a page's own
 * wiring.{page}.ts beside it) is the only file importing both machines and services. A wrong arrow fails CI here rather than waiting for review.
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

/** The only files of `views` the server may import: the SSR entry and the boot block format. */
const SERVER_VIEW_ENTRIES = new Set(['views/app/entry-server.tsx', 'views/app/boot.ts']);
const WIRING = 'views/app/wiring.ts';
/** `wiring.ts`, and a page's own wiring beside it (`wiring.vehicle.ts`) so that it travels in the page's chunk. */
const isWiring = (file: string) => /^views\/app\/wiring(\.[a-z-]+)?\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const pattern =
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) specifiers.push(match[1] ?? match[2] ?? match[3] ?? '');
  return specifiers.filter(Boolean);
}

interface Violation {
  file: string;
  specifier: string;
  reason: string;
}

function check(file: string): Violation[] {
  const rel = relative(ROOT, file).split('\\').join('/');
  const layer = rel.split('/')[0] as Layer;
  const violations: Violation[] = [];
  const targets = importsOf(readFileSync(file, 'utf8'));
  let importsMachines = false;
  let importsServices = false;
  for (const specifier of targets) {
    if (specifier.startsWith('.')) {
      const target = relative(ROOT, resolve(dirname(file), specifier))
        .split('\\')
        .join('/');
      const targetLayer = target.split('/')[0] ?? '';
      if (targetLayer === 'machines') importsMachines = true;
      if (targetLayer === 'services') importsServices = true;
      if (!ALLOWED[layer].includes(targetLayer)) {
        violations.push({ file: rel, specifier, reason: `${layer} may not import ${targetLayer}` });
      } else if (layer === 'server' && targetLayer === 'views' && !SERVER_VIEW_ENTRIES.has(target)) {
        violations.push({
          file: rel,
          specifier,
          reason: 'server may import views only through its SSR entry',
        });
      }
    } else if (FORBIDDEN_PACKAGES[layer]?.test(specifier)) {
      violations.push({ file: rel, specifier, reason: `${layer} may not import the package ${specifier}` });
    }
  }
  if (layer === 'views' && importsServices && !isWiring(rel)) {
    violations.push({ file: rel, specifier: '(services)', reason: `only ${WIRING} binds services` });
  }
  if (layer === 'views' && importsMachines && importsServices && !isWiring(rel)) {
    violations.push({ file: rel, specifier: '(machines + services)', reason: `only ${WIRING} imports both` });
  }
  return violations;
}

describe('import boundaries (ARCHITECTURE §2)', () => {
  it('every source file imports only what its layer may', () => {
    const files = LAYERS.flatMap((layer) => sourceFiles(join(ROOT, layer)));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap(check)).toEqual([]);
  });

  it('the check catches a wrong arrow (a machine importing a service and React)', () => {
    const fake = join(ROOT, 'machines/example/example.machine.ts');
    const violations = importsOf(
      "import { x } from '../../services/http.ts';\nimport { useState } from 'react';",
    ).flatMap((specifier) => {
      const target = relative(ROOT, resolve(dirname(fake), specifier)).split('/')[0] ?? '';
      if (specifier.startsWith('.')) return ALLOWED.machines.includes(target) ? [] : [specifier];
      return FORBIDDEN_PACKAGES.machines?.test(specifier) ? [specifier] : [];
    });
    expect(violations).toEqual(['../../services/http.ts', 'react']);
  });
});
