/**
 * An error the search endpoint answers in Algolia's form `{ "message": "...", "status": N }`.
 * Everything the engine or the endpoint rejects on purpose is one of these; anything else is a bug.
 */
export class SearchHttpError extends Error {
  /** The HTTP status the endpoint answers with (400, 403, 404, 503…). */
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'SearchHttpError';
    this.status = status;
  }
}

/** A malformed `filters` string or `facetFilters`/`numericFilters`/`tagFilters` value (HTTP 400). */
export class FilterSyntaxError extends SearchHttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'FilterSyntaxError';
  }
}

/** A 400 for a bad search parameter. */
export const badRequest = (message: string): SearchHttpError => new SearchHttpError(400, message);

/** A 404 for an index that does not exist. */
export const indexNotFound = (indexName: string): SearchHttpError =>
  new SearchHttpError(404, `Index ${indexName} does not exist`);
