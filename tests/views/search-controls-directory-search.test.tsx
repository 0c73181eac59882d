import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, toPromise } from 'xstate';
import { directorySearchMachine } from '../../machines/directory-search/directory-search.machine.ts';
import type { DirectoryModelHit } from '../../machines/directory-search/directory-suggestions.ts';
import { loadTenants } from '../../server/tenants/load.ts';
import { toPublicSite } from '../../tenants/public-site.ts';
import { QueryCacheProvider, readyQueryCache } from '../../views/app/query-cache.tsx';
import { SiteProvider } from '../../views/app/site-context.tsx';
import { DirectorySearch, type DirectorySearchProps } from '../../views/search/directory-search.tsx';
import { directoryQueryKey, directorySearchLogic } from '../../views/search/wiring.ts';
import { testConnection as connection } from '../fixtures/public-site.ts';
import { testQueries } from './support/query-cache.ts';

const [config] = loadTenants();
if (!config) throw new Error('no tenants');
const site = toPublicSite(config, connection);

const ranger: DirectoryModelHit = {
  objectID: 'ford-ranger',
  make: 'Ford',
  makeSlug: 'ford',
  model: 'Ranger',
  modelSlug: 'ranger',
  body: ['Ute'],
};

/** The box on a listing that writes its commits to the query it passes back, as the search page does. */
function Listing(props: DirectorySearchProps & { moved: (move: (query: string) => void) => void }) {
  const { moved, ...rest } = props;
  const [query, setQuery] = useState(props.query);
  moved(setQuery);
  const onQuery = (next: string) => {
    props.onQuery(next);
    setQuery(next);
  };
  return <DirectorySearch {...rest} query={query} onQuery={onQuery} />;
}

function renderBox(props: Partial<DirectorySearchProps> = {}, hits: DirectoryModelHit[] = [ranger]) {
  const onQuery = vi.fn<(query: string) => void>();
  const onNavigate = vi.fn<(path: string) => void>();
  const asked: string[] = [];
  // The listing's query changed elsewhere (back, forward, a link): the page passes the new one.
  let moveListing: (query: string) => void = () => undefined;
  const logic = directorySearchMachine.provide({
    actors: {
      searchDirectory: fromPromise(async ({ input }) => {
        asked.push(input.query);
        return hits;
      }),
    },
  });
  render(
    <QueryCacheProvider cache={testQueries()}>
      <SiteProvider site={site}>
        <Listing
          query=""
          onQuery={onQuery}
          onNavigate={onNavigate}
          logic={logic}
          moved={(move) => {
            moveListing = move;
          }}
          {...props}
        />
      </SiteProvider>
    </QueryCacheProvider>,
  );
  const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Search' });
  return { onQuery, onNavigate, asked, input, moveListing: (query: string) => act(() => moveListing(query)) };
}

