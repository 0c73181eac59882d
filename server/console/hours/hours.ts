import { STATE_TIME_ZONES } from '../../../domain/au-state.ts';
import type { ConsoleHours, ConsoleLocationHours } from '../../../domain/contracts/console-hours.ts';
import type { Location } from '../../../domain/location.ts';
import { holidayHoursRows, localClock, openingHoursRows } from '../../../domain/opening-hours.ts';
import { SPECIAL_DAY_MESSAGES, type SpecialDayForm } from '../../../domain/special-day.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import type { Db } from '../../store/db.ts';
import { deleteSpecialDay, listSpecialDays, putSpecialDay } from '../../store/special-hours.repo.ts';
import { recordAudit } from '../audit.ts';
import { withSpecialDays } from './location-hours.ts';

/**
 * The console's opening hours (issue 36 item 6, decision 128): each location's regular week from the
 * site config, and its special days — the config's and those set here, laid over them by the one
 * merge every reader goes through. Setting or removing a day is written with its audit entry in one
 * transaction; then the public site and kept pages change at once (`contentChanged`).
 */

/** What the hours' logic needs. */
export interface HoursDeps {
  db: Db;
  now: () => Date;
  /** After a change is stored: the public site and kept pages change at once, here and in other processes. */
  contentChanged: () => Promise<void>;
}

/** An answer the route sends as an error. */
export interface HoursRefusal {
  refused: { status: 404 | 422; code: string; message: string; fields?: Record<string, string> };
}

/** What a change answers: every location's hours, or why not. */
export type HoursAnswer = ConsoleHours | HoursRefusal;

const locationNotFound = (): HoursRefusal => ({
  refused: { status: 404, code: 'location_not_found', message: 'This dealer has no such location' },
});

/** One location's hours as the console shows them: `stored` are the dates set in the console. */
function locationHoursOf(merged: Location, stored: ReadonlySet<string>, now: Date): ConsoleLocationHours {
  const timeZone = STATE_TIME_ZONES[merged.address.state];
  const today = localClock(now, timeZone).date;
  const days = merged.special_hours.filter((entry) => entry.date >= today);
  // The date and hours as the location page shows them, without the label (it has its own field).
  const rows = holidayHoursRows(
    days.map(({ label: _label, ...entry }) => entry),
    today,
  );
  return {
    slug: merged.slug,
    name: merged.name,
    today,
    week: openingHoursRows(merged.opening_hours).map(({ label, text }) => ({ label, text })),
    special_days: days.map((entry, index) => ({
      date: entry.date,
      status: entry.status,
      start_hour: entry.start_hour,
      end_hour: entry.end_hour,
      label: entry.label ?? '',
      day: rows[index]?.label ?? entry.date,
      text: rows[index]?.text ?? '',
      source: stored.has(entry.date) ? 'console' : 'config',
    })),
  };
}

/**
 * Every location's hours, from the store now (not the server's copy: the console shows what is
 * stored). `site` is the site as its config declares it.
 */
export async function listConsoleHours(deps: HoursDeps, site: SiteConfig): Promise<ConsoleHours> {
  const stored = await listSpecialDays(deps.db, site.id);
  const merged = withSpecialDays(site, stored);
  const now = deps.now();
  return {
    locations: merged.locations.map((location) =>
      locationHoursOf(
        location,
        new Set(stored.filter((day) => day.location_id === location.id).map((day) => day.date)),
        now,
      ),
    ),
  };
}

/** Sets a special day of one of the site's locations (replacing that date's); refuses a day before its today. */
export async function setSpecialDay(
  deps: HoursDeps,
  site: SiteConfig,
  staffId: number,
  slug: string,
  form: SpecialDayForm,
): Promise<ConsoleHours | HoursRefusal> {
  const location = site.locations.find((l) => l.slug === slug);
  if (!location) return locationNotFound();
  const today = localClock(deps.now(), STATE_TIME_ZONES[location.address.state]).date;
  if (form.date < today) {
    return {
      refused: {
        status: 422,
        code: 'invalid_request',
        message: SPECIAL_DAY_MESSAGES.past,
        fields: { date: SPECIAL_DAY_MESSAGES.past },
      },
    };
  }
  const open = form.status === 'Open';
  const day = {
    site_id: site.id,
    location_id: location.id,
    date: form.date,
    status: form.status,
    start_hour: open ? form.start_hour : null,
    end_hour: open ? form.end_hour : null,
    label: form.label,
  };
  await deps.db.transaction(async (tx) => {
    const before = await putSpecialDay(tx, day);
    await recordAudit(tx, {
      siteId: site.id,
      staffId,
      action: 'hours.update',
      subject: `location ${location.slug} ${form.date}`,
      detail: {
        date: day.date,
        status: day.status,
        start_hour: day.start_hour,
        end_hour: day.end_hour,
        label: day.label,
        ...(before
          ? {
              before: {
                status: before.status,
                start_hour: before.start_hour,
                end_hour: before.end_hour,
                label: before.label,
              },
            }
          : {}),
      },
    });
  });
  await deps.contentChanged();
  return listConsoleHours(deps, site);
}

/** Removes a special day set in the console (the config's hours for that date, if any, show again). */
export async function removeSpecialDay(
  deps: HoursDeps,
  site: SiteConfig,
  staffId: number,
  slug: string,
  date: string,
): Promise<ConsoleHours | HoursRefusal> {
  const location = site.locations.find((l) => l.slug === slug);
  if (!location) return locationNotFound();
  const removed = await deps.db.transaction(async (tx) => {
    const gone = await deleteSpecialDay(tx, { siteId: site.id, locationId: location.id, date });
    if (gone) {
      await recordAudit(tx, {
        siteId: site.id,
        staffId,
        action: 'hours.remove',
        subject: `location ${location.slug} ${date}`,
        detail: {
          date,
          status: gone.status,
          start_hour: gone.start_hour,
          end_hour: gone.end_hour,
          label: gone.label,
        },
      });
    }
    return gone;
  });
  if (!removed) {
    return {
      refused: { status: 404, code: 'day_not_found', message: 'This location has no such special day' },
    };
  }
  await deps.contentChanged();
  return listConsoleHours(deps, site);
}
