import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { fieldErrors } from '../../../domain/auth.ts';
import {
  POSTCODE_MESSAGE,
  REQUIRED_MESSAGE,
  shapeSubmission,
  siteFormSchema,
} from '../../../domain/site-forms.ts';

/** `locations-forms-tradein-site.md` §5 "Site-wide forms", rule by rule. */
const errorsOf = (schema: ReturnType<typeof siteFormSchema>, fields: Record<string, unknown>) => {
  const parsed = z.safeParse(schema, fields);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

const oneDealership = siteFormSchema({ dealershipCount: 1 });

describe('site-wide form rules (§5)', () => {
  it.each([
    [undefined, POSTCODE_MESSAGE],
    ['', POSTCODE_MESSAGE],
    ['400', POSTCODE_MESSAGE],
    ['40000', POSTCODE_MESSAGE],
    ['40a0', POSTCODE_MESSAGE],
  ])('postcode %j: "%s" (required, exactly 4 digits)', (postcode, message) => {
    const schema = siteFormSchema({ dealershipCount: 1, postcode: true });
    expect(errorsOf(schema, { message: 'Hi', postcode })).toEqual({ postcode: message });
  });

  it('a postcode of 4 digits passes', () => {
    const schema = siteFormSchema({ dealershipCount: 1, postcode: true });
    expect(errorsOf(schema, { message: 'Hi', postcode: '4000' })).toEqual({});
  });

  it('the message is required unless the site disables it or the form marks it optional', () => {
    expect(errorsOf(oneDealership, {})).toEqual({ message: REQUIRED_MESSAGE });
    expect(errorsOf(oneDealership, { message: '   ' })).toEqual({ message: REQUIRED_MESSAGE });
    expect(errorsOf(siteFormSchema({ dealershipCount: 1, messageOptional: true }), {})).toEqual({});
  });

  it('the category is required and defaults to General Enquiry; opt_in defaults to true; Rego is optional', () => {
    const parsed = z.parse(oneDealership, { message: 'Hi' });
    expect(parsed).toMatchObject({ category: 'General Enquiry', opt_in: true });
    expect(errorsOf(oneDealership, { message: 'Hi', category: '' })).toEqual({ category: REQUIRED_MESSAGE });
    expect(errorsOf(oneDealership, { message: 'Hi', Rego: 'ABC123' })).toEqual({});
  });

  it('the location is required when shown; the dealership when the site has more than one', () => {
    expect(errorsOf(siteFormSchema({ dealershipCount: 1, showsLocation: true }), { message: 'Hi' })).toEqual({
      location: REQUIRED_MESSAGE,
    });
    expect(errorsOf(siteFormSchema({ dealershipCount: 4 }), { message: 'Hi' })).toEqual({
      dealership_slug: REQUIRED_MESSAGE,
    });
    expect(errorsOf(oneDealership, { message: 'Hi' })).toEqual({});
  });
});

describe('shaping a submission (§5)', () => {
  it('Careers Enquiry becomes General Enquiry with subcategory Career Enquiry', () => {
    expect(shapeSubmission({ category: 'Careers Enquiry', message: 'CV attached' })).toEqual({
      category: 'General Enquiry',
      subcategory: 'Career Enquiry',
      message: 'CV attached',
    });
  });

  it('fields ending _radio_options are dropped; ticked (check_option) fields become additional_services', () => {
    expect(
      shapeSubmission({
        category: 'Service Booking',
        service_type_radio_options: 'Logbook,Repair',
        'Wheel Alignment (check_option)': true,
        'Tyres (check_option)': 'on',
        'Car Wash (check_option)': false,
      }),
    ).toEqual({ category: 'Service Booking', additional_services: ['Wheel Alignment', 'Tyres'] });
  });
});
