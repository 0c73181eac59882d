import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarSearchRequest, CarSearchResult } from '../../domain/search-result.ts';
import { pressOnRange } from './support/range-input.ts';
import { carHit as car, renderSearchListing } from './support/search-listing.tsx';

/** The fake search: 45 cars (3 pages); SUVs are 5 of them; the query `__fault__` fails while `down`. */
let down = false;
function answer(request: CarSearchRequest): CarSearchResult {
  if (down && request.state.query === '__fault__') throw new Error('Search is unavailable (test fault)');
  const all = Array.from({ length: 45 }, (_, i) => car(i + 1, i < 5 ? 'SUV' : 'Hatch'));
  const matching = request.state.body ? all.filter((c) => request.state.body?.includes(c.body ?? '')) : all;
  const page = (request.state.page ?? 1) - 1;
  return {
    hits: matching.slice(page * request.hitsPerPage, (page + 1) * request.hitsPerPage),
    nbHits: matching.length,
    page,
    nbPages: Math.ceil(matching.length / request.hitsPerPage),
    facets: {
      body: { Hatch: 40, SUV: 5 },
      make: { Toyota: 40, Chery: 5 },
      make_model: { 'Toyota RAV4': 40, 'Chery Omoda 5': 5 },
      car_type: { used: 45 },
    },
    facetsStats: { price: { min: 10_000, max: 110_000 } },
    processingTimeMS: 1,
  };
}

const renderListing = (url = '/search', slug = 'metro-used') => renderSearchListing(answer, url, slug);

const grid = () => screen.getByRole('list', { name: 'Search results' });

beforeEach(() => {
  down = false;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  // jsdom lays nothing out: Ark UI's Select scrolls its list, which jsdom cannot do.
  Element.prototype.scrollIntoView = vi.fn();
  HTMLElement.prototype.scrollTo = vi.fn() as unknown as typeof HTMLElement.prototype.scrollTo;
  // The search box's make and model suggestions have no search endpoint here: they stay empty.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.localStorage.clear();
});

const searchBox = () => screen.getByRole('combobox', { name: 'Search stock' });

