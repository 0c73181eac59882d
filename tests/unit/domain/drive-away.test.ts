import { describe, expect, it } from 'vitest';
import {
  DRIVE_AWAY_DISCLAIMER,
  DUTY_TABLES,
  driveAwayEstimate,
  excludesGovernmentCharges,
  qldDutyTable,
  qldEngine,
  stampDuty,
  VIC_LUXURY_THRESHOLD,
  YEARLY_CHARGES,
} from '../../../domain/drive-away.ts';

/**
 * Issue 37 item 5: the drive-away estimate of a price excluding government charges — each state's
 * published stamp-duty brackets at their edges, and when the car page shows the estimate at all.
 */
describe('stamp duty by state (published brackets, edges)', () => {
  it.each([
    // NSW: $3 per $100 or part to $45,000, then $1,350 + $5 per $100 or part over.
    ['nsw', 100, 3],
    ['nsw', 101, 6],
    ['nsw', 30_000, 900],
    ['nsw', 45_000, 1_350],
    ['nsw', 45_001, 1_355],
    ['nsw', 60_000, 2_100],
    // VIC: the whole value per $200 or part, at its bracket's rate.
    ['vic', 20_000, 840],
    ['vic', 20_001, 848.4],
    ['vic', VIC_LUXURY_THRESHOLD, 3_385.2],
    ['vic', 90_000, 4_680],
    ['vic', 100_000, 5_200],
    ['vic', 100_001, 7_014],
    ['vic', 150_000, 10_500],
    ['vic', 200_000, 18_000],
    // QLD (4 cylinders or fewer): $3 per $100 to $100,000, $5 above, on the whole value.
    ['qld', 30_000, 900],
    ['qld', 100_000, 3_000],
    ['qld', 120_000, 6_000],
    // WA: 2.75% to $25,000; R = 2.75 + (V − 25,000) / 6,666.66 to $50,000; 6.5% above.
    ['wa', 20_000, 550],
    ['wa', 25_000, 687.5],
    ['wa', 30_000, 1_050],
    ['wa', 50_000, 3_250],
    ['wa', 60_000, 3_900],
    // SA: $1/$2/$3/$4 per $100 or part in steps of $1,000, at least $5.
    ['sa', 300, 5],
    ['sa', 1_000, 10],
    ['sa', 2_000, 30],
    ['sa', 3_000, 60],
    ['sa', 30_000, 1_140],
    // TAS: $20 to $600; $3 per $100 to $35,000; $1,050 + $11 per $100 to $40,000; $4 per $100 above.
    ['tas', 500, 20],
    ['tas', 30_000, 900],
    ['tas', 35_000, 1_050],
    ['tas', 40_000, 1_600],
    ['tas', 50_000, 2_000],
    // ACT (no emissions rating, or used): as NSW's brackets.
    ['act', 45_000, 1_350],
    ['act', 50_000, 1_600],
    // NT: $3 per $100 or part.
    ['nt', 30_000, 900],
    ['nt', 30_050, 903],
  ] as const)('%s on $%d is $%d', (state, value, duty) => {
    expect(stampDuty(DUTY_TABLES[state], value)).toBeCloseTo(duty, 2);
  });

  it('charges nothing on nothing', () => {
    expect(stampDuty(DUTY_TABLES.nsw, 0)).toBe(0);
    expect(stampDuty(DUTY_TABLES.sa, -5)).toBe(0);
  });

  it('reads QLD’s rate from the engine: hybrids and electrics pay less, big engines more', () => {
    expect(qldEngine('Hybrid', 4)).toBe('hybridOrElectric');
    expect(qldEngine('Electric', null)).toBe('hybridOrElectric');
    expect(qldEngine('Petrol', 6)).toBe('fiveOrSix');
    expect(qldEngine('Diesel', 8)).toBe('sevenOrMore');
    expect(qldEngine('Petrol', null)).toBe('upTo4');
    expect(stampDuty(qldDutyTable('hybridOrElectric'), 40_000)).toBe(800);
    expect(stampDuty(qldDutyTable('fiveOrSix'), 40_000)).toBe(1_400);
    expect(stampDuty(qldDutyTable('sevenOrMore'), 120_000)).toBe(7_200);
  });

  it('names a source for every state and a year’s registration and CTP for each', () => {
    for (const state of Object.keys(DUTY_TABLES) as (keyof typeof DUTY_TABLES)[]) {
      expect(DUTY_TABLES[state].source).not.toBe('');
      expect(YEARLY_CHARGES[state].registration).toBeGreaterThan(0);
      expect(YEARLY_CHARGES[state].ctp).toBeGreaterThan(0);
    }
  });
});

describe('the car page’s drive-away estimate', () => {
  it.each([
    ['Excl. Govt. Charges', true],
    ['excluding government charges', true],
    ['EGC', true],
    ['Drive Away', false],
    [null, false],
    ['', false],
  ])('price type %j excludes government charges: %s', (type, expected) => {
    expect(excludesGovernmentCharges(type)).toBe(expected);
  });

  it('adds stamp duty, registration and CTP in the location’s state, with the table’s date', () => {
    const estimate = driveAwayEstimate({ price: 30_000, priceType: 'Excl. Govt. Charges', state: 'NSW' });
    expect(estimate).toMatchObject({
      state: 'nsw',
      price: 30_000,
      stampDuty: 900,
      registration: YEARLY_CHARGES.nsw.registration,
      ctp: YEARLY_CHARGES.nsw.ctp,
      total: 30_000 + 900 + YEARLY_CHARGES.nsw.registration + YEARLY_CHARGES.nsw.ctp,
      tableDate: '1 July 2025',
      disclaimer: DRIVE_AWAY_DISCLAIMER,
    });
    expect(estimate?.disclaimer).toContain('the dealer confirms the drive-away price');
  });

  it('uses QLD’s hybrid rate for a hybrid in QLD', () => {
    const estimate = driveAwayEstimate({
      price: 40_000,
      priceType: 'Excl. Govt. Charges',
      state: 'qld',
      fuel: 'Hybrid',
      cylinders: 4,
    });
    expect(estimate?.stampDuty).toBe(800);
  });

  it('shows none for a drive-away price, no price, or a place outside the states', () => {
    expect(driveAwayEstimate({ price: 30_000, priceType: 'Drive Away', state: 'nsw' })).toBeNull();
    expect(driveAwayEstimate({ price: 0, priceType: 'Excl. Govt. Charges', state: 'nsw' })).toBeNull();
    expect(driveAwayEstimate({ price: 30_000, priceType: 'Excl. Govt. Charges', state: null })).toBeNull();
    expect(
      driveAwayEstimate({ price: 30_000, priceType: 'Excl. Govt. Charges', state: 'Auckland' }),
    ).toBeNull();
  });
});
