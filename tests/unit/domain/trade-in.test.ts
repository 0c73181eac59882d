import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../domain/field-errors.ts';
import {
  detailsStepSchema,
  OFFER_VALID_DAYS,
  offerLimits,
  offerValidUntil,
  regoOutcome,
  regoStepSchema,
  selectionStepSchema,
  vehicleDescriptions,
} from '../../../domain/trade-in.ts';

/** `locations-forms-tradein-site.md` §3, §4, §5 and §9 for the trade-in wizard, rule by rule. */
describe('§5 Step One: rego and state', () => {
  it('each is required with "* This field is required"; state is one of the eight', () => {
    const parsed = regoStepSchema.safeParse({ rego: ' ', state: '' });
    expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({
      rego: '* This field is required',
      state: '* This field is required',
    });
    expect(regoStepSchema.safeParse({ rego: 'ABC123', state: 'qld' }).success).toBe(true);
    expect(regoStepSchema.safeParse({ rego: 'ABC123', state: 'QLD' }).success).toBe(false);
  });

  it('Step Two needs one car: "* Please choose one car."', () => {
    const parsed = selectionStepSchema.safeParse({ manualEntry: '' });
    expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({
      manualEntry: '* Please choose one car.',
    });
  });
});

describe('§4: what Step One’s answer leads to', () => {
  it.each([
    [{ VechielDescriptions: [{ Description: 'a' }] }, true, 'selection'],
    [{ VechicleDescriptions: [{ Description: 'a' }] }, false, 'selection'],
    [{ EvalID: 'EV1' }, true, 'images'],
    [{ EvalID: 'EV1' }, false, 'details'],
    [{}, true, 'notFound'],
    [null, true, 'notFound'],
  ])('%j (images %s) → %s', (record, images, outcome) => {
    expect(regoOutcome(record, images)).toBe(outcome);
  });

  it('§3: the descriptions are read under either spelling', () => {
    expect(vehicleDescriptions({ VechicleDescriptions: [{ Description: 'x' }] })).toEqual(['x']);
    expect(vehicleDescriptions({ VechielDescriptions: [{ Description: 'y' }] })).toEqual(['y']);
  });
});

describe('§5 Step Four: the customer’s details', () => {
  it('postcode, odometer, service_history, number_of_keys, car_condition and comments are required', () => {
    const parsed = detailsStepSchema.safeParse({
      name: 'Sam',
      email: 'sam@example.com',
      phone: '0400 111 222',
    });
    expect(Object.keys(parsed.success ? {} : fieldErrors(parsed.error)).sort()).toEqual(
      ['car_condition', 'comments', 'number_of_keys', 'odometer', 'postcode', 'service_history'].sort(),
    );
  });
});

describe('§9: the instant offer', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  it(`is valid ${OFFER_VALID_DAYS} days`, () => {
    expect(offerValidUntil(now)).toBe('2026-12-02');
  });
  it('none online over 100,000 km or over the age limit (7 years by default); otherwise none withheld', () => {
    expect(offerLimits({ year: 2021, km: 100_001 }, now)).toContain('100,000 km');
    expect(offerLimits({ year: 2018, km: 10_000 }, now)).toContain('7 years');
    expect(offerLimits({ year: 2016, km: 10_000 }, now, 10)).toBeNull();
    expect(offerLimits({ year: 2021, km: 100_000 }, now)).toBeNull();
  });
});
