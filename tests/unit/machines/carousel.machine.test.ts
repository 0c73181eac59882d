import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { carouselMachine } from '../../../machines/carousel/carousel.machine.ts';
import {
  selectCanNext,
  selectCanPrevious,
  selectShowsHint,
} from '../../../machines/carousel/carousel.selectors.ts';

/** §2 "a carousel of location cards with a swipe hint … previous and next arrows are disabled at the ends". */
describe('carousel', () => {
  const start = (count: number, shown = 1) => {
    const actor = createActor(carouselMachine, { input: { count, shown } });
    const scrolls: number[] = [];
    actor.on('carousel.scrollTo', (event) => scrolls.push(event.index));
    actor.start();
    const arrows = () => {
      const snapshot = actor.getSnapshot();
      return {
        previous: selectCanPrevious(snapshot),
        next: selectCanNext(snapshot),
        hint: selectShowsHint(snapshot),
      };
    };
    return { actor, scrolls, arrows };
  };

  it('starts with previous disabled and the swipe hint; next steps one card to the end, where next is disabled', () => {
    const { actor, scrolls, arrows } = start(3);
    expect(arrows()).toEqual({ previous: false, next: true, hint: true });
    actor.send({ type: 'carousel.next' });
    expect(arrows()).toEqual({ previous: true, next: true, hint: false });
    actor.send({ type: 'carousel.next' });
    expect(arrows()).toEqual({ previous: true, next: false, hint: false });
    // A press on a disabled arrow does nothing.
    actor.send({ type: 'carousel.next' });
    expect(actor.getSnapshot().context.index).toBe(2);
    expect(scrolls).toEqual([1, 2]);
    actor.send({ type: 'carousel.previous' });
    actor.send({ type: 'carousel.previous' });
    expect(arrows()).toEqual({ previous: false, next: true, hint: false });
    expect(scrolls).toEqual([1, 2, 1, 0]);
  });

  it('a swipe places the carousel where the track came to rest, within its ends; a swipe hides the hint', () => {
    const { actor, scrolls, arrows } = start(5, 2);
    actor.send({ type: 'carousel.scrolled', index: 9 });
    expect(actor.getSnapshot().context.index).toBe(3);
    expect(arrows()).toEqual({ previous: true, next: false, hint: false });
    // The view scrolled already: nothing to carry out.
    expect(scrolls).toEqual([]);
  });

  it('when every card fits the track neither arrow works and there is no hint; a narrower track brings them back', () => {
    const { actor, arrows } = start(3);
    actor.send({ type: 'carousel.measured', shown: 3 });
    expect(actor.getSnapshot().value).toBe('allShown');
    expect(arrows()).toEqual({ previous: false, next: false, hint: false });
    actor.send({ type: 'carousel.measured', shown: 1.6 });
    expect(arrows()).toEqual({ previous: false, next: true, hint: true });
  });

  it('no cards, or one: nothing to move', () => {
    expect(start(0).arrows()).toEqual({ previous: false, next: false, hint: false });
    expect(start(1).arrows()).toEqual({ previous: false, next: false, hint: false });
  });
});
