import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { apiRoutes } from './api/routes.ts';
import { type AppDeps, canonicalOrigin, createApp } from './app.ts';
import { configureSharedHasher } from './auth/password-hasher.ts';
import { startSessionSweep } from './auth/session-sweep.ts';
import { openBackends } from './backends.ts';
import { careersCvLinks } from './careers/cv-links.ts';
import { type ConsoleDeps, consoleApiRoutes, consolePageSession } from './console/console-routes.ts';
import { staffAdminRoutes } from './console/staff/staff-admin.routes.ts';
import { startStockFeeds } from './console/stock/feed-puller.ts';
import { loadSitePages } from './content/site-pages.ts';
import type { ServerEnv } from './env.ts';
import { geocoderFromEnv } from './geocoding/geocoder.ts';
import { every } from './jobs/every.ts';
import type { MailOutboxDeps } from './jobs/outbox.ts';
import { ACKNOWLEDGEMENT_INTERVAL_MS, LeadAcknowledgements } from './leads/acknowledgements.ts';
import { LEAD_DELIVERY_INTERVAL_MS, LeadDelivery } from './leads/delivery.ts';
import { createLogger, type Logger } from './logger.ts';
import { emailLogos, withDealerLogos } from './mail/dealer-logo.ts';
import { createMailer } from './mail/mailer.ts';
import { parseAllowHosts } from './media/photos/address-policy.ts';
import { startPhotoPipeline } from './media/photos/photo-pipeline.ts';
import { mediaStoreFromEnv } from './media/s3-media-store.ts';
import { checkStart, logMode } from './mode.ts';
import { ServerOps } from './ops/server-ops.ts';
import { PAYMENT_ACTION_INTERVAL_MS, PaymentActions } from './payments/actions.ts';
import { paymentProvidersFromEnv } from './payments/from-env.ts';
import { DataCache } from './render/data-cache.ts';
import { PageCache } from './render/page-cache.ts';
import { RenderQueue } from './render/render-queue.ts';
import type { PageRenderer } from './render/renderer.ts';
import { tenantThemeStyles } from './render/tenant-themes.ts';
import { startHoldSweep } from './reserve/hold-sweep.ts';
import { RECEIPT_INTERVAL_MS, ReservationReceipts } from './reserve/receipts.ts';
import { purgeAdminRoutes } from './retention/admin.routes.ts';
import { startAlertRunner } from './saved-searches/alert-runner.ts';
import { AlertDigests } from './saved-searches/digests.ts';
import { type Secrets, serverSecrets } from './secrets.ts';
import { seoRoutes } from './seo/seo.routes.ts';
import { storeLimiters } from './store/rate-buckets.repo.ts';
import { claimStore } from './store/store-owner.ts';
import { loadTenantBrands } from './tenants/brand.ts';
import { DEFAULT_TENANTS_DIR, loadTenants } from './tenants/load.ts';
import { loadTenantThemes } from './tenants/themes.ts';
import { tradeInPhotoLinks } from './trade-in/photo-links.ts';
import { moveStoredPhotos } from './trade-in/photos.ts';
import { valuationProviderFromEnv } from './trade-in/provider.ts';

/**
 * A running server. It deletes expired sessions hourly; `close()` turns `/readyz` to 503 (for
 * `DRAIN_DELAY_MS`), drains open requests, stops that sweep, then releases what it holds.
 */
export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Everything a server needs besides its environment; the CLIs and tests differ only here. */
export interface ServerParts {
  env: ServerEnv;
  renderer: PageRenderer;
  logger?: Logger;
  /** Middleware before everything else (Vite in development). */
  before?: MiddlewareHandler[];
  mounts?: AppDeps['mounts'];
  /** Called on shutdown after the last request has finished. */
  onClose?: () => Promise<void>;
}

