import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { NearestLocations } from '../../../domain/contracts/locations.ts';
import { POSTCODE_MESSAGE } from '../../../domain/site-forms.ts';
import { locationFinderMachine } from '../../../machines/location-finder/location-finder.machine.ts';

/** `locations-forms-tradein-site.md` §5 "Geocoding an unknown postcode fails with 'Invalid postcode'". */
describe('location finder: nearest to my postcode', () => {
  const start = (answer: (postcode: string) => Promise<NearestLocations>) => {
    const actor = createActor(
      locationFinderMachine.provide({
        actors: { findNearest: fromPromise(({ input }) => answer(input.postcode)) },
      }),
      { input: { now: '2026-11-26T00:00:00.000Z' } },
    );
    actor.start();
    return actor;
  };
  const found = (postcode: string): Promise<NearestLocations> =>
    Promise.resolve({ postcode, locations: [{ slug: 'bayside-mazda-sales', km: 12.6 }] });

  it('a postcode that is not four digits drops the last search’s distances and shows the 4-digit message (§5, §8)', async () => {
    const actor = start(found);
    actor.send({ type: 'nearest.find', postcode: '4000' });
    await waitFor(actor, (snapshot) => snapshot.matches('found'));
    expect(actor.getSnapshot().context.found).toEqual([{ slug: 'bayside-mazda-sales', km: 12.6 }]);
    actor.send({ type: 'nearest.find', postcode: '40a' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ found: null, error: POSTCODE_MESSAGE });
  });

  it('a postcode typed with spaces round it is searched as its four digits', async () => {
    const asked: string[] = [];
    const actor = start((postcode) => {
      asked.push(postcode);
      return found(postcode);
    });
    actor.send({ type: 'nearest.find', postcode: ' 4000 ' });
    await waitFor(actor, (snapshot) => snapshot.matches('found'));
    expect(asked).toEqual(['4000']);
  });

  it('a postcode the geocoder does not know shows its message, without the last search’s distances', async () => {
    const unknown = Object.assign(new Error('Invalid postcode'), {
      details: { status: 422, code: 'unknown_postcode' },
    });
    const actor = start((postcode) => (postcode === '0000' ? Promise.reject(unknown) : found(postcode)));
    actor.send({ type: 'nearest.find', postcode: '4000' });
    await waitFor(actor, (snapshot) => snapshot.matches('found'));
    actor.send({ type: 'nearest.find', postcode: '0000' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(actor.getSnapshot().context).toMatchObject({ found: null, error: 'Invalid postcode' });
  });
});
