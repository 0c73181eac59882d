import type { KeyAccess } from './keys.ts';

/** Hono variables the search routes share. */
export type SearchEnv = {
  Variables: {
    access: KeyAccess;
    /** When the request's body had been read: its cost to the client's search budget counts from here. */
    workStarted?: number;
  };
};
