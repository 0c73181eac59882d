import type { CarType } from '../../domain/car.ts';
import {
  type AlertFrequency,
  type SavedSearch,
  type SavedSearchDraft,
  savedSearchKey,
} from '../../domain/saved-search.ts';
import { matchingState } from '../../domain/saved-search-link.ts';
import type { SearchState } from '../../domain/search-state.ts';
import type { Executor } from './db.ts';

/** A saved search as stored. */
interface SavedSearchRow {
  id: number;
  name: string;
  href: string;
  frequency: AlertFrequency;
  created_at: Date | string;
}

const COLUMNS = 'id, name, href, frequency, created_at';

const toSavedSearch = (row: SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  href: row.href,
  frequency: row.frequency,
  created_at: new Date(row.created_at).toISOString(),
});

/** A shopper's saved searches, newest first. */
export async function listSavedSearches(q: Executor, userId: number): Promise<SavedSearch[]> {
  const { rows } = await q.query<SavedSearchRow>(
    `SELECT ${COLUMNS} FROM saved_searches WHERE user_id = $1 AND confirmed_at IS NOT NULL
     ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows.map(toSavedSearch);
}

/**
 * Saves a search for a shopper. The same search saved again (same state and car types) keeps its row
 * and takes the new name, address and frequency; `created` says which happened. A new search beyond
 * `limit` is refused (null).
 */
export async function saveSearch(
  q: Executor,
  userId: number,
  draft: SavedSearchDraft,
  options: { origin: string; limit: number },
): Promise<{ search: SavedSearch; created: boolean } | null> {
  const key = savedSearchKey(draft.search, draft.car_types);
  return q.transaction(async (tx) => {
    // One shopper's saves in a row: the count and the insert agree.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const { rows: existing } = await tx.query<{ id: number }>(
      'SELECT id FROM saved_searches WHERE user_id = $1 AND key = $2',
      [userId, key],
    );
    if (existing.length === 0) {
      const { rows } = await tx.query<{ count: number }>(
        // Searches someone saved with this address but nobody confirmed do not take the shopper's room.
        'SELECT count(*)::int AS count FROM saved_searches WHERE user_id = $1 AND confirmed_at IS NOT NULL',
        [userId],
      );
      if ((rows[0]?.count ?? 0) >= options.limit) return null;
    }
    const { rows } = await tx.query<SavedSearchRow>(
      `INSERT INTO saved_searches (user_id, name, href, origin, search, car_types, key, frequency)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::text[], $7, $8)
       ON CONFLICT (user_id, key) DO UPDATE SET name = EXCLUDED.name, href = EXCLUDED.href,
         origin = EXCLUDED.origin, frequency = EXCLUDED.frequency,
         confirmed_at = COALESCE(saved_searches.confirmed_at, now()),
         confirm_token_hash = NULL, confirm_expires_at = NULL
       RETURNING ${COLUMNS}`,
      [
        userId,
        draft.name,
        draft.href,
        options.origin,
        JSON.stringify(matchingState(draft.search)),
        draft.car_types,
        key,
        draft.frequency,
      ],
    );
    return { search: toSavedSearch(rows[0] as SavedSearchRow), created: existing.length === 0 };
  });
}

/** Deletes one of a shopper's saved searches; false when the shopper has no such search. */
export async function deleteSavedSearch(q: Executor, userId: number, id: number): Promise<boolean> {
  const { rows } = await q.query('DELETE FROM saved_searches WHERE id = $1 AND user_id = $2 RETURNING id', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

/** Sets how often one of a shopper's saved searches emails. Null when the shopper has no such search. */
export async function setAlertFrequency(
  q: Executor,
  userId: number,
  id: number,
  frequency: AlertFrequency,
): Promise<SavedSearch | null> {
  const { rows } = await q.query<SavedSearchRow>(
    `UPDATE saved_searches SET frequency = $3 WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, frequency],
  );
  // Alerts waiting for an email that will not be sent now are dropped with the choice.
  if (rows[0] && frequency === 'off') await dropWaitingAlerts(q, [id]);
  return rows[0] ? toSavedSearch(rows[0]) : null;
}

/**
 * Stops the emails of saved searches an unsubscribe token names — of the site the link was opened
 * on only, whatever the token says (issue 31 item 20) — and drops their waiting alerts. Answers the
 * searches stopped (none when the site has none of them).
 */
