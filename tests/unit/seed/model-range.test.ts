import { describe, expect, it } from 'vitest';
import { modelBodyOf, modelRange } from '../../../domain/model.ts';
import { catalogueModels } from '../../../server/seed/catalog-entities.ts';

describe('the demo model range by body type (locations-forms-tradein-site.md §2 Range; issue 31 item 21)', () => {
  const range = modelRange(catalogueModels(), new Set(['mazda']));
  const names = (category: string) =>
    range.find((group) => group.category === modelBodyOf(category))?.models.map((model) => model.name) ?? [];

  it('Mazda’s Sports lists its sports car, not the models that merely have a GT trim', () => {
    expect(names('sports')).toEqual(['Mazda MX-5']);
    for (const everyday of ['Mazda BT-50', 'Mazda CX-3', 'Mazda CX-8', 'Mazda Mazda2'])
      expect(names('sports')).not.toContain(everyday);
  });

  it('those models stay in their own body types', () => {
    expect(names('utes')).toContain('Mazda BT-50');
    expect(names('suvs')).toEqual(expect.arrayContaining(['Mazda CX-3', 'Mazda CX-8']));
    expect(names('cars')).toContain('Mazda Mazda2');
  });
});
