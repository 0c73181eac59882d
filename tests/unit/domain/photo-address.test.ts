import { describe, expect, it } from 'vitest';
import {
  isGeneratedDrawing,
  PHOTO_PLACEHOLDER,
  parsePhotoAddress,
  photoAddress,
  photoSrcset,
  sharedPhotoAddress,
} from '../../../domain/photo-address.ts';

/** Issue 35 items 2 and 7 (decision 122): the addresses a car's photos are served at. */
const HASH = '0123456789abcdef0123456789abcdef';

describe('photo addresses', () => {
  it('a stored photo has one address per width, and a srcset of all five', () => {
    expect(photoAddress(HASH)).toBe(`/media/photos/${HASH}/960`);
    expect(parsePhotoAddress(`/media/photos/${HASH}/320`)).toEqual({ hash: HASH, width: 320 });
    expect(photoSrcset(`/media/photos/${HASH}/960`)).toBe(
      [320, 640, 800, 960, 1280, 1920].map((w) => `/media/photos/${HASH}/${w} ${w}w`).join(', '),
    );
  });

  it.each([
    `/media/photos/${HASH}/500`,
    `/media/photos/${HASH.toUpperCase()}/320`,
    `/media/photos/${HASH}/320?x`,
    PHOTO_PLACEHOLDER,
    '/media/vehicles/suv-silver.svg',
    'https://cdn.dealer.example/car.jpg',
  ])('%s is not a photo address: no srcset', (address) => {
    expect(parsePhotoAddress(address)).toBeNull();
    expect(photoSrcset(address)).toBeNull();
  });

  it('tells the demo’s generated drawings from photos (item 7)', () => {
    expect(isGeneratedDrawing('/media/vehicles/suv-dark-blue.svg')).toBe(true);
    expect(isGeneratedDrawing(`/media/photos/${HASH}/960`)).toBe(false);
    expect(isGeneratedDrawing(PHOTO_PLACEHOLDER)).toBe(false);
  });

  it('a shared link names a stored photo’s 1280-wide JPEG, never the placeholder, anything else as it is', () => {
    expect(sharedPhotoAddress(`/media/photos/${HASH}/960`)).toBe(`/media/photos/${HASH}/1280.jpg`);
    expect(sharedPhotoAddress(PHOTO_PLACEHOLDER)).toBeNull();
    expect(sharedPhotoAddress('/media/vehicles/suv-white.svg')).toBe('/media/vehicles/suv-white.svg');
    expect(sharedPhotoAddress('/images/cx-5.jpg')).toBe('/images/cx-5.jpg');
  });
});
