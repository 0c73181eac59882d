import { describe, expect, it } from 'vitest';
import { tradeInTerms } from '../../../domain/content-page-text.ts';
import { contentPageAt, contentPageRef } from '../../../domain/content-pages.ts';

/** The dealer's content pages (`locations-forms-tradein-site.md` §2 Routes, §9 Trade-in wizard). */
describe('content pages', () => {
  it.each([
    ['/pages/value-my-car-terms-and-conditions', 'tradeInTerms'],
    ['/value-my-car-terms-and-conditions', 'tradeInTerms'],
    ['/value-my-car-terms-and-conditions/', 'tradeInTerms'],
    ['/pages/value-my-car-terms-and-conditions?from=wizard', 'tradeInTerms'],
    ['/pages/other', null],
    ['/terms', null],
  ])('%s shows %s', (path, page) => {
    expect(contentPageAt(path)).toBe(page);
  });

  it('/locations/{slug} is the page of a location the dealer shows; another slug is no page', () => {
    const locations = [
      { slug: 'bayside-mazda-sales', visible: true },
      { slug: 'bayside-mazda-old-yard', visible: false },
    ];
    expect(contentPageRef('/locations/bayside-mazda-sales', '', locations)).toEqual({
      kind: 'builtIn',
      id: 'location',
      slug: 'bayside-mazda-sales',
    });
    expect(contentPageRef('/locations/bayside-mazda-old-yard', '', locations)).toBeNull();
    expect(contentPageRef('/locations/nowhere', '', locations)).toBeNull();
    expect(contentPageRef('/locations/Bad%20Slug', '', locations)).toBeNull();
  });

  it('/models carries its body type; another page ignores the query; a body that is not a word is dropped', () => {
    expect(contentPageRef('/models', 'body=suvs')).toEqual({
      kind: 'written',
      path: '/models',
      body: 'suvs',
    });
    expect(contentPageRef('/models', 'body=%3Cx%3E')).toEqual({ kind: 'written', path: '/models' });
    expect(contentPageRef('/about-us', 'body=suvs')).toEqual({ kind: 'written', path: '/about-us' });
  });

  it("the trade-in terms state the dealer's own age limit, 100,000 km, 7 days, 10 photos and the buying team's hours", () => {
    const site = { name: 'Metro Used', phone: '07 3000 4000', trade_in: { offer_max_age_years: 10 } };
    const text = tradeInTerms(site)
      .sections.flatMap((section) => section.paragraphs)
      .join('\n');
    expect(text).toContain("We don't give online estimates for cars over 10 years old or over 100,000 km.");
    expect(text).toContain('valid for 7 days');
    expect(text).toContain('up to 10 images');
    expect(text).toContain('Our buying team is available Mon-Fri 8.30-5.30, Sat 9-5, on 07 3000 4000.');
    expect(text).toContain('3. Offer Accepted');
    const seven = tradeInTerms({ ...site, trade_in: { offer_max_age_years: 7 } });
    expect(JSON.stringify(seven)).toContain('cars over 7 years old');
  });
});
