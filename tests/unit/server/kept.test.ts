import { describe, expect, it } from 'vitest';
import { Keeper, type KeeperOptions } from '../../../server/render/kept.ts';

/**
 * The keeper both the page cache and the data cache use (decision 090): a value is kept for its time
 * and within the bounds, the least recently used going first; work a crowd asks for at once is done
 * once; and after a change nothing read before it is kept or handed on.
 */

const keeper = (options: Partial<KeeperOptions> = {}) =>
  new Keeper<string>({ ttlMs: 1000, maxEntries: 100, maxBytes: 1000, ...options });

/** Work the test finishes when it says, counting how often it was started. */
function heldWork() {
  let started = 0;
  let finish: (value: string) => void = () => {};
  const work = () => {
    started += 1;
    return new Promise<string>((resolve) => {
      finish = resolve;
    });
  };
  return { work, finish: (value: string) => finish(value), started: () => started };
}

const keepAll = (cache: Keeper<string>, key: string) => (value: string) => {
  cache.set(key, value, value.length);
};

describe('Keeper', () => {
  it('gives a kept value until its time is up, then nothing', () => {
    let clock = 0;
    const cache = keeper({ now: () => clock });
    cache.set('car', 'CX-5', 4);
    clock = 999;
    expect(cache.get('car')).toBe('CX-5');
    clock = 1000;
    expect(cache.get('car')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most its number of values, dropping the least recently used', () => {
    const cache = keeper({ maxEntries: 2 });
    cache.set('a', 'a', 1);
    cache.set('b', 'b', 1);
    expect(cache.get('a')).toBe('a');
    cache.set('c', 'c', 1);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['a', 'c']);
  });

  it('holds at most its bytes, dropping the least recently used, and never a value larger than them all', () => {
    const cache = keeper({ maxBytes: 10 });
    cache.set('a', 'a', 4);
    cache.set('b', 'b', 4);
    expect(cache.get('a')).toBe('a');
    expect(cache.set('c', 'c', 4)).toBe(true);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['a', 'c']);
    // Keeping a key again counts its bytes once.
    cache.set('a', 'a again', 6);
    expect([cache.get('a'), cache.get('c')]).toEqual(['a again', 'c']);
    expect(cache.set('huge', 'huge', 11)).toBe(false);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('does work asked for by a crowd at the same moment once, and they share its result', async () => {
    const cache = keeper();
    const held = heldWork();
    const crowd = Array.from({ length: 10 }, () => cache.once('search', held.work, keepAll(cache, 'search')));
    held.finish('the results');
    const answers = await Promise.all(crowd);
    expect(held.started()).toBe(1);
    expect(answers.filter((answer) => answer.shared)).toHaveLength(9);
    expect(new Set(answers.map((answer) => answer.result))).toEqual(new Set(['the results']));
    expect(cache.get('search')).toBe('the results');
  });

  it('a change while work runs: its result is neither kept nor shared with a later caller', async () => {
    const cache = keeper();
    const before = heldWork();
    const running = cache.once('listing', before.work, keepAll(cache, 'listing'));
    cache.clear();
    const after = await cache.once('listing', async () => 'after the import', keepAll(cache, 'listing'));
    expect(after).toEqual({ result: 'after the import', shared: false });
    before.finish('before the import');
    expect(await running).toEqual({ result: 'before the import', shared: false });
    expect(cache.get('listing')).toBe('after the import');
  });

  it('clear() forgets every value', () => {
    const cache = keeper();
    cache.set('a', 'a', 1);
    cache.set('b', 'b', 1);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('a')).toBeUndefined();
  });

  it('a failed piece of work fails every caller that shared it, and the next caller works again', async () => {
    const cache = keeper();
    let fail: (error: Error) => void = () => {};
    const failing = () =>
      new Promise<string>((_, reject) => {
        fail = reject;
      });
    const first = cache.once('car', failing, keepAll(cache, 'car'));
    const second = cache.once('car', failing, keepAll(cache, 'car'));
    fail(new Error('search is down'));
    await expect(first).rejects.toThrow('search is down');
    await expect(second).rejects.toThrow('search is down');
    expect(await cache.once('car', async () => 'CX-5', keepAll(cache, 'car'))).toEqual({
      result: 'CX-5',
      shared: false,
    });
  });
});
