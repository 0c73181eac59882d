import { z } from 'zod';
import { addressSchema, dealerPhoneSchema, locationSchema } from '../domain/location.ts';

/**
 * The site config of one dealer site, as stored in `tenants/<slug>/site.json`.
 *
 * Spec: `search-detail-finance-watchlist.md` §3 "Site config"; `locations-forms-tradein-site.md` §3
 * "Dealer config" and "Site config". Field names follow the spec (snake_case) where it names them.
 * Secrets (search parent and admin keys) are never part of a tenant file: they come from the
 * server's environment or its local secrets file, and each site's browser key is derived from them.
 */

/** Site templates: a template groups dealers that share a layout and a set of switches. */
export const templateSchema = z.enum(['franchise', 'group', 'leisure', 'used']);
export type Template = z.infer<typeof templateSchema>;

const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens (a-z, 0-9, -)');

/** A dealership: one franchise or yard within a dealer site. Cars belong to a dealership. */
export const dealershipSchema = z.object({
  id: z.number().int().positive(),
  slug: slugSchema,
  name: z.string().min(1),
  manufacturer_slug: slugSchema.nullable(),
  phone: dealerPhoneSchema,
});
export type Dealership = z.infer<typeof dealershipSchema>;

const searchPathSchema = z.string().regex(/^\/[a-z0-9\-/]*$/, 'must be a site path such as /search');

