import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { FavouriteCar } from '../../../domain/watchlist.ts';
import type { PublicSite } from '../../../tenants/public-site.ts';
import { emailedLink } from '../support/mailbox.ts';
import { E2E_PORT, nodeRequest } from '../support/server.ts';
import { ShellPage } from './shell.page.ts';

/** A demo car as the search endpoint has it (the fields these tests need). */
export interface StockCar extends FavouriteCar {
  status: string;
}

/** Cars in stock for a dealer, through its public config and its own search key. */
export async function carsInStock(
  request: APIRequestContext,
  slug: string,
  count: number,
): Promise<StockCar[]> {
  const host = `${slug}.localhost:${E2E_PORT}`;
  const site = (await (
    await request.get(nodeRequest(host, '/api/site').url, { headers: { host } })
  ).json()) as PublicSite;
  const { url, headers } = nodeRequest(host, '/search-api/1/indexes/*/queries');
  const response = await request.post(url, {
    headers: {
      ...headers,
      'x-algolia-application-id': site.search_connection.appId,
      'x-algolia-api-key': site.search_connection.apiKey,
    },
    data: {
      requests: [
        { indexName: site.search_connection.indices.cars, filters: 'status:in_stock', hitsPerPage: count },
      ],
    },
  });
  const body = (await response.json()) as { results: { hits: StockCar[] }[] };
  return (body.results[0]?.hits ?? []).map((hit) => ({
    id: hit.id,
    slug: hit.slug,
    name: hit.name,
    price: hit.price,
    primary_image_url: hit.primary_image_url ?? null,
    status: hit.status,
  }));
}

/** The watchlist page: saved cars, this device's favourites, and the toasts the watchlist shows. */
export class WatchlistPage extends ShellPage {
  readonly heading: Locator;
  readonly savedCars: Locator;
  readonly favourites: Locator;
  readonly toasts: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.savedCars = page.getByTestId('watchlist-car');
    this.favourites = page.getByTestId('favourite-car');
    this.toasts = page.locator('[data-sonner-toast]');
  }

  /** The header's account link: 'Sign in' for a visitor, 'Your account' when signed in. */
  get accountLink(): Locator {
    return this.page.getByRole('navigation', { name: 'Account' }).getByTestId('header-account-link');
  }

  /** A visitor's favourite button of a car, by the car's name. */
  favouriteButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Add ${name} to favourites` });
  }

  /** The save (or saved) button of a car, by the car's name. */
  saveButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Save ${name} to watchlist` });
  }

  /**
   * The save button of a car among this device's favourites: on the watchlist page a saved favourite
   * is listed twice, with the saved cars and with the favourites.
   */
  favouriteSaveButton(name: string): Locator {
    return this.favourites.getByRole('button', { name: `Save ${name} to watchlist` });
  }

  /**
   * Puts cars in this browser's favourites for the dealer (the local list the favourite button keeps),
   * before the next page loads. Call it before opening a page; later changes to the list are kept.
   */
  async seedFavourites(cars: readonly FavouriteCar[]): Promise<void> {
    await this.page.addInitScript((list) => {
      if (localStorage.getItem('forecourt:favourites') === null) {
        localStorage.setItem('forecourt:favourites', JSON.stringify(list));
      }
    }, cars);
  }

  /**
   * Signs up from the page, as the sign-in form would (a same-origin call; the cookie stays in the
   * browser), chooses the password on the page the emailed link opens, and keeps a phone on record
   * unless `null`.
   */
  async signUpInBrowser(email: string, phone: string | null): Promise<void> {
    await this.open('/sign-in');
    const post = (path: string, body: object) =>
      this.page.evaluate(
        async ({ path, body }) =>
          (
            await fetch(path, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).status,
        { path, body },
      );
    const status = await post('/api/auth/sign-up', { email });
    if (status !== 202) throw new Error(`sign-up answered ${status}`);
    await this.page.goto(await emailedLink(email));
    await this.page.locator('html[data-hydrated="true"]').waitFor();
    await this.page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await this.page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    if (phone !== null) {
      const saved = await post('/api/auth/phone', { phone_number: phone });
      if (saved !== 200) throw new Error(`the phone answered ${saved}`);
    }
  }
}
