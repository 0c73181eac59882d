import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  MAX_SCALE,
  photoViewerMachine,
  SWIPE_THRESHOLD_PX,
  TOGGLE_SCALE,
} from '../../../machines/photo-viewer/photo-viewer.machine.ts';
import {
  selectCanNext,
  selectCanPrevious,
  selectIndex,
  selectIsOpen,
  selectIsZoomed,
  selectLabel,
  selectTransform,
} from '../../../machines/photo-viewer/photo-viewer.selectors.ts';

/** Issue 37 item 6: the full-screen photo viewer a car page opens at `?photo=N`. */
describe('photo viewer', () => {
  const start = (count: number, index: number) => {
    const actor = createActor(photoViewerMachine, { input: { count, index } });
    const moves: number[] = [];
    let closes = 0;
    actor.on('viewer.moved', (event) => moves.push(event.index));
    actor.on('viewer.closed', () => {
      closes += 1;
    });
    actor.start();
    const seen = () => {
      const snapshot = actor.getSnapshot();
      return {
        label: selectLabel(snapshot),
        previous: selectCanPrevious(snapshot),
        next: selectCanNext(snapshot),
      };
    };
    return { actor, moves, closes: () => closes, seen };
  };

  it('opens on the photo the address names, labelled "Photo 3 of 12"', () => {
    const { actor, seen } = start(12, 2);
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    expect(seen()).toEqual({ label: 'Photo 3 of 12', previous: true, next: true });
  });

  it('moves one photo with the arrows and stops at the ends; Home and End jump; each move is announced for the address', () => {
    const { actor, moves, seen } = start(3, 0);
    expect(seen()).toEqual({ label: 'Photo 1 of 3', previous: false, next: true });
    actor.send({ type: 'photo.previous' });
    actor.send({ type: 'photo.first' });
    expect(moves).toEqual([]);
    actor.send({ type: 'photo.next' });
    actor.send({ type: 'photo.next' });
    expect(seen()).toEqual({ label: 'Photo 3 of 3', previous: true, next: false });
    actor.send({ type: 'photo.next' });
    actor.send({ type: 'photo.last' });
    actor.send({ type: 'photo.first' });
    actor.send({ type: 'photo.last' });
    expect(moves).toEqual([1, 2, 0, 2]);
  });

  it('swipes change the photo only past the threshold and mostly sideways', () => {
    const { actor } = start(3, 1);
    actor.send({ type: 'photo.swipe', dx: -(SWIPE_THRESHOLD_PX - 1), dy: 0 });
    actor.send({ type: 'photo.swipe', dx: -60, dy: 90 });
    expect(selectIndex(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'photo.swipe', dx: -SWIPE_THRESHOLD_PX, dy: 5 });
    expect(selectIndex(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'photo.swipe', dx: -200, dy: 0 });
    expect(selectIndex(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'photo.swipe', dx: 120, dy: -10 });
    expect(selectIndex(actor.getSnapshot())).toBe(1);
  });

  it('zooms by double tap and pinch, keeps a zoomed photo covering the screen, and swipes move nothing while zoomed', () => {
    const { actor } = start(3, 0);
    actor.send({ type: 'zoom.toggle' });
    expect(selectIsZoomed(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.scale).toBe(TOGGLE_SCALE);
    actor.send({ type: 'zoom.pan', x: 5, y: -5 });
    expect(actor.getSnapshot().context).toMatchObject({
      x: (TOGGLE_SCALE - 1) / 2,
      y: -(TOGGLE_SCALE - 1) / 2,
    });
    actor.send({ type: 'photo.swipe', dx: -200, dy: 0 });
    expect(selectIndex(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'zoom.pinch', scale: 10 });
    expect(actor.getSnapshot().context.scale).toBe(MAX_SCALE);
    actor.send({ type: 'zoom.pinch', scale: 1.5 });
    // Zooming out pulls the photo back within the screen.
    expect(actor.getSnapshot().context).toMatchObject({ scale: 1.5, x: 0.25, y: -0.25 });
    expect(selectTransform(actor.getSnapshot())).toBe('translate(25%, -25%) scale(1.5)');
    actor.send({ type: 'zoom.pinch', scale: 0.7 });
    expect(selectIsZoomed(actor.getSnapshot())).toBe(false);
    expect(selectTransform(actor.getSnapshot())).toBe('none');
  });

  it('a pinch that does not spread the fingers leaves a fitted photo fitted; a move fits the new photo', () => {
    const { actor } = start(3, 0);
    actor.send({ type: 'zoom.pinch', scale: 0.9 });
    expect(selectIsZoomed(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'zoom.pinch', scale: 2 });
    actor.send({ type: 'photo.next' });
    expect(selectIsZoomed(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ index: 1, scale: 1, x: 0, y: 0 });
  });

  it('follows an address that names another photo, without announcing it back, and ignores one that names none', () => {
    const { actor, moves } = start(3, 0);
    actor.send({ type: 'viewer.show', index: 2 });
    actor.send({ type: 'viewer.show', index: 3 });
    actor.send({ type: 'viewer.show', index: -1 });
    expect(selectIndex(actor.getSnapshot())).toBe(2);
    expect(moves).toEqual([]);
  });

  it('closes on ×/Escape and says so, so the view leaves the address; an index beyond the set opens the last photo', () => {
    const { actor, closes } = start(3, 0);
    actor.send({ type: 'viewer.close' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    expect(closes()).toBe(1);
    const beyond = start(3, 9);
    expect(beyond.seen().label).toBe('Photo 3 of 3');
  });
});