/** Builds the app from the tenant files, secrets and parts, and listens on `env.PORT`. */
export async function startServer(parts: ServerParts): Promise<RunningServer> {
  const logger = parts.logger ?? createLogger();
  if (parts.env.HASH_THREADS) configureSharedHasher({ threads: parts.env.HASH_THREADS });
  const sites = loadTenants(parts.env.TENANTS_DIR);
  const brands = loadTenantBrands(sites, parts.env.TENANTS_DIR);
  // A dealer's theme comes from its folder: one the build did not compile is served (issue 33 item 8).
  const themes = tenantThemeStyles({ renderer: parts.renderer, sites, tenantsDir: parts.env.TENANTS_DIR });
  // PGlite admits one process: the server records that it holds this data folder's store, so a CLI
  // finds it whatever port it serves on (issue 13 item 7). PostgreSQL admits many servers at once.
  const claim = claimStore(parts.env.DATA_DIR, 'server', { shared: Boolean(parts.env.DATABASE_URL) });
  let secrets: Secrets;
  let backends: Awaited<ReturnType<typeof openBackends>>;
  let ops: ServerOps | undefined;
  try {
    // Production refuses here, naming every missing setting at once, before anything is generated,
    // migrated or seeded (decision 113); the demo goes on with its stand-ins.
    await checkStart(parts.env, sites);
    secrets = serverSecrets(parts.env);
    // Listening from here (decision 114): `/readyz` says `starting` while the store migrates and
    // search loads, rather than the port refusing probes.
    ops = await ServerOps.start(parts.env, logger);
    backends = await openBackends(parts.env, sites, secrets, logger);
  } catch (error) {
    await ops?.close();
    claim.release();
    throw error;
  }
  await logMode(logger, parts.env, sites, backends.db);
  // Mail: leads to dealers (retried until delivered, issue 15 item 6) and account links to shoppers.
  // Each email a dealer sends is headed by its logo when it has one (issue 35 item 5).
  const mailer = withDealerLogos(
    createMailer({
      ...(parts.env.SMTP_URL ? { smtpUrl: parts.env.SMTP_URL } : {}),
      outbox: join(parts.env.DATA_DIR, 'outbox'),
    }),
    await emailLogos(brands, loadTenantThemes(parts.env.TENANTS_DIR ?? DEFAULT_TENANTS_DIR)),
  );
  // Trade-in photos live in the media storage: the data folder's (decision 103), or an S3-compatible
  // bucket by environment (decision 122); photos an older server kept in the row store move there first.
  const media = await mediaStoreFromEnv(parts.env, join(parts.env.DATA_DIR, 'media'));
  const movedPhotos = await moveStoredPhotos(backends.db, media);
  if (movedPhotos > 0) logger.info('Moved trade-in photos to the media storage', { photos: movedPhotos });
  // Stock photos (issue 35, decision 122): fetched from the feeds' addresses into the media storage.
  const photos = startPhotoPipeline({
    env: parts.env,
    db: backends.db,
    media,
    carsChanged: backends.refreshCars,
    logger,
  });
  backends.onChange(() => void photos.job.runNow());
  // Deposits (issue 34): Stripe with its keys, else in the demo the local provider, whose intents live
  // in this store so the sweep and the webhooks' reconciliation run on it as they would on Stripe.
  const payments = paymentProvidersFromEnv(parts.env, { db: backends.db });
  const pages = loadSitePages(parts.env.TENANTS_DIR);
  // Rendered pages for signed-out shoppers (decision 090): production only (in development a page
  // must show the code just edited), dropped whenever search is refreshed from the store.
  const pageCache =
    parts.env.NODE_ENV === 'production' && parts.env.PAGE_CACHE_SECONDS > 0
      ? new PageCache({ ttlMs: parts.env.PAGE_CACHE_SECONDS * 1000 })
      : undefined;
  // The answers of renders' own calls (issue 38 item 2): kept as long as pages, dropped with them.
  const dataCache = pageCache ? new DataCache({ ttlMs: pageCache.ttlMs }) : undefined;
  backends.onChange(() => {
    pageCache?.invalidate();
    dataCache?.invalidate();
  });
  // The dealer console (issue 36): staff sessions of its own, every endpoint role-checked by serve().
  const consoleDeps: ConsoleDeps = {
    db: backends.db,
    mail: { mailer, from: parts.env.LEADS_FROM },
    logger,
    ...(backends.db.driver === 'postgres'
      ? {
          limiters: storeLimiters(backends.db, {
            onError: (error) => logger.error('Rate limit store failed', error),
          }),
        }
      : {}),
    // Offers and hours (issue 36 item 6): pictures through the photo pipeline's storage; a change
    // reaches the public site, the kept pages and the other processes at once.
    media,
    sites,
    contentChanged: backends.refreshContent,
    // Reservations (issue 36 item 4): a sale or a release refreshes the car in search and kept pages.
    carsChanged: backends.refreshCars,
    // Stock (issue 36 item 5, decision 127): feeds are fetched as photos are (same exempt hosts).
    stock: {
      allowHosts: parseAllowHosts(parts.env.PHOTO_FETCH_ALLOW_HOSTS),
      afterImport: backends.refreshSearch,
      carsChanged: backends.refreshCars,
    },
  };
  const app = createApp({
    env: parts.env,
    sites,
    secrets,
    renderer: themes.renderer,
    logger,
    ops,
    mounts: [
      ...(parts.mounts ?? []),
      photos.mount,
      ...backends.mounts,
      // `npm run purge` through the server holding the store (issue 33 item 8).
      {
        path: '/api/admin',
        app: purgeAdminRoutes({ db: backends.db, media, adminToken: secrets.adminToken }),
      },
      // `npm run staff`: invitations by the operator, through the server holding the store (issue 36).
      {
        path: '/api/admin',
        app: staffAdminRoutes({
          ...consoleDeps,
          sites,
          adminToken: secrets.adminToken,
          localLinks: parts.env.FORECOURT_ENV === 'demo',
        }),
      },
    ],
    apiRoutes: [
      ...apiRoutes({
        db: backends.db,
        geocoder: geocoderFromEnv(parts.env),
        mail: { mailer, from: parts.env.LEADS_FROM },
        valuation: valuationProviderFromEnv(parts.env),
        media,
        payments,
        sites,
        logger,
        ...(parts.env.STRIPE_WEBHOOK_SECRET ? { stripeWebhookSecret: parts.env.STRIPE_WEBHOOK_SECRET } : {}),
        carsChanged: backends.refreshCars,
        linkSecret: secrets.linkSecret,
        pages,
        // Over PostgreSQL every process and instance counts the same buckets (decision 093); PGlite
        // is one process, whose memory is enough.
        ...(backends.db.driver === 'postgres'
          ? {
              limiters: storeLimiters(backends.db, {
                onError: (error) => logger.error('Rate limit store failed', error),
              }),
            }
          : {}),
      }),
      consoleApiRoutes(consoleDeps),
    ],
    siteRoutes: [
      consolePageSession(consoleDeps),
      seoRoutes({ db: backends.db, pages, originOf: (c) => canonicalOrigin(c, c.get('site')) }),
      themes.routes,
    ],
    makeLogos: backends.makeLogos,
    // Each request's site carries its locations' special days from the store (decision 128).
    siteOf: backends.siteOf,
    promotions: (siteId) => backends.promotions(siteId),
    modelRange: (site) => backends.modelRange(site),
    brands,
    ...(pageCache ? { pageCache } : {}),
    ...(dataCache ? { dataCache } : {}),
    renderQueue: new RenderQueue(parts.env.RENDER_CONCURRENCY),
    ...(parts.before ? { before: parts.before } : {}),
  });
  const server = await ops.serve(app.fetch, backends);
  const { port } = server.address() as AddressInfo;
  const listening = parts.env.HOST === '0.0.0.0' || parts.env.HOST === '::' ? '127.0.0.1' : parts.env.HOST;
  claim.serving(`http://${listening.includes(':') ? `[${listening}]` : listening}:${port}`);
  const sessionSweep = startSessionSweep(backends.db, { logger });
  // Holds that ran out are released and claims left waiting settled with the processor, each minute.
  const holdSweep = startHoldSweep(
    { db: backends.db, payments, sites, now: () => new Date(), carsChanged: backends.refreshCars },
    { logger },
  );
  // Captures, cancels and refunds the reservations owe the processors (issue 34 item 2), each stored
  // with the change that needs it; given up after their tries: metric, error log line, needs_attention.
  const paymentActions = new PaymentActions({
    db: backends.db,
    payments,
    logger,
    onGiveUp: ops.metrics.givenUp,
  });
  const paymentActionSender = every(PAYMENT_ACTION_INTERVAL_MS, () => paymentActions.runOnce(), {
    onError: (error) => logger.error('Sending payment actions failed', error),
  });
  // What every mail outbox's sender needs: the store, the dealers, the mailer, the sender address,
  // and the log and metric a given-up email is reported to.
  const mailOutbox: MailOutboxDeps = {
    db: backends.db,
    sites,
    mailer,
    from: parts.env.LEADS_FROM,
    logger,
    onGiveUp: ops.metrics.givenUp,
  };
  const leads = new LeadDelivery({
    ...mailOutbox,
    // A trade-in's photos as signed links that expire (issue 36 item 1), on the address the lead came
    // from; a lead stored without one links on the site's first domain, else its local name.
    tradeInPhotos: tradeInPhotoLinks({
      db: backends.db,
      linkSecret: secrets.linkSecret,
      originOf: (site) =>
        site.domains[0] ? `https://${site.domains[0]}` : `http://${site.slug}.localhost:${port}`,
    }),
    // A careers enquiry's CV the same way (issue 37 item 9).
    careersCv: careersCvLinks({
      db: backends.db,
      linkSecret: secrets.linkSecret,
      originOf: (site) =>
        site.domains[0] ? `https://${site.domains[0]}` : `http://${site.slug}.localhost:${port}`,
    }),
  });
  const leadDelivery = every(LEAD_DELIVERY_INTERVAL_MS, () => leads.runOnce(), {
    onError: (error) => logger.error('Lead delivery failed', error),
  });
  // The shoppers' acknowledgements of their leads (issue 36 item 1), stored with each lead.
  const acknowledgements = new LeadAcknowledgements({ ...mailOutbox, siteOf: backends.siteOf });
  const acknowledgementSender = every(ACKNOWLEDGEMENT_INTERVAL_MS, () => acknowledgements.runOnce(), {
    onError: (error) => logger.error('Sending lead acknowledgements failed', error),
  });
  // The shoppers' reservation receipts (issue 34 item 5), stored with each hold, release and sale.
  const receipts = new ReservationReceipts(mailOutbox);
  const receiptSender = every(RECEIPT_INTERVAL_MS, () => receipts.runOnce(), {
    onError: (error) => logger.error('Sending reservation receipts failed', error),
  });
  // Saved-search alerts: matched and sent after every change of stock, and each minute.
  // The dealers' stock feeds (issue 36 item 5): each minute, the feeds that are due are pulled.
  const stockFeeds = startStockFeeds(
    {
      db: backends.db,
      sites,
      allowHosts: parseAllowHosts(parts.env.PHOTO_FETCH_ALLOW_HOSTS),
      afterImport: backends.refreshSearch,
      now: () => new Date(),
    },
    { logger },
  );
  const alerts = startAlertRunner({
    db: backends.db,
    sites,
    digests: new AlertDigests({ ...mailOutbox, linkSecret: secrets.linkSecret }),
    logger,
  });
  backends.onChange(() => void alerts.runNow());
  const url = `http://localhost:${port}`;
  logger.info('Forecourt is serving', {
    url,
    tenants: sites.map((s) => `http://${s.slug}.localhost:${port}/`),
    leads_to: mailer.target,
    media: media.target,
  });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await ops.drain();
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), parts.env.SHUTDOWN_GRACE_MS);
      await drained;
      clearTimeout(grace);
      await sessionSweep.stop();
      await holdSweep.stop();
      await leadDelivery.stop();
      await photos.stop();
      await acknowledgementSender.stop();
      await receiptSender.stop();
      await paymentActionSender.stop();
      await alerts.stop();
      await stockFeeds.stop();
      await parts.onClose?.();
      await backends.close();
      await ops.close();
      claim.release();
    })();
    return closing;
  };
  return { url, port, close };
}

/** Stops the server cleanly on SIGTERM and SIGINT: no new connections, open requests finish, exit 0. */
export function exitOnSignals(server: RunningServer, logger: Logger = createLogger()): void {
  const stop = (signal: string) => {
    logger.info('Shutting down', { signal });
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('Shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
