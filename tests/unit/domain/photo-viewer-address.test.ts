import { describe, expect, it } from 'vitest';
import { photoHref, requestedPhoto } from '../../../domain/photo-viewer-address.ts';

/** Issue 37 item 6: the viewer's own address, `?photo=N` (counted from 1) on a car page. */
describe('photo viewer address', () => {
  it.each([
    ['photo=1', 12, 0],
    ['photo=12', 12, 11],
    ['utm_source=x&photo=3', 12, 2],
    ['photo=13', 12, null],
    ['photo=0', 12, null],
    ['photo=-1', 12, null],
    ['photo=2.5', 12, null],
    ['photo=abc', 12, null],
    ['photo=', 12, null],
    ['', 12, null],
    ['photo=1', 0, null],
  ])('%s of %i photos names %s', (search, count, index) => {
    expect(requestedPhoto(search, count)).toBe(index);
  });

  it('sets and removes the photo, keeping the other parameters', () => {
    expect(photoHref('/cars/a', '', 0)).toBe('/cars/a?photo=1');
    expect(photoHref('/cars/a', 'utm_source=x&photo=1', 4)).toBe('/cars/a?utm_source=x&photo=5');
    expect(photoHref('/cars/a', 'utm_source=x&photo=5', null)).toBe('/cars/a?utm_source=x');
    expect(photoHref('/cars/a', 'photo=5', null)).toBe('/cars/a');
  });
});
