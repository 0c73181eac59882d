import { availableParallelism, loadavg } from 'node:os';

/**
 * How the end-to-end run follows the machine it runs on (issue 14 item 9). The load average per
 * core at the start (1 = every core busy) stretches every timeout, up to 4×, so a run beside other
 * work waits longer rather than failing on the clock; a quiet machine is unchanged. Tests wait on
 * conditions (locators, `expect.poll`), never on the clock, so a longer limit costs a passing test
 * nothing.
 */
const cores = availableParallelism();
const busy = (loadavg()[0] ?? 0) / cores;

/** The factor timeouts are stretched by: 1 on a quiet machine, up to 4. */
export const STRETCH = Math.min(4, Math.max(1, 1 + busy));

/**
 * Workers follow the cores (at most 2: one server serves them), and drop to one when the machine is
 * already more than twice as busy as it has cores. Not when `npm test` runs the rung
 * (`E2E_AFTER_LADDER`): its earlier rungs, which now run side by side, have ended, and the load
 * average they leave is their echo, not work competing with the browsers.
 */
export const WORKERS = busy > 2 && process.env.E2E_AFTER_LADDER !== '1' ? 1 : Math.max(1, Math.min(2, cores));

/** A time limit stretched for this machine. */
export const stretched = (ms: number): number => Math.round(ms * STRETCH);