describe('directory search view (spec doc 1 §2 "Directory search box", §5, §7)', () => {
  it('is a labelled search combobox that shows the current query', () => {
    renderBox({ query: 'hilux' });
    expect(screen.getByRole('search')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement).value).toBe('hilux');
  });

  it('§5: commits the query once, 300 ms after typing stops', async () => {
    const { onQuery, input } = renderBox({ suggestions: false });
    await userEvent.type(input, 'ranger');
    expect(onQuery).not.toHaveBeenCalled();
    await waitFor(() => expect(onQuery).toHaveBeenCalledWith('ranger'));
    expect(onQuery).toHaveBeenCalledTimes(1);
  });

  it('Enter commits at once', async () => {
    const { onQuery, input } = renderBox({ suggestions: false });
    await userEvent.type(input, 'hilux{Enter}');
    expect(onQuery).toHaveBeenCalledWith('hilux');
  });

  it('§7: suggests makes and models; arrow keys and Enter open one, and the query is kept', async () => {
    const { onNavigate, asked, input } = renderBox();
    await userEvent.type(input, 'rang');
    const listbox = await screen.findByRole('listbox');
    expect(asked).toEqual(['rang']);
    expect(screen.getByRole('option', { name: 'Ford' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Ford Ranger' })).toBeTruthy();
    expect(listbox).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onNavigate).toHaveBeenCalledWith('/search/ford/ranger');
    expect((input as HTMLInputElement).value).toBe('rang');
  });

  it('a click on a suggestion opens it; Escape closes the list', async () => {
    const { onNavigate, input } = renderBox();
    await userEvent.type(input, 'ford');
    await userEvent.click(await screen.findByRole('option', { name: 'Ford' }));
    expect(onNavigate).toHaveBeenCalledWith('/search/ford');
    await userEvent.type(input, ' r');
    await screen.findByRole('option', { name: 'Ford Ranger' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Ford Ranger' })).toBeNull());
  });

  it('follows the WAI-ARIA combobox pattern: expanded state, the listbox it controls, the active option', async () => {
    const { input } = renderBox({}, [ranger, { ...ranger, objectID: 'ford-everest', model: 'Everest' }]);
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    await userEvent.type(input, 'ford');
    const listbox = await screen.findByRole('listbox', { name: 'Search' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Ford', 'Ford Ranger', 'Ford Everest']);
    expect(options.map((option) => option.getAttribute('aria-selected'))).toEqual([
      'false',
      'false',
      'false',
    ]);
    await userEvent.keyboard('{ArrowUp}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    expect(options[2]?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(screen.getAllByRole('option', { selected: true })).toEqual([options[0]]);
    expect(document.activeElement).toBe(input);
    await userEvent.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('a click on a suggestion keeps focus in the box; Enter with none active keeps the text and closes the list', async () => {
    const { onQuery, onNavigate, input } = renderBox();
    await userEvent.type(input, 'ranger');
    await userEvent.click(await screen.findByRole('option', { name: 'Ford Ranger' }));
    expect(onNavigate).toHaveBeenCalledWith('/search/ford/ranger');
    expect(document.activeElement).toBe(input);
    await userEvent.type(input, ' xl');
    await screen.findByRole('option', { name: 'Ford Ranger' });
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onQuery).toHaveBeenLastCalledWith('ranger xl');
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('a query changed elsewhere while typing is shown, and the typing commits nothing', async () => {
    const { onQuery, input, moveListing } = renderBox({ query: 'hilux', suggestions: false });
    await userEvent.type(input, ' sr5');
    moveListing('ranger');
    expect(input.value).toBe('ranger');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onQuery).not.toHaveBeenCalled();
    expect(input.value).toBe('ranger');
    await userEvent.type(input, ' xl{Enter}');
    expect(onQuery).toHaveBeenCalledWith('ranger xl');
  });

  it("'Clear' empties the box and commits an empty query", async () => {
    const { onQuery } = renderBox({ query: 'ranger', suggestions: false });
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onQuery).toHaveBeenCalledWith('');
    expect((screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });
});

describe('directory search wiring (§9 "Directory search cache: 10 entries")', () => {
  it('keeps the 10 newest directory searches in the query cache', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    let requests = 0;
    const logic = directorySearchLogic({
      queries: readyQueryCache(queryClient),
      endpoint: connection,
      index: 'models',
      fetch: async () => {
        requests += 1;
        return Response.json({ results: [{ hits: [] }] });
      },
    });
    const search = logic.implementations.actors.searchDirectory as AnyActorLogic;
    const run = (query: string) => toPromise(createActor(search, { input: { query } }).start());
    for (let n = 1; n <= 12; n += 1) await run(`q${n}`);
    await run('q12');
    expect(requests).toBe(12);
    const keys = queryClient.getQueryCache().findAll({ queryKey: ['directory'] });
    expect(keys).toHaveLength(10);
    expect(queryClient.getQueryData(directoryQueryKey('models', 'q1'))).toBeUndefined();
    expect(queryClient.getQueryData(directoryQueryKey('models', 'q12'))).toEqual([]);
  });

  // On a slow first load the shopper can start typing into the server's box before the page hydrates.
  it('takes up text typed into the server’s box before it hydrated: it suggests and commits it', async () => {
    const onQuery = vi.fn<(query: string) => void>();
    const asked: string[] = [];
    const logic = directorySearchMachine.provide({
      actors: {
        searchDirectory: fromPromise(async ({ input }) => {
          asked.push(input.query);
          return [ranger];
        }),
      },
    });
    const box = (
      <QueryCacheProvider cache={testQueries()}>
        <SiteProvider site={site}>
          <Listing
            query=""
            onQuery={onQuery}
            onNavigate={() => undefined}
            logic={logic}
            moved={() => undefined}
          />
        </SiteProvider>
      </QueryCacheProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(box);
    document.body.append(container);
    const input = container.querySelector('input') as HTMLInputElement;
    input.value = 'ranger';
    const root = await act(async () => hydrateRoot(container, box));
    await waitFor(() => expect(onQuery).toHaveBeenCalledWith('ranger'));
    expect(asked).toContain('ranger');
    expect(input.value).toBe('ranger');
    act(() => root.unmount());
    container.remove();
  });
});
