import type { Car } from './car.ts';

/**
 * §4 tag precedence 3 and §6: a certified vehicle is a certified car of the site's certified
 * manufacturer, not sold, on a site with the `certifiedUsed` switch. It gets the certified badge and
 * the certified-vehicle benefits modal.
 */
export function isCertifiedVehicle(
  car: Pick<Car, 'certified' | 'make' | 'status' | 'sold'>,
  site: { readonly certifiedUsed: boolean; readonly certifiedManufacturer: string | null },
): boolean {
  const make = site.certifiedManufacturer?.trim().toLowerCase();
  return (
    site.certifiedUsed &&
    car.certified &&
    !car.sold &&
    car.status !== 'sold' &&
    make !== undefined &&
    make !== '' &&
    car.make.trim().toLowerCase() === make
  );
}
