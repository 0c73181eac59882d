import type { KeyAccess } from './keys.ts';

/** Hono variables the search routes share. */
export type SearchEnv = { Variables: { access: KeyAccess } };
