import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  type DirectorySearchEmitted,
  type DirectorySearchInput,
  directorySearchMachine,
  SEARCH_DEBOUNCE_MS,
} from '../../../machines/directory-search/directory-search.machine.ts';
import {
  selectActiveId,
  selectError,
  selectIsOpen,
  selectSuggestions,
  selectText,
} from '../../../machines/directory-search/directory-search.selectors.ts';
import type { DirectoryModelHit } from '../../../machines/directory-search/directory-suggestions.ts';

const hit = (make: string, model: string): DirectoryModelHit => ({
  objectID: `${make}-${model}`.toLowerCase(),
  make,
  makeSlug: make.toLowerCase(),
  model,
  modelSlug: model.toLowerCase(),
  body: ['SUV'],
});

/**
 * A search box on a simulated clock, its suggestions from `answer` (which may throw), under an owner
 * that writes its commits to the listing's query (`listing.query`, carried by the typing events and
 * read by the selectors) and drops a commit over a query that changed elsewhere, as the view does.
 * `emitted` lists what the owner was told: navigations, and commits as `{ type, query }`.
 */
function start(input: DirectorySearchInput = {}, answer: (query: string) => DirectoryModelHit[] = () => []) {
  const queries: string[] = [];
  const clock = new SimulatedClock();
  const machine = directorySearchMachine.provide({
    actors: {
      searchDirectory: fromPromise(async ({ input: { query } }) => {
        queries.push(query);
        return answer(query);
      }),
    },
  });
  const actor = createActor(machine, { input, clock }).start();
  const listing = { query: input.query ?? '' };
  const emitted: (
    | Exclude<DirectorySearchEmitted, { type: 'query.commit' }>
    | { type: 'query.commit'; query: string }
  )[] = [];
  actor.on('*', (event) => {
    if (event.type !== 'query.commit') emitted.push(event);
    else if (event.over === listing.query) {
      listing.query = event.query;
      emitted.push({ type: event.type, query: event.query });
    }
  });
  const type = (text: string) => actor.send({ type: 'input.change', text, query: listing.query });
  const send = (type: 'input.submit' | 'input.clear') => actor.send({ type, query: listing.query });
  const view = () => [actor.getSnapshot(), listing.query] as const;
  return { actor, clock, emitted, listing, queries, send, type, view };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('directory search machine (spec doc 1 §2 "Directory search box", §5, §7, §9)', () => {
  it('§5: commits the query 300 ms after typing stops, once', () => {
    const { clock, emitted, type } = start({ suggestions: false });
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    type('cor');
    clock.increment(200);
    type('corolla ');
    clock.increment(299);
    expect(emitted).toEqual([]);
    clock.increment(1);
    expect(emitted).toEqual([{ type: 'query.commit', query: 'corolla' }]);
    clock.increment(1000);
    expect(emitted).toHaveLength(1);
  });

  it('Enter commits at once and the pending debounce commits nothing more', () => {
    const { clock, emitted, type, send } = start({ suggestions: false });
    type('ranger');
    send('input.submit');
    expect(emitted).toEqual([{ type: 'query.commit', query: 'ranger' }]);
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(emitted).toHaveLength(1);
  });

  it('text typed back to the committed query commits nothing', () => {
    const { clock, emitted, type } = start({ query: 'ranger', suggestions: false });
    type('range');
    type('ranger');
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(emitted).toEqual([]);
  });

  it('clearing commits an empty query when there was one', () => {
    const { emitted, send, view } = start({ query: 'ranger', suggestions: false });
    send('input.clear');
    expect(selectText(...view())).toBe('');
    expect(emitted).toEqual([{ type: 'query.commit', query: '' }]);
    send('input.clear');
    expect(emitted).toHaveLength(1);
  });

  it('a query changed elsewhere is shown and not committed; its own commit coming back is ignored', () => {
    const { clock, emitted, listing, type, view } = start({ suggestions: false });
    listing.query = 'hilux';
    expect(selectText(...view())).toBe('hilux');
    expect(emitted).toEqual([]);
    type('corolla');
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(listing.query).toBe('corolla');
    type('corolla x');
    expect(selectText(...view())).toBe('corolla x');
  });

  it('a query changed elsewhere while typing ends the typing: its debounce and suggestions go', async () => {
    const { actor, clock, emitted, listing, send, type, view } = start({}, () => [hit('Ford', 'Ranger')]);
    type('ranger');
    listing.query = 'hilux';
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(emitted).toEqual([]);
    expect(selectText(...view())).toBe('hilux');
    expect(selectIsOpen(...view())).toBe(false);
    send('input.submit');
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ text: 'hilux', committed: 'hilux' });
    type('hilux 4x4');
    send('input.submit');
    expect(emitted).toEqual([{ type: 'query.commit', query: 'hilux 4x4' }]);
  });

  it('§7: suggests makes, then models, from the models index, each with its listing path', async () => {
    const { actor, clock, queries, type, view } = start({}, () => [
      hit('Toyota', 'Corolla'),
      hit('Toyota', 'Camry'),
    ]);
    type(' toy ');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(queries).toEqual(['toy']);
    expect(selectIsOpen(...view())).toBe(true);
    expect(selectSuggestions(actor.getSnapshot())).toEqual([
      { id: 'make:toyota', kind: 'make', label: 'Toyota', path: '/search/toyota' },
      { id: 'model:toyota-corolla', kind: 'model', label: 'Toyota Corolla', path: '/search/toyota/corolla' },
      { id: 'model:toyota-camry', kind: 'model', label: 'Toyota Camry', path: '/search/toyota/camry' },
    ]);
  });

  it('choosing a suggestion emits its path; an unknown one is ignored; Escape closes the list', async () => {
    const { actor, clock, emitted, type, view } = start({}, () => [hit('Ford', 'Ranger')]);
    type('ranger');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'suggestion.choose', id: 'make:kia' });
    expect(emitted).toEqual([{ type: 'query.commit', query: 'ranger' }]);
    actor.send({ type: 'suggestion.choose', id: 'model:ford-ranger' });
    expect(emitted.at(-1)).toEqual({ type: 'suggestion.navigate', path: '/search/ford/ranger' });
    expect(selectIsOpen(...view())).toBe(false);
    type('ford');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'suggestions.dismiss' });
    expect(selectIsOpen(...view())).toBe(false);
  });

  it('arrow keys move the active suggestion through makes, then models, wrapping at both ends', async () => {
    const { actor, clock, type, view } = start({}, () => [hit('Toyota', 'Corolla'), hit('Toyota', 'Camry')]);
    const active = () => selectActiveId(...view());
    const next = () => actor.send({ type: 'suggestion.next' });
    const previous = () => actor.send({ type: 'suggestion.previous' });
    type('toy');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(active()).toBeNull();
    next();
    expect(active()).toBe('make:toyota');
    next();
    expect(active()).toBe('model:toyota-corolla');
    next();
    expect(active()).toBe('model:toyota-camry');
    next();
    expect(active()).toBe('make:toyota');
    previous();
    expect(active()).toBe('model:toyota-camry');
    actor.send({ type: 'suggestions.dismiss' });
    expect(active()).toBeNull();
    expect(actor.getSnapshot().context.activeId).toBeNull();
  });

  it('from none active, arrow up starts at the last suggestion; new suggestions start with none active', async () => {
    const { actor, clock, type, view } = start({}, (query) => [hit('Kia', query)]);
    type('cerato');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'suggestion.previous' });
    expect(selectActiveId(...view())).toBe('model:kia-cerato');
    type('sportage');
    expect(selectActiveId(...view())).toBeNull();
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(selectIsOpen(...view())).toBe(true);
    expect(actor.getSnapshot().context.activeId).toBeNull();
  });

  it('Enter opens the active suggestion without committing; the list closes and its suggestions go', async () => {
    const { actor, clock, emitted, type, send, view } = start({}, () => [hit('Ford', 'Ranger')]);
    type('rang');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'suggestion.next' });
    actor.send({ type: 'suggestion.next' });
    send('input.submit');
    expect(emitted).toEqual([
      { type: 'query.commit', query: 'rang' },
      { type: 'suggestion.navigate', path: '/search/ford/ranger' },
    ]);
    expect(selectIsOpen(...view())).toBe(false);
    expect(selectSuggestions(actor.getSnapshot())).toEqual([]);
    expect(selectText(...view())).toBe('rang');
  });

  it('Enter with no suggestion active commits the text and closes the list', async () => {
    const { actor, clock, emitted, type, send, view } = start({}, () => [hit('Ford', 'Ranger')]);
    type('ranger');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'suggestion.next' });
    actor.send({ type: 'suggestions.dismiss' });
    type('ranger xl');
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    await flush();
    send('input.submit');
    expect(emitted).toEqual([
      { type: 'query.commit', query: 'ranger' },
      { type: 'query.commit', query: 'ranger xl' },
    ]);
    type('ranger');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(selectIsOpen(...view())).toBe(true);
    send('input.submit');
    expect(selectIsOpen(...view())).toBe(false);
    expect(emitted.map((event) => event.type)).not.toContain('suggestion.navigate');
  });

  it('an answer without hits opens no list, and the arrow keys do nothing then', async () => {
    const { actor, clock, queries, type, view } = start({}, () => []);
    type('zzz');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(queries).toEqual(['zzz']);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'suggestion.next' });
    expect(selectIsOpen(...view())).toBe(false);
    expect(selectActiveId(...view())).toBeNull();
  });

  it('asks for no suggestions with suggestions off or for an empty box', async () => {
    const off = start({ suggestions: false });
    off.type('ranger');
    off.clock.increment(SEARCH_DEBOUNCE_MS);
    const empty = start({ query: 'ranger' });
    empty.type('  ');
    empty.clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect([...off.queries, ...empty.queries]).toEqual([]);
    expect(empty.emitted).toEqual([{ type: 'query.commit', query: '' }]);
  });

  it('typing again while suggestions load starts a new wait; a failure holds its message and retries', async () => {
    let fail = true;
    const { actor, clock, queries, type, view } = start({}, (query) => {
      if (fail) throw new Error('Network error: offline');
      return [hit('Kia', query)];
    });
    type('spo');
    clock.increment(SEARCH_DEBOUNCE_MS);
    type('sportage');
    expect(actor.getSnapshot().matches('debouncing')).toBe(true);
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(selectError(...view())).toBe('Network error: offline');
    fail = false;
    actor.send({ type: 'retry' });
    await flush();
    expect(queries).toEqual(['spo', 'sportage', 'sportage']);
    expect(selectIsOpen(...view())).toBe(true);
  });
});
