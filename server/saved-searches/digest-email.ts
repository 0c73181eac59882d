import type { Car } from '../../domain/car.ts';
import { SAVED_SEARCHES_PATH, UNSUBSCRIBE_PATH } from '../../domain/content-pages.ts';
import { oneClickUnsubscribeEndpoint } from '../../domain/contracts/saved-searches.ts';
import { formatPrice } from '../../domain/format.ts';
import type { AlertFrequency, AlertReason } from '../../domain/saved-search.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import type { Email } from '../mail/mailer.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** An alert waiting for its email, with its saved search and shopper. */
export interface WaitingAlert {
  id: number;
  car_id: number;
  reason: AlertReason;
  price: number;
  previous_price: number | null;
  created_at: Date;
  attempts: number;
  saved_search_id: number;
  name: string;
  href: string;
  origin: string;
  frequency: AlertFrequency;
  user_id: number;
  email: string;
  site_id: number;
}

/**
 * One shopper's alert email: for each saved search, its cars — name, price, what changed and a link
 * — then the search's own link and an unsubscribe link that works without signing in.
 */
export function digestEmail(
  site: SiteConfig,
  alerts: readonly WaitingAlert[],
  cars: ReadonlyMap<number, Car>,
  options: { from: string; linkSecret: string; now: Date },
): Email | null {
  const first = alerts[0];
  if (!first) return null;
  const bySearch = new Map<number, WaitingAlert[]>();
  for (const alert of alerts) {
    if (!cars.has(alert.car_id)) continue;
    bySearch.set(alert.saved_search_id, [...(bySearch.get(alert.saved_search_id) ?? []), alert]);
  }
  if (bySearch.size === 0) return null;
  const shown = [...bySearch.values()].flat();
  const drops = shown.filter((alert) => alert.reason === 'price_drop').length;
  const lines: string[] = [`Hello,`, '', `News for your saved searches at ${site.name}:`];
  for (const searchAlerts of bySearch.values()) {
    const search = searchAlerts[0] as WaitingAlert;
    lines.push('', `“${search.name}”`);
    for (const alert of searchAlerts) {
      const car = cars.get(alert.car_id) as Car;
      const change =
        alert.reason === 'price_drop' && alert.previous_price !== null
          ? `price dropped from ${formatPrice(alert.previous_price)} to ${formatPrice(alert.price)}`
          : `new, ${formatPrice(alert.price)}`;
      lines.push(`- ${car.name}: ${change}`, `  ${search.origin}/cars/${car.slug}`);
    }
    lines.push(
      `See every car for this search: ${search.origin}${search.href}`,
      `Stop emails for this search: ${search.origin}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(options.linkSecret, site.id, search.saved_search_id, options.now)}`,
    );
  }
  lines.push('', `Manage your saved searches: ${first.origin}${SAVED_SEARCHES_PATH}`, '', site.name);
  const count = shown.length;
  const subject =
    drops === count
      ? `${count === 1 ? 'A price drop' : `${count} price drops`} for your saved searches at ${site.name}`
      : `${count === 1 ? 'A car' : `${count} cars`} for your saved searches at ${site.name}`;
  // RFC 8058 one-click: the provider posts `List-Unsubscribe=One-Click` to this address, which stops
  // every search this email is about (issue 31 item 21).
  const oneClick = new URL(oneClickUnsubscribeEndpoint.path, first.origin);
  oneClick.searchParams.set(
    'token',
    unsubscribeToken(options.linkSecret, site.id, [...bySearch.keys()], options.now),
  );
  return {
    to: first.email,
    from: options.from,
    subject,
    text: lines.join('\n'),
    dealer: { slug: site.slug, name: site.name },
    headers: {
      'List-Unsubscribe': `<${oneClick.href}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    fileName: `alert-${first.user_id}-${first.id}.eml`,
  };
}
