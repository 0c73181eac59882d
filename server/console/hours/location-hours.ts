import { mergeSpecialHours } from '../../../domain/opening-hours.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import type { Executor } from '../../store/db.ts';
import { listAllSpecialDays, type StoredSpecialDay } from '../../store/special-hours.repo.ts';

/**
 * The hours every reader reads (issue 36 item 6, decision 128): a site as its config declares it,
 * with each location's special days from the store laid over its config's holiday hours
 * (`mergeSpecialHours`). The server holds the store's days in memory and reloads them after a change
 * here and after another process's (the change feed), so a request never waits on the store for them.
 * The app applies it where a request's site is resolved (so the location pages, their JSON-LD, the
 * test-drive times and the lead forms read merged hours) and the acknowledgements' job where it finds
 * a lead's site: no reader reads a config's hours alone.
 */
export class LocationHours {
  private bySite = new Map<number, StoredSpecialDay[]>();
  private merged = new WeakMap<SiteConfig, SiteConfig>();

  /** Loads every site's special days from the store (at start, after a change). */
  async reload(db: Executor): Promise<void> {
    this.replace(await listAllSpecialDays(db));
  }

  /** Holds these days (every site's) in place of those held. */
  replace(days: readonly StoredSpecialDay[]): void {
    const bySite = new Map<number, StoredSpecialDay[]>();
    for (const day of days) bySite.set(day.site_id, [...(bySite.get(day.site_id) ?? []), day]);
    this.bySite = bySite;
    this.merged = new WeakMap();
  }

  /** The site with its locations' merged hours (the same object when the store has none of its days). */
  siteOf = (site: SiteConfig): SiteConfig => {
    const days = this.bySite.get(site.id);
    if (!days || days.length === 0) return site;
    let merged = this.merged.get(site);
    if (!merged) {
      merged = withSpecialDays(site, days);
      this.merged.set(site, merged);
    }
    return merged;
  };
}

/** A site with these stored days laid over its locations' holiday hours. */
export function withSpecialDays(site: SiteConfig, days: readonly StoredSpecialDay[]): SiteConfig {
  return {
    ...site,
    locations: site.locations.map((location) => {
      const own = days
        .filter((day) => day.location_id === location.id)
        .map(({ date, status, start_hour, end_hour, label }) => ({
          date,
          status,
          start_hour,
          end_hour,
          label,
        }));
      return own.length === 0
        ? location
        : { ...location, special_hours: mergeSpecialHours(location.special_hours, own) };
    }),
  };
}
