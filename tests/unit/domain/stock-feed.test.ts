import { describe, expect, it } from 'vitest';
import { carSchema } from '../../../domain/car.ts';
import { feedDate, normaliseFeedRecord } from '../../../domain/stock-feed.ts';

const read = (record: Record<string, unknown>) =>
  normaliseFeedRecord(carSchema.shape, record) as Record<string, unknown>;

describe('stock feed values as dealer feeds write them (issue 13 item 6)', () => {
  it.each([
    ['2025-03-01', null],
    ['2025-03-01T09:30:00+10:00', '2025-03-01'],
    ['2025-03-01T23:30:00Z', '2025-03-01'],
    ['01/03/2025', '2025-03-01'],
    ['1/3/2025', '2025-03-01'],
    ['31/02/2025', null],
    ['03-01-2025', null],
  ])('the date %s reads as %s', (written, expected) => {
    expect(feedDate(written)).toBe(expected);
  });

  it('date fields take dd/mm/yyyy and ISO date-times; a date field keeps what it cannot read', () => {
    expect(
      read({
        rego_expiry: '15/07/2026',
        compliance_date: '2021-02-01T00:00:00+10:00',
        build_date: '2021-01-01',
      }),
    ).toEqual({ rego_expiry: '2026-07-15', compliance_date: '2021-02-01', build_date: '2021-01-01' });
    expect(read({ rego_expiry: 'next July' })).toEqual({ rego_expiry: 'next July' });
  });

  it('numeric fields take numeric strings; other strings stay for the schema to refuse', () => {
    expect(read({ price: ' 36990 ', km: '21400', year: '2022', before_price: '54990.5' })).toEqual({
      price: 36990,
      km: 21400,
      year: 2022,
      before_price: 54990.5,
    });
    expect(read({ price: '36,990', stocknum: '1234' })).toEqual({ price: '36,990', stocknum: '1234' });
  });

  it('an empty string is no value where a field may be empty (file: "" is no history report)', () => {
    expect(read({ file: '', rego_expiry: '  ', name: '' })).toEqual({
      file: null,
      rego_expiry: null,
      name: '',
    });
  });

  it('a record of a parsed feed is a valid car only when the rest of it is', () => {
    expect(normaliseFeedRecord(carSchema.shape, 'not a record')).toBe('not a record');
  });
});
