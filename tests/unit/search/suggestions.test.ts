import { describe, expect, it } from 'vitest';
import { describeSearch } from '../../../domain/search-description.ts';
import {
  correctedSearch,
  nearerSearches,
  nearestWord,
  pickSuggestions,
  vocabularyOf,
} from '../../../domain/search-suggestions.ts';

/** Issue 37 item 2: an empty result suggests the nearest searches that do have cars. */
describe('an empty search’s nearest searches (issue 37 item 2)', () => {
  it('drops the last refinement first, then earlier ones, then the query’s last and first word', () => {
    expect(nearerSearches({ query: 'white ute zzz', body: ['Ute'], fuel: ['Diesel'], page: 3 })).toEqual([
      { query: 'white ute zzz', body: ['Ute'] },
      { query: 'white ute zzz', fuel: ['Diesel'] },
      { query: 'white ute', body: ['Ute'], fuel: ['Diesel'] },
      { query: 'ute zzz', body: ['Ute'], fuel: ['Diesel'] },
    ]);
    expect(nearerSearches({ query: 'zzz' })).toEqual([{}]);
  });

  it('corrects a misspelt word to the stock’s nearest word, preferring the commoner', () => {
    const vocabulary = vocabularyOf({
      model: { HiLux: 12, 'Land Cruiser': 3, Hilton: 1 },
      colour: { White: 20 },
    });
    expect(vocabulary.get('landcruiser')).toBe(3);
    expect(nearestWord('hilxu', vocabulary)).toBe('hilux');
    expect(nearestWord('qqqqqq', vocabulary)).toBeNull();
    expect(correctedSearch({ query: 'whte hilxu' }, vocabulary)).toEqual({ query: 'white hilux' });
    expect(correctedSearch({ query: 'white hilux' }, vocabulary)).toBeNull();
  });

  it('keeps the candidates that have cars, once each, at most four, labelled in words', () => {
    const picked = pickSuggestions(
      [
        { query: 'white ute' },
        { query: 'white ute' },
        {},
        { body: ['Ute'] },
        { make: ['Ford'] },
        { fuel: ['Diesel'] },
      ],
      [2, 2, 40, 0, 5, 9],
    );
    expect(picked.map((s) => [s.label, s.count])).toEqual([
      ['“white ute”', 2],
      ['All stock', 40],
      ['Ford', 5],
      ['Diesel', 9],
    ]);
  });

  it('never says "Year 0 – 100000": an end that limits nothing is left out', () => {
    expect(describeSearch({ year: { min: 0, max: 100_000 } })).toBe('');
    expect(describeSearch({ query: 'ute', year: { min: 2015, max: 100_000 } })).toBe('“ute” · from 2015');
    expect(describeSearch({ price: { min: 0, max: 30_000 } })).toBe('under $30,000');
  });
});