// A whole listing (21 cards, Ark UI filters) renders in jsdom in about a second; slow CI gets room.
describe('search listing view', { timeout: 15_000 }, () => {
  it('keeps the grid’s size with skeleton cards, then shows the cards with promos at positions 8 and 17', async () => {
    renderListing();
    expect(grid().getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(21);
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(21));
    const items = [...grid().children];
    expect(items).toHaveLength(23);
    expect(within(items[7] as HTMLElement).getByTestId('promo-card')).toBeTruthy();
    expect(within(items[16] as HTMLElement).getByTestId('promo-card')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cars for sale in Highett');
    expect(screen.getByTestId('result-count').textContent).toBe('45 Cars');
    expect(grid().getAttribute('aria-busy')).toBe('false');
  });

  // Facet counts render just after the results they came with (deferred: the results paint first),
  // so a value is found, not got, after a search.
  it('ticking a filter searches, writes the URL and scrolls to the top; back restores the search', async () => {
    const { memory, requests } = renderListing();
    await screen.findAllByTestId('car-card');
    await userEvent.click(await screen.findByRole('checkbox', { name: /^SUV/ }));
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(5));
    expect(memory.history.at(-1)).toBe('/search?refinementList[body][0]=SUV');
    expect(window.scrollTo).toHaveBeenCalled();
    expect(await screen.findByRole('checkbox', { name: /^SUV/ })).toHaveProperty('checked', true);
    expect(requests.at(-1)?.state).toEqual({ body: ['SUV'] });
    act(() => memory.navigate('/search'));
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(21));
    expect(await screen.findByRole('checkbox', { name: /^SUV/ })).toHaveProperty('checked', false);
    expect(requests).toHaveLength(2);
  });

  it('a press on a value starts its search; the release ticks it and shows that search (mouse, Space)', async () => {
    const { requests } = renderListing();
    await screen.findAllByTestId('car-card');
    const user = userEvent.setup();
    const suv = await screen.findByRole('checkbox', { name: /^SUV/ });
    await user.pointer({ keys: '[MouseLeft>]', target: suv });
    expect(requests.at(-1)?.state).toEqual({ body: ['SUV'] });
    // Pressed, not yet clicked: nothing the shopper sees has changed.
    expect(suv).toHaveProperty('checked', false);
    expect(screen.getAllByTestId('car-card')).toHaveLength(21);
    await user.pointer({ keys: '[/MouseLeft]', target: suv });
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(5));
    expect(requests).toHaveLength(2);

    const hatch = await screen.findByRole('checkbox', { name: /^Hatch/ });
    hatch.focus();
    await user.keyboard('[Space>]');
    expect(requests.at(-1)?.state).toEqual({ body: ['SUV', 'Hatch'] });
    await user.keyboard('[/Space]');
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toBe('45 Cars'));
    expect(requests).toHaveLength(3);
  });

  it('a mouse resting on a value starts its search before the press; one passing over it does not', async () => {
    const { requests } = renderListing();
    await screen.findAllByTestId('car-card');
    const asked = requests.length;
    const hatch = await screen.findByRole('checkbox', { name: /^Hatch/ });
    const suv = await screen.findByRole('checkbox', { name: /^SUV/ });
    // Over Hatch on the way elsewhere: both moves in one task (no delay between them), so no timer
    // can run between them however loaded the test machine is; then 150 ms with the pointer gone.
    await userEvent
      .setup({ delay: null })
      .pointer([{ target: hatch.closest('label') as Element }, { target: grid() }]);
    await new Promise((done) => setTimeout(done, 150));
    expect(requests).toHaveLength(asked);
    // Resting on SUV: its search starts; nothing the shopper sees changes.
    const user = userEvent.setup();
    await user.pointer({ target: suv.closest('label') as Element });
    await waitFor(() => expect(requests).toHaveLength(asked + 1));
    expect(requests.at(-1)?.state).toEqual({ body: ['SUV'] });
    expect(suv).toHaveProperty('checked', false);
    // The click shows that search: no second request.
    await user.click(suv);
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(5));
    expect(requests).toHaveLength(asked + 1);
  });

  it('pagination links are real addresses; a click asks the machine for the page', async () => {
    const { memory } = renderListing();
    await screen.findAllByTestId('car-card');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/search?page=2');
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(nav).getByRole('link', { name: 'Next' }));
    expect(memory.history.at(-1)).toBe('/search?page=2');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(screen.getAllByTestId('car-card')).toHaveLength(21);
  });

  it('a failed search shows the error banner over the kept results; Retry searches again', async () => {
    renderListing();
    await screen.findAllByTestId('car-card');
    down = true;
    await userEvent.type(searchBox(), '__fault__{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An unexpected error occured');
    expect(screen.getAllByTestId('car-card')).toHaveLength(21);
    expect(grid().getAttribute('data-stale')).toBe('true');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(grid().getAttribute('data-stale')).toBeNull();
  });

  it('sorting by lowest price writes the replica to the URL', async () => {
    const { memory } = renderListing();
    await screen.findAllByTestId('car-card');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await userEvent.selectOptions(sort, 'Lowest price');
    expect(memory.history.at(-1)).toBe('/search?sortBy=cars_price_asc');
    expect(within(sort).getByRole<HTMLOptionElement>('option', { name: 'Lowest price' }).selected).toBe(true);
  });

  it('§5: typing in the search box searches 300 ms after typing stops, writing ?query=', async () => {
    const { memory, requests } = renderListing();
    await screen.findAllByTestId('car-card');
    await userEvent.type(searchBox(), 'rav4');
    expect(requests).toHaveLength(1);
    await waitFor(() => expect(memory.history.at(-1)).toBe('/search?query=rav4'));
    expect(requests.map((r) => r.state.query)).toEqual([undefined, 'rav4']);
  });

  it('without JavaScript the search box is a GET form writing ?query= to the search path', () => {
    renderListing();
    const form = screen.getByRole('search');
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/search');
    expect(searchBox().getAttribute('name')).toBe('query');
  });

  it('§5: a key on the price slider refines the price range, rounded to 1000, in the URL', async () => {
    const { memory, requests } = renderListing();
    await screen.findAllByTestId('car-card');
    const price = within(screen.getByRole('complementary', { name: 'Filters' })).getByTestId('filter-price');
    const [min] = within(price).getAllByRole<HTMLInputElement>('slider');
    if (min) pressOnRange(min, 'ArrowRight');
    await waitFor(() => expect(memory.history.at(-1)).toBe('/search?range[price]=11000:'));
    expect(requests.at(-1)?.state).toEqual({ price: { min: 11_000 } });
  });

  it('the filters and the results each open with a heading of the second level, before their own headings', async () => {
    renderListing();
    await screen.findAllByTestId('car-card');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const levels = within(filters)
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(2);
    // No level skipped on the way down (axe's heading-order).
    expect(levels.every((level, index) => index === 0 || level <= (levels[index - 1] ?? 0) + 1)).toBe(true);
    expect(within(filters).getByRole('heading', { level: 2 }).textContent).toBe('Filters');
    expect(within(filters).getByRole('heading', { name: 'Popular Makes' }).tagName).toBe('H3');
    expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toBeTruthy();
  });

  it('§2: the make picker lists makes with a logo or a text badge; choosing one refines by make', async () => {
    const { memory } = renderListing();
    await screen.findAllByTestId('car-card');
    const makes = within(screen.getByRole('complementary', { name: 'Filters' })).getByTestId('filter-make');
    expect(within(makes).getByRole('heading', { name: 'Popular Makes' })).toBeTruthy();
    const toyota = within(makes).getByRole('button', { name: 'Toyota (40)' });
    expect(toyota.querySelector('img')?.getAttribute('src')).toBe('/media/makes/toyota.svg');
    const chery = within(makes).getByRole('button', { name: 'Chery (5)' });
    expect(chery.querySelector('img')).toBeNull();
    expect(within(chery).getByTestId('make-badge').textContent).toBe('C');
    await userEvent.click(chery);
    expect(memory.history.at(-1)).toBe('/search?refinementList[make][0]=Chery');
    await waitFor(() =>
      expect(within(makes).getByRole('button', { name: 'Chery (5)' })).toHaveProperty('ariaPressed', 'true'),
    );
  });

  it('make tiles show the make’s logo, or its initial for a make without one', async () => {
    renderListing();
    await screen.findAllByTestId('car-card');
    const tiles = screen.getAllByTestId('make-tile');
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual(['/search/toyota', '/search/chery']);
    expect(tiles[0]?.querySelector('img')?.getAttribute('src')).toBe('/media/makes/toyota.svg');
    expect(tiles[1]?.querySelector('img')).toBeNull();
    expect(within(tiles[1] as HTMLElement).getByTestId('tile-badge').textContent).toBe('C');
  });

  it('doc 2 §4: recent searches link back to earlier searches', async () => {
    const { memory } = renderListing();
    await screen.findAllByTestId('car-card');
    await userEvent.click(await screen.findByRole('checkbox', { name: /^SUV/ }));
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(5));
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Hatch/ }));
    const recent = await screen.findByRole('navigation', { name: 'Recent searches' });
    await waitFor(() => expect(within(recent).getAllByRole('link')).toHaveLength(2));
    const [current, earlier] = within(recent).getAllByRole('link');
    expect(current?.getAttribute('aria-current')).toBe('page');
    await userEvent.click(earlier as HTMLElement);
    expect(memory.history.at(-1)).toBe('/search?refinementList[body][0]=SUV');
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(5));
    expect(await screen.findByRole('checkbox', { name: /^Hatch/ })).toHaveProperty('checked', false);
  });

  it("§2: on a small screen 'Filters' opens the filters in a drawer; 'Show Me {count} {type}' closes it", async () => {
    const { memory } = renderListing();
    await screen.findAllByTestId('car-card');
    const open = screen.getByRole('button', { name: 'Filters' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(open);
    // The drawer's code arrives on its first opening: a lazy import the test runner transforms then.
    const drawer = await screen.findByRole('dialog', { name: 'Filters' }, { timeout: 8000 });
    const [first] = within(drawer).getAllByRole('checkbox');
    if (!first) throw new Error('the drawer lists no checkbox');
    await userEvent.click(first);
    await waitFor(() => expect(memory.history.at(-1)).toMatch(/^\/search\?refinementList\[/));
    await userEvent.click(within(drawer).getByRole('button', { name: /^Show Me [\d,]+ / }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
  });

  it('an unknown /search/{slug} shows the not-found page', async () => {
    renderListing('/search/no-such-make');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
