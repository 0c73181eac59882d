import { z } from 'zod/mini';

/**
 * Australian states and territories, as the spec's state options spell them (lower case;
 * `locations-forms-tradein-site.md` §5 "state … Options: qld, nsw, vic, sa, wa, tas, act, nt").
 */
export const auStateSchema = z.enum(['qld', 'nsw', 'vic', 'sa', 'wa', 'tas', 'act', 'nt']);
/** An Australian state or territory. */
export type AuState = z.infer<typeof auStateSchema>;

/** Each state's time zone (the ACT keeps Sydney's time). */
export const STATE_TIME_ZONES: Readonly<Record<AuState, string>> = {
  qld: 'Australia/Brisbane',
  nsw: 'Australia/Sydney',
  act: 'Australia/Sydney',
  vic: 'Australia/Melbourne',
  tas: 'Australia/Hobart',
  sa: 'Australia/Adelaide',
  nt: 'Australia/Darwin',
  wa: 'Australia/Perth',
};