export async function stopAlerts(
  q: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<SavedSearch[]> {
  const { rows } = await q.query<SavedSearchRow>(
    `UPDATE saved_searches s SET frequency = 'off' FROM users u
      WHERE s.user_id = u.id AND u.site_id = $1 AND s.id = ANY($2::int[])
      RETURNING s.id, s.name, s.href, s.frequency, s.created_at`,
    [siteId, ids],
  );
  await dropWaitingAlerts(
    q,
    rows.map((row) => row.id),
  );
  return rows.sort((a, b) => a.id - b.id).map(toSavedSearch);
}

async function dropWaitingAlerts(q: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query('DELETE FROM search_alerts WHERE saved_search_id = ANY($1::int[]) AND sent_at IS NULL', [
    ids,
  ]);
}

/** A saved search the matcher runs: its state and car types. */
export interface MatchableSearch {
  id: number;
  search: SearchState;
  car_types: CarType[] | null;
}

/** The saved searches of a site's shoppers that email (every frequency but `off`). */
export async function listMatchableSearches(q: Executor, siteId: number): Promise<MatchableSearch[]> {
  const { rows } = await q.query<MatchableSearch>(
    `SELECT s.id, s.search, s.car_types FROM saved_searches s JOIN users u ON u.id = s.user_id
     WHERE u.site_id = $1 AND s.frequency <> 'off' AND s.confirmed_at IS NOT NULL ORDER BY s.id`,
    [siteId],
  );
  return rows;
}

/** How long a saved search made with just an email waits for its link to be opened (issue 37 item 9). */
export const CONFIRM_LINK_HOURS = 72;

/**
 * Saves a search for the owner of an address, unconfirmed (issue 37 item 9): it sends no alerts until
 * the emailed link — whose token's SHA-256 is `tokenHash` — is opened. The same search saved again
 * while unconfirmed takes the new name, address, frequency and link; one already confirmed keeps what
 * its owner chose and only gets the new link (opening it changes nothing), so nobody who merely knows
 * an address can change that shopper's searches. The owner's unconfirmed searches whose links have
 * expired are dropped first; a new search beyond `limit` (confirmed or not) is refused (false).
 */
export async function saveSearchByEmail(
  q: Executor,
  userId: number,
  draft: SavedSearchDraft,
  options: { origin: string; limit: number; tokenHash: string; now: Date },
): Promise<boolean> {
  const key = savedSearchKey(draft.search, draft.car_types);
  const expires = new Date(options.now.getTime() + CONFIRM_LINK_HOURS * 3_600_000).toISOString();
  return q.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    await tx.query(
      `DELETE FROM saved_searches
       WHERE user_id = $1 AND confirmed_at IS NULL AND confirm_expires_at <= $2`,
      [userId, options.now.toISOString()],
    );
    const { rows } = await tx.query<{ count: number; same: number }>(
      `SELECT count(*)::int AS count, count(*) FILTER (WHERE key = $2)::int AS same
       FROM saved_searches WHERE user_id = $1`,
      [userId, key],
    );
    if ((rows[0]?.same ?? 0) === 0 && (rows[0]?.count ?? 0) >= options.limit) return false;
    await tx.query(
      `INSERT INTO saved_searches (user_id, name, href, origin, search, car_types, key, frequency,
         confirmed_at, confirm_token_hash, confirm_expires_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::text[], $7, $8, NULL, $9, $10)
       ON CONFLICT (user_id, key) DO UPDATE SET
         name = CASE WHEN saved_searches.confirmed_at IS NULL THEN EXCLUDED.name ELSE saved_searches.name END,
         href = CASE WHEN saved_searches.confirmed_at IS NULL THEN EXCLUDED.href ELSE saved_searches.href END,
         origin = CASE WHEN saved_searches.confirmed_at IS NULL THEN EXCLUDED.origin ELSE saved_searches.origin END,
         frequency = CASE WHEN saved_searches.confirmed_at IS NULL THEN EXCLUDED.frequency
           ELSE saved_searches.frequency END,
         confirm_token_hash = EXCLUDED.confirm_token_hash, confirm_expires_at = EXCLUDED.confirm_expires_at`,
      [
        userId,
        draft.name,
        draft.href,
        options.origin,
        JSON.stringify(matchingState(draft.search)),
        draft.car_types,
        key,
        draft.frequency,
        options.tokenHash,
        expires,
      ],
    );
    return true;
  });
}

/** What opening a saved search's confirmation link did: the search, confirmed, or why not. */
export type SearchConfirmation =
  | { ok: true; search: SavedSearch }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Confirms the saved search whose link token hashes to `tokenHash` — of this site only — and uses the
 * link up: a second opening finds nothing. An expired link confirms nothing.
 */
export async function confirmSavedSearch(
  q: Executor,
  siteId: number,
  tokenHash: string,
  now: Date,
): Promise<SearchConfirmation> {
  return q.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; confirm_expires_at: Date | string }>(
      `SELECT s.id, s.confirm_expires_at FROM saved_searches s JOIN users u ON u.id = s.user_id
       WHERE s.confirm_token_hash = $2 AND u.site_id = $1 FOR UPDATE OF s`,
      [siteId, tokenHash],
    );
    const found = rows[0];
    if (!found) return { ok: false, reason: 'invalid' };
    if (new Date(found.confirm_expires_at).getTime() <= now.getTime())
      return { ok: false, reason: 'expired' };
    const { rows: confirmed } = await tx.query<SavedSearchRow>(
      `UPDATE saved_searches SET confirmed_at = COALESCE(confirmed_at, $2::timestamptz),
         confirm_token_hash = NULL, confirm_expires_at = NULL
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [found.id, now.toISOString()],
    );
    return { ok: true, search: toSavedSearch(confirmed[0] as SavedSearchRow) };
  });
}
