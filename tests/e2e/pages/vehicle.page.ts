import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { financeEstimate } from '../../../domain/finance.ts';
import type { PublicSite } from '../../../tenants/public-site.ts';
import { E2E_PORT, nodeRequest } from '../support/server.ts';
import { ShellPage } from './shell.page.ts';

/** What the car API answers (only the fields the tests read). */
export interface VehicleAnswer {
  car: {
    id: number;
    slug: string;
    name: string;
    make: string;
    model: string;
    price: number;
    before_price: number | null;
    offer_price: number | null;
    status: string;
    sold: boolean;
    year: number;
    dealership_slug: string;
    car_type: string;
    finance_lenders: Record<string, Record<string, number | null>>;
  };
  dealer: { name: string };
  as_of: string;
}

interface Hit {
  slug: string;
  price: number;
  before_price: number | null;
  status: string;
}

/** The demo cars the car-page tests need, found through the public API and the search endpoint. */
export class VehicleFinder {
  private site: PublicSite | null = null;

  constructor(
    private readonly request: APIRequestContext,
    readonly slug: string,
  ) {}

  private host(): string {
    return `${this.slug}.localhost:${E2E_PORT}`;
  }

  async publicSite(): Promise<PublicSite> {
    if (!this.site) {
      const { url, headers } = nodeRequest(this.host(), '/api/site');
      this.site = (await (await this.request.get(url, { headers })).json()) as PublicSite;
    }
    return this.site;
  }

  /** Search hits for an Algolia filter, with the site's own browser key. */
  async hits(filters: string, hitsPerPage = 40): Promise<Hit[]> {
    const site = await this.publicSite();
    const { url, headers } = nodeRequest(this.host(), '/search-api/1/indexes/*/queries');
    const response = await this.request.post(url, {
      headers: {
        ...headers,
        'x-algolia-application-id': site.search_connection.appId,
        'x-algolia-api-key': site.search_connection.apiKey,
      },
      data: { requests: [{ indexName: site.search_connection.indices.cars, filters, hitsPerPage }] },
    });
    const body = (await response.json()) as { results: { hits: Hit[] }[] };
    return body.results[0]?.hits ?? [];
  }

  async vehicle(slug: string): Promise<VehicleAnswer> {
    const { url, headers } = nodeRequest(this.host(), `/api/cars/${slug}`);
    return (await (await this.request.get(url, { headers })).json()) as VehicleAnswer;
  }

  /** Whether the page shows a finance estimate for a car (the domain rule, with the site's switches). */
  async hasFinance(answer: VehicleAnswer): Promise<boolean> {
    const site = await this.publicSite();
    return (
      financeEstimate(answer.car as never, {
        provider: site.finance_provider,
        financeHidden: site.features.financeHidden.includes(answer.car.dealership_slug),
        now: new Date(answer.as_of),
      }) !== null
    );
  }

  /** The first in-stock car whose finance estimate shows (`true`) or does not (`false`). */
  async carForSale(withFinance: boolean): Promise<VehicleAnswer | null> {
    for (const hit of await this.hits('status:in_stock')) {
      const answer = await this.vehicle(hit.slug);
      if ((await this.hasFinance(answer)) === withFinance) return answer;
    }
    return null;
  }
}

/** The vehicle detail page. */
export class VehiclePage extends ShellPage {
  readonly heading: Locator;
  readonly price: Locator;
  readonly wasPrice: Locator;
  readonly soldNotice: Locator;
  readonly phoneBox: Locator;
  readonly financeSummary: Locator;
  readonly financeCard: Locator;
  readonly disclaimer: Locator;
  readonly sidebarActions: Locator;
  readonly featureLinks: Locator;

  constructor(page: Page, slug: string) {
    super(page, slug);
    this.heading = page.getByRole('heading', { level: 1 });
    this.price = page.getByTestId('vehicle-price');
    this.wasPrice = page.getByTestId('vehicle-was-price');
    this.soldNotice = page.getByTestId('sold-notice');
    this.phoneBox = page.getByTestId('contact-phone-box');
    this.financeSummary = page.getByTestId('finance-summary');
    this.financeCard = page.getByTestId('car-finance-card');
    this.disclaimer = page.getByTestId('finance-disclaimer');
    this.sidebarActions = page.getByTestId('sidebar-actions').getByRole('link');
    this.featureLinks = page.getByTestId('feature-links').getByRole('link');
  }

  section(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  sectionContent(name: string): Locator {
    return this.page.getByRole('region', { name });
  }

  revealButton(): Locator {
    return this.phoneBox.getByRole('button');
  }

  phoneLink(): Locator {
    return this.page.getByTestId('dealer-phone');
  }

  /** A sidebar action by its id (`enquire`, `finance`, `trade-in`, `test-drive`, `reserve`). */
  sidebarAction(id: string): Locator {
    return this.page.locator(`[data-testid="sidebar-actions"] [data-action="${id}"]`);
  }

  pdfButton(): Locator {
    return this.page.getByRole('button', { name: 'Download PDF' });
  }
}
