import { describe, expect, it } from 'vitest';
import { COLOURS, IMAGE_BODIES } from '../../../server/seed/catalog.ts';
import { renderVehicleSvg, vehicleImage } from '../../../server/seed/images.ts';

describe('generated vehicle pictures', () => {
  it('draw a distinct silhouette per body type', () => {
    const pictures = IMAGE_BODIES.map((body) => renderVehicleSvg({ body, colour: 'Red' }));
    expect(new Set(pictures).size).toBe(IMAGE_BODIES.length);
    for (const svg of pictures) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 800 500"/);
      expect(svg).toContain('#b3141f');
      expect(svg.endsWith('</svg>')).toBe(true);
    }
  });

  it('paint the vehicle in its colour, given by name, slug or hex', () => {
    const byName = renderVehicleSvg({ body: 'suv', colour: 'Dark Blue' });
    expect(renderVehicleSvg({ body: 'suv', colour: 'dark-blue' })).toBe(byName);
    expect(renderVehicleSvg({ body: 'suv', colour: '#1d2f55' })).toBe(byName);
    const colours = new Set(COLOURS.map((c) => renderVehicleSvg({ body: 'hatch', colour: c.name })));
    expect(colours.size).toBe(COLOURS.length);
  });

  it('use the kind’s own silhouette and an escaped caption', () => {
    expect(renderVehicleSvg({ body: 'sedan', colour: 'White', kind: 'caravans' })).toBe(
      renderVehicleSvg({ body: 'caravan', colour: 'White' }),
    );
    const captioned = renderVehicleSvg({ body: 'ute', colour: 'White', label: 'Ranger <XLT> & co' });
    expect(captioned).toContain('Ranger &#60;XLT&#62; &#38; co</text>');
  });

  it('are served by pathname, and unknown paths give null (a 404)', () => {
    expect(vehicleImage('/media/vehicles/ute-red.svg')).toBe(
      renderVehicleSvg({ body: 'ute', colour: 'red' }),
    );
    expect(vehicleImage('/media/vehicles/ute-red.svg?view=2')).toBe(
      vehicleImage('/media/vehicles/ute-red.svg'),
    );
    expect(vehicleImage('/media/makes/mazda.svg')).toContain('MAZDA');
    expect(vehicleImage('/media/promotions/stocktake-sale.svg')).toContain('Stocktake Sale');
    for (const path of [
      '/media/vehicles/tank-red.svg',
      '/media/vehicles/ute-plaid.svg',
      '/media/makes/holden.svg',
      '/media/makes/nope.svg',
      '/media/vehicles/../secrets.svg',
      '/media/other.svg',
    ]) {
      expect(vehicleImage(path), path).toBeNull();
    }
  });
});