export const siteConfigSchema = z
  .object({
    id: z.number().int().positive(),
    slug: slugSchema,
    name: z.string().min(1),
    template: templateSchema,
    /** Custom domains that serve this site, besides `<slug>.localhost`. */
    domains: z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be a bare host name')).default([]),
    description: z.string().min(1),
    tagline: z.string().min(1),
    dealership_id: z.number().int().positive(),
    dealerships: z.array(dealershipSchema).min(1),
    locations: z.array(locationSchema).min(1),
    manufacturer: z.object({ name: z.string().min(1) }).nullable(),
    address: addressSchema,
    phone: dealerPhoneSchema,
    /** Phone numbers per car type; the site phone is used where a type has none. */
    phone_numbers: z
      .object({ new: dealerPhoneSchema, used: dealerPhoneSchema, demo: dealerPhoneSchema })
      .partial()
      .default({}),
    email: z.email(),
    /** Vehicle kinds the dealer sells (a leisure dealer also sells caravans and motorcycles). */
    vehicle_kinds: z
      .array(z.enum(['cars', 'caravans', 'motorcycles']))
      .min(1)
      .default(['cars']),
    stock_makes: z.array(z.string().min(1)).default([]),
    /** Replaces a stock count above 1999 (spec §9). */
    stock_count: z.number().int().positive().nullable().default(null),
    offers_count: z.number().int().min(0).default(0),
    garage_enabled: z.boolean().default(false),
    finance_provider: z
      .enum(['taurus', 'carclarity', '360', 'ausloans', 'manual', 'angle', 'powertorque', 'oem'])
      .nullable()
      .default(null),
    /** The dealer's online service booking, opened in a new tab: an https address, as a browser reads it. */
    xtime_url: z
      .url({
        protocol: /^https$/,
        normalize: true,
        error: 'must be an https:// address such as https://consumer.xtime.example/your-dealer',
      })
      .nullable()
      .default(null),
    search: z
      .object({
        /** The listing path; the spec leaves the default unshown. */
        path: searchPathSchema.default('/search'),
        page_size: z.number().int().min(1).max(100).default(21),
        cache_size: z.number().int().min(1).max(200).default(20),
        /** Sold cars stay listed this many days (spec §4, §9). */
        sold_window_days: z.number().int().min(0).max(60).default(3),
        /** Makes shown before 'Show all makes' (7 by default; one dealer group configures its own). */
        popular_makes_count: z.number().int().min(1).max(50).default(7),
        /**
         * The dealer's own search synonyms, added to the shipped ones (`domain/car-words.ts`): each a
         * group of words a shopper may type for the same thing, e.g. `["ranger", "wildtrak"]`
         * (issue 37 item 2, decision 129).
         */
        synonyms: z
          .array(z.array(z.string().trim().min(1).max(60)).min(2).max(20))
          .max(200)
          .default([]),
        /**
         * The home page's featured stock: a limited hit list (spec doc 1 §7 "a filter and a limit") of
         * the newest cars in stock, of these car types (null: every type).
         */
        featured: z
          .object({
            car_types: z
              .array(z.enum(['new', 'demo', 'used']))
              .min(1)
              .nullable()
              .default(null),
            limit: z.number().int().min(1).max(12).default(6),
          })
          .prefault({}),
      })
      .prefault({}),
    finance: z
      .object({
        path: z.enum(['/finance', '/finance-enquiry', '/apply-for-finance']).default('/finance'),
        /** The repayment calculator's rate, % p.a. (search-detail-finance-watchlist.md §9: 8.5 unless set). */
        default_interest_rate: z.number().min(0).max(30).default(8.5),
      })
      .prefault({}),
    reviews: z
      .object({
        minimum_rating: z.number().min(0).max(5).default(4),
        google_reviews_shown: z.number().int().min(0).default(12),
      })
      .prefault({}),
    /** The site-wide forms' options (`locations-forms-tradein-site.md` §5; `domain/site-form-pages.ts`). */
    forms: z
      .object({
        /** The contact form's categories; General Enquiry is the default (§5). */
        categories: z
          .array(z.string().min(1).max(100))
          .min(1)
          .default([
            'General Enquiry',
            'Sales Enquiry',
            'Service Enquiry',
            'Parts Enquiry',
            'Finance Enquiry',
            'Careers Enquiry',
          ]),
        /** What a service booking may tick (sent as `additional_services`). */
        service_options: z
          .array(z.string().min(1).max(60))
          .default(['Logbook service', 'Tyres', 'Brakes', 'Wheel alignment', 'Air conditioning']),
      })
      .prefault({}),
    /** The trade-in wizard's dealer settings (`locations-forms-tradein-site.md` §9 "Trade-in wizard"). */
    trade_in: z
      .object({
        /** No online estimate for cars older than this (§9 FAQ: 7 years; another variant says 10). */
        offer_max_age_years: z.number().int().min(1).max(30).default(7),
      })
      .prefault({}),
    map: z.object({ zoom: z.number().int().min(1).max(20).default(10) }).prefault({}),
    texts: z
      .object({
        no_price: z.string().default('Enquire for price.'),
        enquire_button: z.enum(['Enquire Now', 'Message Now']).default('Enquire Now'),
        tag_new: z.string().default('New'),
        tag_sold: z.string().default('JUST SOLD'),
        tag_new_arrival: z.string().default('New Arrival'),
      })
      .prefault({}),
    /**
     * The dealer's CRM intake addresses (issue 36 item 1, decision 123): each takes one email per lead
     * whose body is the lead's ADF/XML. A lead's location's address wins, then its dealership's, then
     * the site's; with none, the staff email (the locations' and the site's `email`) carries the ADF
     * as an attachment, as before. Never sent to the browser (`toPublicSite`).
     */
    crm_intake: z
      .object({
        email: z.email().nullable().default(null),
        /** By dealership slug. */
        dealerships: z.record(slugSchema, z.email()).default({}),
        /** By location slug. */
        locations: z.record(slugSchema, z.email()).default({}),
      })
      .prefault({}),
    /** Link map: header/footer targets that differ per site. */
    links: z.record(z.string(), z.string().regex(/^\/[^\s]*$/, 'must be a site path')).default({}),
    reserve_deposit: z.number().int().positive().default(200),
    /**
     * How the dealer is paid its reservation deposits (issue 34 item 4; decision 120): its Stripe
     * Connect account (`acct_…`), on which each deposit's payment intent is made as a direct charge
     * (the dealer is the merchant of record: its refunds, disputes and fees are its own), and the
     * suffix its shoppers' card statements show (at most 22 characters, Stripe's limit). Without an
     * account the intents are made on the platform's own Stripe account.
     */
    payments: z
      .object({
        stripe_account: z
          .string()
          .regex(/^acct_[A-Za-z0-9]{1,64}$/, 'must be a Stripe connected account id (acct_…)')
          .optional(),
        statement_descriptor: z
          .string()
          .min(1)
          .max(22, 'at most 22 characters (Stripe’s limit)')
          .regex(/^[^<>\\'"*]*$/, 'may not contain < > \\ \' " *')
          .optional(),
      })
      .strict()
      .optional(),
  })
  .superRefine((site, ctx) => {
    for (const [kind, slugs] of [
      ['dealerships', site.dealerships.map((d) => d.slug)],
      ['locations', site.locations.map((l) => l.slug)],
    ] as const) {
      for (const slug of Object.keys(site.crm_intake[kind])) {
        if (!slugs.includes(slug)) {
          ctx.addIssue({
            code: 'custom',
            path: ['crm_intake', kind, slug],
            message: `must name one of the site ${kind}`,
          });
        }
      }
    }
    const dealershipIds = new Set(site.dealerships.map((d) => d.id));
    const dealershipSlugs = new Map(site.dealerships.map((d) => [d.slug, d.id]));
    if (!dealershipIds.has(site.dealership_id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['dealership_id'],
        message: 'must be the id of one of the site dealerships',
      });
    }
    site.locations.forEach((location, index) => {
      if (dealershipSlugs.get(location.dealership_slug) !== location.dealership_id) {
        ctx.addIssue({
          code: 'custom',
          path: ['locations', index, 'dealership_slug'],
          message: 'must name one of the site dealerships, with its dealership_id',
        });
      }
    });
    const slugs = site.locations.map((l) => l.slug);
    slugs.forEach((slug, index) => {
      if (slugs.indexOf(slug) !== index) {
        ctx.addIssue({ code: 'custom', path: ['locations', index, 'slug'], message: 'must be unique' });
      }
    });
  });

/** A validated site config. */
export type SiteConfig = z.infer<typeof siteConfigSchema>;
/** What a tenant file may contain before defaults are applied. */
export type SiteConfigInput = z.input<typeof siteConfigSchema>;
