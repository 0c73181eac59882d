import { searchRoutePath } from '../../domain/search-routes.ts';

/** A hit of the `models` index as the directory search uses it (spec doc 1 §7 "Directory search"). */
export interface DirectoryModelHit {
  objectID: string;
  make: string;
  makeSlug: string;
  model: string;
  modelSlug: string;
  body: string[];
}

/** A suggestion under the search box: a make's listing or a model's. */
export interface DirectorySuggestion {
  /** `make:{slug}` or `model:{objectID}`. */
  id: string;
  kind: 'make' | 'model';
  label: string;
  /** `/search/{make-slug}` or `/search/{make-slug}/{model-slug}` (doc 2 §2 Routes). */
  path: string;
}

/** The makes of the hits (each once, in the hits' order), then every model. */
export function directorySuggestions(hits: readonly DirectoryModelHit[]): DirectorySuggestion[] {
  const makes = new Map<string, DirectorySuggestion>();
  const models: DirectorySuggestion[] = [];
  for (const hit of hits) {
    if (!makes.has(hit.makeSlug)) {
      makes.set(hit.makeSlug, {
        id: `make:${hit.makeSlug}`,
        kind: 'make',
        label: hit.make,
        path: searchRoutePath({ kind: 'make', make: hit.make, makeSlug: hit.makeSlug }),
      });
    }
    models.push({
      id: `model:${hit.objectID}`,
      kind: 'model',
      label: `${hit.make} ${hit.model}`,
      path: searchRoutePath({ kind: 'model', ...hit }),
    });
  }
  return [...makes.values(), ...models];
}
