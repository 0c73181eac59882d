import type { Car } from '../../../domain/car.ts';
import type { StockCar, StockCarAction } from '../../../domain/contracts/console-stock.ts';
import type { SiteConfig } from '../../../tenants/tenant.schema.ts';
import { toSeedTenant } from '../../seed/seed-tenant.ts';
import { importStock } from '../../stock/import.ts';
import type { Db } from '../../store/db.ts';
import {
  type ConsoleCar,
  feedPhotoFields,
  getConsoleCar,
  setConsoleHidden,
} from '../../store/stock-console.repo.ts';
import { recordAudit } from '../audit.ts';

/** A car as the console lists it. */
export function stockCarOf({ car, hidden }: ConsoleCar): StockCar {
  return {
    id: car.id,
    slug: car.slug,
    name: car.name,
    stocknum: car.stocknum,
    price: car.price,
    status: car.status,
    shown: car.show_on_dealer_website,
    hidden,
    dealership_slug: car.dealership_slug,
    primary_image_url: car.primary_image_url,
  };
}

/** The car as the action leaves it; a price by hand is the price asked, so it replaces an offer price. */
function changed(car: Car, action: StockCarAction, now: Date): Car {
  switch (action.action) {
    case 'hide':
      return { ...car, show_on_dealer_website: false };
    case 'show':
      return { ...car, show_on_dealer_website: true };
    case 'sold':
      return { ...car, status: 'sold', sold: true, sold_at: car.sold_at ?? now.toISOString() };
    case 'price':
      return { ...car, price: action.price, offer_price: null };
  }
}

/**
 * Hides, shows, marks sold or reprices one of the site's cars by hand (issue 36 item 5), through the
 * import's own path (`importStock` with the car as a one-record feed, its photo fields as its feed gave
 * them), so price history, saved-search alerts and held reservations follow as after an import; with
 * its audit entry in the same transaction. Answers the car, or null when it is not this site's.
 */
export async function changeStockCar(
  db: Db,
  change: { site: SiteConfig; staffId: number; carId: number; action: StockCarAction; now: Date },
): Promise<StockCar | null> {
  const tenant = toSeedTenant(change.site);
  const ids = tenant.dealerships.map((d) => d.id);
  return db.transaction(async (tx) => {
    const found = await getConsoleCar(tx, ids, change.carId);
    if (!found) return null;
    const before = found.car;
    const after = changed(before, change.action, change.now);
    const photos = await feedPhotoFields(tx, before.id);
    await importStock(tx, tenant, [{ ...after, ...(photos ?? {}) }], { now: change.now });
    if (change.action.action === 'hide' || change.action.action === 'show') {
      await setConsoleHidden(tx, before.id, change.action.action === 'hide');
    }
    await recordAudit(tx, {
      siteId: change.site.id,
      staffId: change.staffId,
      action: `stock.${change.action.action}`,
      subject: `car ${before.id}`,
      detail: {
        stocknum: before.stocknum,
        ...(change.action.action === 'price'
          ? { price_before: before.price, price: change.action.price }
          : {}),
      },
    });
    return stockCarOf((await getConsoleCar(tx, ids, before.id)) as ConsoleCar);
  });
}
