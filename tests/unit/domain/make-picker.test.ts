import { describe, expect, it } from 'vitest';
import {
  type FacetEntry,
  MAKE_DROPDOWN_POPULAR,
  type MakeDropdownItem,
  makeDropdownItems,
  makeModels,
  makePicker,
  popularMakesCount,
} from '../../../domain/make-picker.ts';

const NAMES =
  'Toyota Mazda Ford Hyundai Kia Mitsubishi Nissan Isuzu Subaru Volkswagen MG Tesla BYD Holden GWM Audi BMW Honda Jeep Lexus Mercedes-Benz Peugeot Renault Skoda Suzuki Volvo'.split(
    ' ',
  );
/** Toyota has the most stock, then Mazda…, the last make the least. */
const makes = (n: number): FacetEntry[] => NAMES.slice(0, n).map((name, i) => ({ name, count: 100 - i }));
const names = (entries: readonly FacetEntry[]): string[] => entries.map((e) => e.name);
const az = (list: string[]): string[] =>
  [...list].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

describe('make picker (search-detail-finance-watchlist.md §2 Make picker, §9 Make list)', () => {
  it.each<[string, boolean, number | null | undefined, number]>([
    ['§9 Make list: 7 makes before Show all makes', false, undefined, 7],
    ["§9 Make list: the dealer group's popular-makes count when its switch is on", true, 4, 4],
    ['§9 Make list: a configured count is ignored with the switch off', false, 4, 7],
    ['§9 Make list: the switch on without a count keeps 7', true, null, 7],
  ])('%s', (_name, switchOn, configured, count) => {
    expect(popularMakesCount(switchOn, configured)).toBe(count);
  });

  it.each<[string, number, { popularCount?: number; expanded: boolean }, string[][], string | null]>([
    [
      "§2 Make picker: 'Popular Makes' shows the 7 with most stock, then 'Show all makes'",
      12,
      { expanded: false },
      [['Popular Makes', ...NAMES.slice(0, 7)]],
      'Show all makes',
    ],
    [
      "§2 Make picker: expanded adds 'All Makes' A–Z and 'Hide extra makes'",
      12,
      { expanded: true },
      [
        ['Popular Makes', ...NAMES.slice(0, 7)],
        ['All Makes', ...az(NAMES.slice(0, 12))],
      ],
      'Hide extra makes',
    ],
    [
      '§9 Make list: the popular-makes count replaces 7',
      12,
      { popularCount: 4, expanded: false },
      [['Popular Makes', ...NAMES.slice(0, 4)]],
      'Show all makes',
    ],
    [
      '§2 Make picker: 7 makes need no toggle',
      7,
      { expanded: false },
      [['Popular Makes', ...NAMES.slice(0, 7)]],
      null,
    ],
    [
      '§2 Make picker: 8 makes need the toggle',
      8,
      { expanded: false },
      [['Popular Makes', ...NAMES.slice(0, 7)]],
      'Show all makes',
    ],
    ['§2 Make picker: no makes, no toggle', 0, { expanded: true }, [['Popular Makes']], null],
  ])('%s', (_name, count, options, sections, toggle) => {
    const view = makePicker(makes(count), options);
    expect(view.sections.map((s) => [s.heading, ...names(s.makes)])).toEqual(sections);
    expect(view.toggle?.label ?? null).toBe(toggle);
  });

  it('§2 Make picker: equal stock counts list A–Z', () => {
    const tied = [
      { name: 'kia', count: 5 },
      { name: 'Audi', count: 5 },
      { name: 'Zeekr', count: 9 },
    ];
    expect(names(makePicker(tied, { expanded: false }).sections[0]?.makes ?? [])).toEqual([
      'Zeekr',
      'Audi',
      'kia',
    ]);
  });

  const models = (n: number): FacetEntry[] =>
    Array.from({ length: n }, (_, i) => ({ name: `Model ${String(i).padStart(2, '0')}`, count: i + 1 }));
  it.each<[string, number, number, number, string | undefined]>([
    ["§9 Model list limit: 'Select models' lists up to 30 models", 30, 30, 0, 'Model 00'],
    ['§9 Model list limit: 31 models keep the 30 with most stock', 31, 30, 1, 'Model 01'],
    ['§9 Model list limit: few models all show', 3, 3, 0, 'Model 00'],
  ])('%s', (_name, count, shown, hidden, first) => {
    const result = makeModels(models(count));
    expect(result.models).toHaveLength(shown);
    expect(result.hidden).toBe(hidden);
    expect(result.models[0]?.name).toBe(first);
    expect(names(result.models)).toEqual(az(names(result.models)));
  });
});

describe("make dropdown (search-detail-finance-watchlist.md §9: 'All Makes' at index 20)", () => {
  const label = (item: MakeDropdownItem<FacetEntry>) =>
    item.kind === 'make' ? item.make.name : `# ${item.label}`;

  it.each<[string, number, string[]]>([
    ['one make: itself, no mark', 1, ['Toyota']],
    ['20 makes are all listed A–Z, without the mark', 20, az(NAMES.slice(0, 20))],
    [
      "21 makes: the 20 with most stock, 'All Makes' at index 20, then all 21 A–Z",
      21,
      [...NAMES.slice(0, 20), '# All Makes', ...az(NAMES.slice(0, 21))],
    ],
    ['26 makes: the mark stays at index 20', 26, [...NAMES.slice(0, 20), '# All Makes', ...az(NAMES)]],
  ])('%s', (_name, n, expected) => {
    const items = makeDropdownItems(makes(n));
    expect(items.map(label)).toEqual(expected);
    if (n > MAKE_DROPDOWN_POPULAR) expect(items[20]).toEqual({ kind: 'heading', label: 'All Makes' });
  });

  it('no makes (the stock search failed): an empty list', () => {
    expect(makeDropdownItems([])).toEqual([]);
  });
});
