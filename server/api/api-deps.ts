import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { LimiterFactory } from '../auth/rate-limit.ts';
import type { SitePages } from '../content/site-pages.ts';
import type { Geocoder } from '../geocoding/geocoder.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaStore } from '../media/media-store.ts';
import type { PaymentProviders } from '../payments/provider.ts';
import type { Db } from '../store/db.ts';
import type { ValuationProvider } from '../trade-in/provider.ts';

/** What `/api` route modules may use: the store (tenant, user and ownership checks are theirs). */
export interface ApiDeps {
  db: Db;
  /** The clock of time rules (tests pin it); the system clock by default. */
  now?: () => Date;
  /** Postcodes to coordinates (`server/geocoding/`); the bundled table by default. */
  geocoder?: Geocoder;
  /** Where account emails (sign-up links) go, and their sender; without it they are only logged. */
  mail?: { mailer: Mailer; from: string };
  /** The trade-in valuation provider (`server/trade-in/`); the local one by default. */
  valuation?: ValuationProvider;
  /** The deposit takers by processor name (`server/payments/`); the local one for `stripe` by default. */
  payments?: PaymentProviders;
  /** The dealers' own pages (`server/content/site-pages.ts`); read from the tenants folder by default. */
  pages?: SitePages;
  /**
   * The rate limits' buckets (issue 20 item 2): shared through PostgreSQL when the store is
   * PostgreSQL (`server/store/rate-buckets.repo.ts`), else one process's in memory.
   */
  limiters?: LimiterFactory;
  /** Signs the links emailed to shoppers that work without signing in (an alert's unsubscribe). */
  linkSecret?: string;
  /**
   * Where large bytes go — trade-in photos (`server/media/media-store.ts`, decision 103); the server
   * keeps them in `<DATA_DIR>/media`. Without it, photo uploads answer 503.
   */
  media?: MediaStore;
  /**
   * Every dealer's config: a payment webhook or the reservations' sweep settles a reservation of any
   * site, not only the one a request came to. Read from the tenants folder by default.
   */
  sites?: readonly SiteConfig[];
  /**
   * Stripe's webhook endpoint secret (`STRIPE_WEBHOOK_SECRET`): with it `POST
   * /api/payments/stripe/webhook` is served; without it that route does not exist.
   */
  stripeWebhookSecret?: string;
  /** Where routes that act for no shopper (a webhook) log what an operator should see. */
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Refreshes these cars in search after a write (a reservation); nothing by default. */
  carsChanged?: (carIds: readonly number[]) => Promise<void>;
}
