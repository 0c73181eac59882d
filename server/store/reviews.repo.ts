import { formatAustralianDate } from '../../domain/format.ts';
import type { Review, ReviewList } from '../../domain/review.ts';
import type { Executor } from './db.ts';

/** A review as stored; the "in words" fields of {@link Review} are filled in when read. */
export interface ReviewRecord {
  id: number;
  site_id: number;
  dealership_id: number | null;
  location_id: number | null;
  customer_name: string;
  text: string | null;
  rating: number;
  image_url: string | null;
  thumb_url: string | null;
  /** YYYY-MM-DD. */
  review_date: string;
}

/** Which reviews to read: a site's, optionally narrowed to one dealership or location. */
export interface ReviewScope {
  siteId: number;
  dealershipId?: number;
  locationId?: number;
}

/** Distance from a date to `now` in words, in the style of "3 days" or "about 2 years". */
export function timeAgoInWords(isoDate: string, now: Date): string {
  const days = Math.floor((now.getTime() - Date.parse(`${isoDate}T00:00:00Z`)) / 86_400_000);
  if (days < 1) return 'less than a day';
  if (days < 30) return days === 1 ? '1 day' : `${days} days`;
  if (days < 45) return 'about 1 month';
  if (days < 365) return `${Math.round(days / 30)} months`;
  const years = Math.floor(days / 365);
  return years === 1 ? 'about 1 year' : `about ${years} years`;
}

function toReview(record: ReviewRecord, now: Date): Review {
  const [year, month, day] = record.review_date.split('-');
  return {
    id: record.id,
    customer_name: record.customer_name,
    text: record.text,
    rating: record.rating,
    image: { url: record.image_url, thumb: { url: record.thumb_url } },
    created_at_time_ago_in_words: timeAgoInWords(record.review_date, now),
    review_date: `${day}/${month}/${year}`,
    review_date_in_words: formatAustralianDate(record.review_date) ?? '',
  };
}

/** Inserts or updates reviews by id. */
export async function upsertReviews(q: Executor, reviews: readonly ReviewRecord[]): Promise<void> {
  if (reviews.length === 0) return;
  await q.query(
    `INSERT INTO reviews (id, site_id, dealership_id, location_id, customer_name, text, rating, image_url,
                          thumb_url, review_date)
     SELECT (e->>'id')::int, (e->>'site_id')::int, (e->>'dealership_id')::int, (e->>'location_id')::int,
            e->>'customer_name', e->>'text', (e->>'rating')::float8, e->>'image_url', e->>'thumb_url',
            (e->>'review_date')::date
     FROM jsonb_array_elements($1::jsonb) AS e
     ON CONFLICT (id) DO UPDATE SET site_id = EXCLUDED.site_id, dealership_id = EXCLUDED.dealership_id,
       location_id = EXCLUDED.location_id, customer_name = EXCLUDED.customer_name, text = EXCLUDED.text,
       rating = EXCLUDED.rating, image_url = EXCLUDED.image_url, thumb_url = EXCLUDED.thumb_url,
       review_date = EXCLUDED.review_date`,
    [JSON.stringify(reviews)],
  );
}

/**
 * The newest `limit` reviews in scope (all by default), with the count and average over the whole
 * scope. `now` fills in the relative "time ago" words.
 */
export async function listReviews(
  q: Executor,
  scope: ReviewScope,
  now: Date,
  limit: number | null = null,
): Promise<ReviewList> {
  const where = `site_id = $1 AND ($2::int IS NULL OR dealership_id = $2) AND ($3::int IS NULL OR location_id = $3)`;
  const params = [scope.siteId, scope.dealershipId ?? null, scope.locationId ?? null];
  const summary = await q.query<{ count: number; average: number | null }>(
    `SELECT count(*)::int AS count, avg(rating)::float8 AS average FROM reviews WHERE ${where}`,
    params,
  );
  const { rows } = await q.query<ReviewRecord>(
    `SELECT id, site_id, dealership_id, location_id, customer_name, text, rating, image_url, thumb_url,
            to_char(review_date, 'YYYY-MM-DD') AS review_date
     FROM reviews WHERE ${where} ORDER BY review_date DESC, id DESC LIMIT $4`,
    [...params, limit],
  );
  const count = summary.rows[0]?.count ?? 0;
  const average = summary.rows[0]?.average ?? 0;
  return { count, average_rating: average.toFixed(1), reviews: rows.map((row) => toReview(row, now)) };
}

/** Deletes every review (the seed's reset). */
export async function deleteReviews(q: Executor): Promise<void> {
  await q.query('DELETE FROM reviews');
}
