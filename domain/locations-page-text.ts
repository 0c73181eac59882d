import { possessive } from './format.ts';

/**
 * The locations pages' text (`/dealerships`, `/locations/{slug}`): kept apart from the content pages'
 * (`content-page-text.ts`, which reads the trade-in's limits for its terms), so the locations flow
 * loads none of the trade-in's rules.
 */
export function locationsPageText(site: { name: string }): {
  title: string;
  description: string;
  intro: string;
  sections: [];
} {
  return {
    title: 'Our locations',
    description: `${possessive(site.name)} locations: addresses, phone numbers, opening hours and directions.`,
    intro: `Visit ${site.name}: find a location near you, its opening hours (holidays included) and how to get there.`,
    sections: [],
  };
}
