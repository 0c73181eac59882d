import { z } from 'zod/mini';

/**
 * Australian states and territories, as the spec's state options spell them (lower case;
 * `locations-forms-tradein-site.md` §5 "state … Options: qld, nsw, vic, sa, wa, tas, act, nt").
 */
export const auStateSchema = z.enum(['qld', 'nsw', 'vic', 'sa', 'wa', 'tas', 'act', 'nt']);
/** An Australian state or territory. */
export type AuState = z.infer<typeof auStateSchema>;
