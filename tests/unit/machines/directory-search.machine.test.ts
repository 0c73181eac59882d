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

/** A search box on a simulated clock, its suggestions from `answer` (which may throw). */
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
  const emitted: DirectorySearchEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  const type = (text: string) => actor.send({ type: 'input.change', text });
  return { actor, clock, emitted, queries, type };
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
    const { actor, clock, emitted, type } = start({ suggestions: false });
    type('ranger');
    actor.send({ type: 'input.submit' });
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
    const { actor, emitted } = start({ query: 'ranger', suggestions: false });
    actor.send({ type: 'input.clear' });
    expect(selectText(actor.getSnapshot())).toBe('');
    expect(emitted).toEqual([{ type: 'query.commit', query: '' }]);
    actor.send({ type: 'input.clear' });
    expect(emitted).toHaveLength(1);
  });

  it('a query changed elsewhere is shown and not committed; its own commit coming back is ignored', () => {
    const { actor, clock, emitted, type } = start({ suggestions: false });
    actor.send({ type: 'query.update', query: 'hilux' });
    expect(selectText(actor.getSnapshot())).toBe('hilux');
    expect(emitted).toEqual([]);
    type('corolla');
    clock.increment(SEARCH_DEBOUNCE_MS);
    type('corolla x');
    actor.send({ type: 'query.update', query: 'corolla' });
    expect(selectText(actor.getSnapshot())).toBe('corolla x');
  });

  it('§7: suggests makes, then models, from the models index, each with its listing path', async () => {
    const { actor, clock, queries, type } = start({}, () => [
      hit('Toyota', 'Corolla'),
      hit('Toyota', 'Camry'),
    ]);
    type(' toy ');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(queries).toEqual(['toy']);
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    expect(selectSuggestions(actor.getSnapshot())).toEqual([
      { id: 'make:toyota', kind: 'make', label: 'Toyota', path: '/search/toyota' },
      { id: 'model:toyota-corolla', kind: 'model', label: 'Toyota Corolla', path: '/search/toyota/corolla' },
      { id: 'model:toyota-camry', kind: 'model', label: 'Toyota Camry', path: '/search/toyota/camry' },
    ]);
  });

  it('choosing a suggestion emits its path; an unknown one is ignored; Escape closes the list', async () => {
    const { actor, clock, emitted, type } = start({}, () => [hit('Ford', 'Ranger')]);
    type('ranger');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'suggestion.choose', id: 'make:kia' });
    expect(emitted).toEqual([{ type: 'query.commit', query: 'ranger' }]);
    actor.send({ type: 'suggestion.choose', id: 'model:ford-ranger' });
    expect(emitted.at(-1)).toEqual({ type: 'suggestion.navigate', path: '/search/ford/ranger' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    type('ford');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'suggestions.dismiss' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
  });

  it('arrow keys move the active suggestion through makes, then models, wrapping at both ends', async () => {
    const { actor, clock, type } = start({}, () => [hit('Toyota', 'Corolla'), hit('Toyota', 'Camry')]);
    const active = () => selectActiveId(actor.getSnapshot());
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
    const { actor, clock, type } = start({}, (query) => [hit('Kia', query)]);
    type('cerato');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'suggestion.previous' });
    expect(selectActiveId(actor.getSnapshot())).toBe('model:kia-cerato');
    type('sportage');
    expect(selectActiveId(actor.getSnapshot())).toBeNull();
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.activeId).toBeNull();
  });

  it('Enter opens the active suggestion without committing; the list closes and its suggestions go', async () => {
    const { actor, clock, emitted, type } = start({}, () => [hit('Ford', 'Ranger')]);
    type('rang');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'suggestion.next' });
    actor.send({ type: 'suggestion.next' });
    actor.send({ type: 'input.submit' });
    expect(emitted).toEqual([
      { type: 'query.commit', query: 'rang' },
      { type: 'suggestion.navigate', path: '/search/ford/ranger' },
    ]);
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    expect(selectSuggestions(actor.getSnapshot())).toEqual([]);
    expect(selectText(actor.getSnapshot())).toBe('rang');
  });

  it('Enter with no suggestion active commits the text and closes the list', async () => {
    const { actor, clock, emitted, type } = start({}, () => [hit('Ford', 'Ranger')]);
    type('ranger');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'suggestion.next' });
    actor.send({ type: 'suggestions.dismiss' });
    type('ranger xl');
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    await flush();
    actor.send({ type: 'input.submit' });
    expect(emitted).toEqual([
      { type: 'query.commit', query: 'ranger' },
      { type: 'query.commit', query: 'ranger xl' },
    ]);
    type('ranger');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'input.submit' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    expect(emitted.map((event) => event.type)).not.toContain('suggestion.navigate');
  });

  it('an answer without hits opens no list, and the arrow keys do nothing then', async () => {
    const { actor, clock, queries, type } = start({}, () => []);
    type('zzz');
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(queries).toEqual(['zzz']);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'suggestion.next' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    expect(selectActiveId(actor.getSnapshot())).toBeNull();
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
    const { actor, clock, queries, type } = start({}, (query) => {
      if (fail) throw new Error('Network error: offline');
      return [hit('Kia', query)];
    });
    type('spo');
    clock.increment(SEARCH_DEBOUNCE_MS);
    type('sportage');
    expect(actor.getSnapshot().matches('debouncing')).toBe(true);
    clock.increment(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(selectError(actor.getSnapshot())).toBe('Network error: offline');
    fail = false;
    actor.send({ type: 'retry' });
    await flush();
    expect(queries).toEqual(['spo', 'sportage', 'sportage']);
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
  });
});
