import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SearchState } from '../../domain/search-state.ts';
import { searchHistoryMachine } from '../../machines/search-history/search-history.machine.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { SEARCH_HISTORY_STORAGE_KEY } from '../../services/search/search-history.storage.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { SiteProvider } from '../../views/app/site-context.tsx';
import { RecentSearches } from '../../views/search/recent-searches.tsx';
import { searchHistoryLogic } from '../../views/search/wiring.ts';
import { testConnection as connection } from '../fixtures/public-site.ts';

const [config] = loadTenants();
if (!config) throw new Error('no tenants');
const site = toPublicSite(config, connection);

function memoryStorage(stored: unknown = null) {
  const storage = { stored };
  const logic = searchHistoryMachine.provide({
    actors: {
      loadHistory: fromPromise(async () => storage.stored),
      saveHistory: fromPromise(async ({ input }) => {
        storage.stored = input.history;
      }),
    },
  });
  return { storage, logic };
}

/**
 * The search page's history child as the page runs it: `shown` is the search the page shows, which
 * the page tells the child of (`search.remember`, the search machine's `rememberSearch`).
 */
function historyOf(logic: typeof searchHistoryMachine, shown: SearchState | null) {
  const actor = createActor(logic).start();
  if (shown) actor.send({ type: 'search.remember', search: shown });
  return actor;
}

function ui(actor: ReturnType<typeof historyOf>, current: SearchState | null) {
  return (
    <SiteProvider site={site}>
      <RecentSearches actorRef={actor} current={current} />
    </SiteProvider>
  );
}

afterEach(() => window.localStorage.clear());

describe('recent searches view (doc 2 §4 "Toasts and history", §9)', () => {
  it('renders nothing before the history has loaded, nor without a search', () => {
    const { logic } = memoryStorage([{ make: ['Ford'] }]);
    expect(renderToString(ui(historyOf(logic, null), null))).toBe('');
    render(ui(historyOf(memoryStorage().logic, null), null));
    expect(screen.queryByRole('navigation', { name: 'Recent searches' })).toBeNull();
  });

  it('lists remembered searches, newest first, as links; the current one marked', async () => {
    const { logic, storage } = memoryStorage([{ make: ['Ford'] }]);
    const actor = historyOf(logic, { query: 'ranger', page: 2 });
    const view = render(ui(actor, { query: 'ranger', page: 2 }));
    const nav = await screen.findByRole('navigation', { name: 'Recent searches' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(2));
    const [current, older] = within(nav).getAllByRole('link');
    expect(current?.textContent).toBe('“ranger”');
    expect(current?.getAttribute('href')).toBe(`${site.search.path}?query=ranger`);
    expect(current?.getAttribute('aria-current')).toBe('page');
    expect(older?.textContent).toBe('Ford');
    expect(older?.getAttribute('aria-current')).toBeNull();
    await waitFor(() => expect(storage.stored).toEqual([{ query: 'ranger' }, { make: ['Ford'] }]));
    actor.send({ type: 'search.remember', search: { make: ['Ford'] } });
    view.rerender(ui(actor, { make: ['Ford'] }));
    await waitFor(() => expect(within(nav).getAllByRole('link')[0]?.textContent).toBe('Ford'));
  });

  it("'Clear recent searches' empties the list and the storage", async () => {
    const { logic, storage } = memoryStorage([{ make: ['Ford'] }, { body: ['Ute'] }]);
    render(ui(historyOf(logic, { make: ['Ford'] }), { make: ['Ford'] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Clear recent searches' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Recent searches' })).toBeNull());
    expect(storage.stored).toEqual([]);
  });

  it('the search page keeps the history in localStorage (wiring)', async () => {
    window.localStorage.setItem(SEARCH_HISTORY_STORAGE_KEY, JSON.stringify([{ body: ['Ute'] }]));
    render(ui(historyOf(searchHistoryLogic(), { car_type: 'used' }), { car_type: 'used' }));
    const nav = await screen.findByRole('navigation', { name: 'Recent searches' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(2));
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY) ?? 'null')).toEqual([
        { car_type: 'used' },
        { body: ['Ute'] },
      ]),
    );
  });

  it('unreadable stored text counts as no history', async () => {
    window.localStorage.setItem(SEARCH_HISTORY_STORAGE_KEY, '{not json');
    render(ui(historyOf(searchHistoryLogic(), { query: 'hilux' }), { query: 'hilux' }));
    const nav = await screen.findByRole('navigation', { name: 'Recent searches' });
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
  });
});
