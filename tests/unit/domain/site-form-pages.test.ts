import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { fieldErrors } from '../../../domain/auth.ts';
import {
  enquiryDefaults,
  enquiryEventId,
  enquirySubmission,
  REQUEST_PHOTOS_MESSAGE,
  UNEXPECTED_ENQUIRY_ERROR,
} from '../../../domain/enquiry.ts';
import { leadSubmissionSchema, siteFormSubmission } from '../../../domain/lead.ts';
import { formSite, siteForm, siteFormForPath, siteFormSchemaOf } from '../../../domain/site-form-pages.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { buildCar } from '../../fixtures/cars.ts';

/**
 * The site-wide forms as each demo dealer shows them (`locations-forms-tradein-site.md` §2, §3 "Form
 * submission payload", §5) and the car enquiry's defaults, lead and events
 * (`search-detail-finance-watchlist.md` §3, §8, §9).
 */
const sites = loadTenants();
const site = (slug: string, messageOptional = false) => {
  const config = sites.find((s) => s.slug === slug);
  if (!config) throw new Error(slug);
  return formSite(config, messageOptional);
};
const errorsOf = (schema: z.core.$ZodType, values: Record<string, unknown>) => {
  const parsed = z.safeParse(schema, values);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('which form a page shows (§2)', () => {
  it.each([
    ['/contact', 'contact'],
    ['/contact-us', 'contact'],
    ['/fleet', 'fleet'],
    ['/careers', 'careers'],
    ['/contact-us/bayside-mazda-parts', 'location'],
  ])('%s → %s', (path, id) => {
    expect(siteFormForPath(site('bayside-mazda'), path)?.id).toBe(id);
  });

  it('an unknown or malformed location, or an unknown path, has no form', () => {
    // `/service` is the booking flow's page (issue 37 item 8), not a single form's.
    for (const path of [
      '/contact-us/nowhere',
      '/contact-us/%ff',
      '/contact-us/a/b',
      '/contacts',
      '/service',
    ]) {
      expect(siteFormForPath(site('bayside-mazda'), path)).toBeNull();
    }
  });
});

describe('what each form requires (§5)', () => {
  it('the dealership select is shown and required only where the site has more than one dealership', () => {
    const one = siteForm(site('bayside-mazda'), 'contact');
    const four = siteForm(site('harbour-auto-group'), 'contact');
    expect(one?.fields.some((f) => f.name === 'dealership_slug')).toBe(false);
    expect(four?.fields.find((f) => f.name === 'dealership_slug')?.options).toHaveLength(4);
    const values = { name: 'Sam', email: 'sam@example.com', postcode: '2100', message: 'Hi' };
    expect(errorsOf(siteFormSchemaOf(four ?? never()), values)).toEqual({
      dealership_slug: '* This field is required',
    });
    expect(
      errorsOf(siteFormSchemaOf(four ?? never()), { ...values, dealership_slug: 'bayside-mazda' }),
    ).toEqual({
      dealership_slug: 'Please choose one of the listed options',
    });
  });

  it('the service form offers the service centres only, and its message is optional', () => {
    const service = siteForm(site('harbour-auto-group'), 'service');
    expect(service?.fields.find((f) => f.name === 'location')?.options?.map((o) => o.value)).toEqual([
      'harbour-toyota-service',
      'harbour-hyundai-service',
      'harbour-kia-service',
      'harbour-volkswagen-service',
    ]);
    expect(service?.fields.find((f) => f.name === 'message')?.required).toBe(false);
  });

  it('the messageOptional switch makes every message optional', () => {
    expect(
      siteForm(site('outback-rv', true), 'contact')?.fields.find((f) => f.name === 'message')?.required,
    ).toBe(false);
    expect(siteForm(site('outback-rv'), 'contact')?.fields.find((f) => f.name === 'message')?.required).toBe(
      true,
    );
  });

  it('a test drive needs a time and the terms', () => {
    const form = siteForm(site('bayside-mazda'), 'testDrive') ?? never();
    const values = {
      category: 'Test Drive',
      name: 'Sam',
      email: 'sam@example.com',
      postcode: '4178',
      location: 'bayside-mazda-sales',
    };
    expect(errorsOf(siteFormSchemaOf(form), { ...values, terms_conditions: false })).toEqual({
      dateTime: 'Please choose a time for your test drive',
      terms_conditions: 'Please accept the terms and conditions',
    });
  });

  it('a careers enquiry is sent as General Enquiry / Career Enquiry, with event 51', () => {
    const careers = siteForm(site('metro-used'), 'careers') ?? never();
    expect(careers.eventId).toBe(51);
    const submission = siteFormSubmission(careers, { category: 'Careers Enquiry', name: 'Sam' }, null);
    expect(submission.userData).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
    expect(
      z.safeParse(siteFormSchemaOf(careers), { ...submission.userData, email: 'a@b.co', message: 'x' })
        .success,
    ).toBe(true);
  });
});

describe('the car enquiry (search-detail-finance-watchlist.md §3, §9)', () => {
  const car = buildCar({ car_type: 'used', tag: null, make: 'Mazda', model: 'CX-5', stocknum: 'U123' });

  it('starts from §3’s defaults, opt_in true', () => {
    expect(enquiryDefaults(car, 'mazda')).toEqual({
      dealership_slug: car.dealership_slug,
      manufacturer_slug: 'mazda',
      stock_number: 'U123',
      'Vehicle Make': 'Mazda',
      'Vehicle Model': 'CX-5',
      car_type: 'used',
      car_id: car.id,
      vehicle_status: car.status,
      opt_in: true,
      message: '',
      subcategory: 'Vehicle Enquiry',
    });
  });

  it.each([
    ['new', null, 'enquire', 14],
    ['demo', null, 'enquire', 14],
    ['used', null, 'enquire', 15],
    ['used', 'Test Drive Only', 'enquire', 17],
    ['new', null, 'testDrive', 17],
    ['used', null, 'testDrive', 48],
  ] as const)('a %s car tagged %s, %s → event %i', (car_type, tag, kind, id) => {
    expect(enquiryEventId({ car_type, tag }, kind)).toBe(id);
  });

  it('a photo request carries the hidden field; the lead passes the lead contract', () => {
    const submission = enquirySubmission(enquiryDefaults(car, null), { name: 'Sam' }, 'photos', null);
    expect(submission.userData).toMatchObject({
      'Request Photos': REQUEST_PHOTOS_MESSAGE,
      message: REQUEST_PHOTOS_MESSAGE,
      subcategory: 'Photo Request',
      car_id: car.id,
    });
    expect(leadSubmissionSchema.safeParse(submission).success).toBe(true);
    expect(UNEXPECTED_ENQUIRY_ERROR).toBe('An unexpected error occured');
  });
});

function never(): never {
  throw new Error('expected a form');
}
