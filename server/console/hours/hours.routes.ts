import {
  addSpecialDayRequest,
  consoleHoursRequest,
  removeSpecialDayRequest,
} from '../../../domain/contracts/console-hours.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import { apiError } from '../../api/api-error.ts';
import { type ApiContext, type ServedEndpoint, serve } from '../../api/serve.ts';
import type { Db } from '../../store/db.ts';
import { type HoursAnswer, listConsoleHours, removeSpecialDay, setSpecialDay } from './hours.ts';

/** What the hours' routes use. */
export interface HoursConsoleDeps {
  db: Db;
  now?: () => Date;
  /**
   * The sites as their configs declare them (a request's site carries the merged hours); without
   * them (an app without the server's `siteOf`), the request's site is its config.
   */
  sites?: readonly SiteConfig[];
  /** Makes the public site and kept pages show a change at once, here and in the other processes. */
  contentChanged?: () => Promise<void>;
}

/** The signed-in member; `serve()` has refused the request before the handler runs without one. */
const memberOf = (c: ApiContext): StaffMember => c.get('staff') as StaffMember;

const answer = (c: ApiContext, result: HoursAnswer) =>
  'refused' in result
    ? apiError(c, result.refused.status, result.refused.code, result.refused.message, result.refused.fields)
    : result;

/**
 * The hours' endpoints (issue 36 item 6; contracts in `domain/contracts/console-hours.ts`), each for
 * this site's managers: every location's hours, setting a special day and removing one.
 */
export function hoursConsoleEndpoints(deps: HoursConsoleDeps): ServedEndpoint[] {
  const logic = {
    db: deps.db,
    now: deps.now ?? (() => new Date()),
    contentChanged: deps.contentChanged ?? (async () => undefined),
  };
  // The site as its config declares it: the hours are merged here from the store as it is now.
  const configOf = (c: ApiContext): SiteConfig => {
    const site = c.get('site');
    return deps.sites?.find((s) => s.id === site.id) ?? site;
  };
  return [
    serve(consoleHoursRequest, (c) => listConsoleHours(logic, configOf(c))),
    serve(addSpecialDayRequest, async (c, { params, body }) =>
      answer(c, await setSpecialDay(logic, configOf(c), memberOf(c).id, params.location, body)),
    ),
    serve(removeSpecialDayRequest, async (c, { params }) =>
      answer(c, await removeSpecialDay(logic, configOf(c), memberOf(c).id, params.location, params.date)),
    ),
  ];
}
