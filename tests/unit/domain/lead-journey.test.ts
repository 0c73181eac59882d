import { describe, expect, it } from 'vitest';
import { LEAD_LIMITS } from '../../../domain/lead.ts';
import {
  JOURNEY_LIMITS,
  journeyThrough,
  type LeadJourney,
  leadJourneySchema,
} from '../../../domain/lead-journey.ts';
import { readLeadJourney, recordLeadJourney } from '../../../services/leads/lead-journey.storage.ts';
import type { KeyValueStorage } from '../../../services/storage/browser-storage.ts';

/**
 * A lead's journey (`search-detail-finance-watchlist.md` §3 userData `lead_attributes`: visited_pages
 * and linked_query_params; issue 31 item 18): every page of the visit and its campaign parameters.
 */
describe('journeyThrough (§3 lead_attributes)', () => {
  const landed = journeyThrough(null, '/', 'utm_source=newsletter&utm_campaign=spring&sort=price');

  it.each<[string, LeadJourney | null, string, string, LeadJourney]>([
    [
      'the landing page keeps its campaign tags, not its other parameters',
      null,
      '/',
      '?utm_source=newsletter&gclid=abc&page=2',
      { visited_pages: ['/'], linked_query_params: { utm_source: 'newsletter', gclid: 'abc' } },
    ],
    [
      'a page further keeps the tags the shopper landed with',
      landed,
      '/search',
      'make=Mazda',
      {
        visited_pages: ['/', '/search'],
        linked_query_params: { utm_source: 'newsletter', utm_campaign: 'spring' },
      },
    ],
    [
      'a new query on the same page is not another page',
      { visited_pages: ['/', '/search'], linked_query_params: {} },
      '/search',
      'page=2',
      { visited_pages: ['/', '/search'], linked_query_params: {} },
    ],
    [
      'a later tag replaces an earlier value',
      landed,
      '/cars/a',
      'utm_source=facebook',
      {
        visited_pages: ['/', '/cars/a'],
        linked_query_params: { utm_source: 'facebook', utm_campaign: 'spring' },
      },
    ],
  ])('%s', (_, journey, path, search, expected) => {
    expect(journeyThrough(journey, path, search)).toEqual(expected);
  });

  it('stays within the lead route’s bounds: the newest pages, and only so many parameters', () => {
    let journey: LeadJourney | null = null;
    for (let page = 0; page < LEAD_LIMITS.visitedPages + 10; page += 1)
      journey = journeyThrough(journey, `/cars/${page}`, `utm_${'x'.repeat(page + 1)}=x`);
    const result = journey as LeadJourney;
    expect(result.visited_pages).toHaveLength(LEAD_LIMITS.visitedPages);
    expect(result.visited_pages.at(-1)).toBe(`/cars/${LEAD_LIMITS.visitedPages + 9}`);
    expect(result.visited_pages[0]).toBe('/cars/10');
    expect(Object.keys(result.linked_query_params)).toHaveLength(JOURNEY_LIMITS.linkedParams);
    expect(leadJourneySchema.safeParse(result).success).toBe(true);
    expect(journeyThrough(null, `/${'a'.repeat(3000)}`, `utm_source=${'b'.repeat(300)}`)).toEqual({
      visited_pages: [`/${'a'.repeat(1999)}`],
      linked_query_params: { utm_source: 'b'.repeat(200) },
    });
  });
});

describe('the visit’s journey in session storage', () => {
  const memory = (): KeyValueStorage & { data: Record<string, string> } => {
    const data: Record<string, string> = {};
    return {
      data,
      getItem: (key) => data[key] ?? null,
      setItem: (key, value) => {
        data[key] = value;
      },
    };
  };

  it('each page recorded is read back for the next lead', () => {
    const storage = memory();
    recordLeadJourney(storage, '/', 'utm_source=newsletter');
    recordLeadJourney(storage, '/search', '');
    recordLeadJourney(storage, '/cars/a', '');
    expect(readLeadJourney(storage)).toEqual({
      visited_pages: ['/', '/search', '/cars/a'],
      linked_query_params: { utm_source: 'newsletter' },
    });
  });

  it('no storage, a refusing one or an unreadable value keeps no journey and throws nothing', () => {
    expect(readLeadJourney(null)).toBeNull();
    const broken = memory();
    broken.data['forecourt:lead-journey'] = '{"visited_pages": 5}';
    expect(readLeadJourney(broken)).toBeNull();
    const full: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => recordLeadJourney(full, '/', '')).not.toThrow();
    recordLeadJourney(broken, '/search', '');
    expect(readLeadJourney(broken)).toEqual({ visited_pages: ['/search'], linked_query_params: {} });
  });
});
