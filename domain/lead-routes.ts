/**
 * The lead pages' paths (`locations-forms-tradein-site.md` §2 Routes), apart from the forms' rules so
 * that the route registry, which every page loads, does not carry the form schemas.
 */

/** The site-wide form pages and the form each shows (`domain/site-form-pages.ts` defines each form). */
export const SITE_FORM_PAGES = [
  { path: '/contact', form: 'contact' },
  { path: '/contact-us', form: 'contact' },
  { path: '/fleet', form: 'fleet' },
  { path: '/careers', form: 'careers' },
] as const;

/** §2: a location's contact page, as a route pattern. */
export const LOCATION_CONTACT_ROUTE = '/contact-us/:location';

/** §2: a location's contact page. */
export const locationContactPath = (slug: string) => `/contact-us/${encodeURIComponent(slug)}`;

/**
 * §2: a service booking — the service centre's preferred time, then the car and the details, sent
 * by the booking flow the test drive uses (issue 37 item 8).
 */
export const SERVICE_PATH = '/service';

/** §2: test-drive booking (optionally `?car_id=`). */
export const TEST_DRIVE_PATH = '/book-test-drive';

/** §2: where a sent lead lands. */
export const SUCCESS_PATH = '/success';
