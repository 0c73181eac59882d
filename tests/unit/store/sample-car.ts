import type { Car, CarInput } from '../../../domain/car.ts';
import { carSchema } from '../../../domain/car.ts';

/** A valid car with only the required fields, for store and import tests. */
export function sampleCar(id: number, overrides: Partial<CarInput> = {}): Car {
  return carSchema.parse({
    id,
    slug: `2022-mazda-cx-5-maxx-${id}`,
    name: '2022 Mazda CX-5 Maxx',
    year: 2022,
    make: 'Mazda',
    model: 'CX-5',
    car_type: 'used',
    status: 'in_stock',
    price: 31_990,
    km: 42_000,
    stocknum: `U${id}`,
    created_at: '2025-05-01T00:00:00.000Z',
    dealership_id: 1011,
    dealership_slug: 'bayside-mazda',
    ...overrides,
  });
}
