import { parse } from 'regexparam';
import type { Parser } from 'wouter';

/** What wouter's parser answers: the pattern's expression and its parameters' names. */
type ParsedRoute = ReturnType<Parser>;

const parsed = new Map<string, ParsedRoute>();
/** Routes are a fixed set (the pages' patterns, a site's content paths): more than this is not them. */
const MOST = 1_000;

/**
 * wouter's parser (regexparam's `parse`), remembered per pattern. wouter parses every `<Route>`'s
 * pattern again on every render and match; on the server that was 1.6 ms of each cold page
 * (`bench/reports/cold-pages.md`). A pattern's expression has no `g` flag, so one is safely shared.
 */
export const parseRoute: Parser = (route, loose) => {
  const key = `${loose ? 'loose' : 'exact'}:${route}`;
  const known = parsed.get(key);
  if (known) return known;
  const made = parse(route, loose);
  if (parsed.size >= MOST) parsed.clear();
  parsed.set(key, made);
  return made;
};
