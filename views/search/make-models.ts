import type { ModelOption } from '../../machines/make-picker/make-picker.machine.ts';

/**
 * The make picker's models from the `make_model` facet of a result (`{ "Toyota Corolla": 7 }`):
 * each value filed under the listed make its text starts with (the longest name wins, so
 * `Land Rover Defender` is not a `Land` model).
 */
export function makeModelsFromFacet(
  makes: readonly string[],
  facet: Readonly<Record<string, number>>,
): Record<string, ModelOption[]> {
  const byLength = [...makes].sort((a, b) => b.length - a.length);
  const grouped: Record<string, ModelOption[]> = {};
  for (const [value, count] of Object.entries(facet)) {
    const make = byLength.find((name) => value.startsWith(`${name} `));
    if (!make) continue;
    const list = grouped[make] ?? [];
    list.push({ name: value.slice(make.length + 1), count, value });
    grouped[make] = list;
  }
  return grouped;
}
