/*
 * A module of its own (issue 38 item 3): the search routes, the directory search and the models all
 * slug names, and a module the search page and a lazily loaded service share lands in every page's
 * first load, so what they share is this function only.
 */

/**
 * A slug: lower case, accents dropped, `&` as `and`, every other run of non-letters and digits one
 * hyphen (`Mercedes-Benz` → `mercedes-benz`, `People Mover` → `people-mover`, `Citroën` → `citroen`).
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
