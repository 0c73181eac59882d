import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import type { PageDefinition } from './page-definition.ts';
import { pages } from './pages.ts';

/** The page whose route matches a path, with wouter's own parser (as the browser's router matches it). */
export function matchPage(path: string): PageDefinition | undefined {
  return pages.find((page) => matchRoute(parse, page.path, path)[0]);
}
