import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type MakeOption,
  type MakePickerEmitted,
  type MakePickerFacets,
  type ModelOption,
  makePickerMachine,
} from '../../../machines/make-picker/make-picker.machine.ts';
import {
  selectOpenMake,
  selectOpenModels,
  selectPickerView,
} from '../../../machines/make-picker/make-picker.selectors.ts';

const names = ['Toyota', 'Mazda', 'Ford', 'Hyundai', 'Kia', 'Mitsubishi', 'Nissan', 'Subaru', 'Audi'];
const makes: MakeOption[] = names.map((name, index) => ({
  name,
  slug: name.toLowerCase(),
  count: 100 - index,
  logoUrl: index === 8 ? null : `/media/makes/${name.toLowerCase()}.svg`,
}));
const models = (make: string, count: number): ModelOption[] =>
  Array.from({ length: count }, (_, n) => ({
    name: `M${String(n + 1).padStart(2, '0')}`,
    count: count - n,
    value: `${make} M${String(n + 1).padStart(2, '0')}`,
  }));
const modelsByMake = { Toyota: models('Toyota', 35), Mazda: models('Mazda', 3) };

/** A picker under the page's facets (`facets`, the owner's props: carried by events, read by selectors). */
function start(popularCount = 7, list: MakeOption[] = makes) {
  const actor = createActor(makePickerMachine, { input: { popularCount } }).start();
  const facets: MakePickerFacets = { makes: list, modelsByMake };
  const emitted: MakePickerEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  return { actor, emitted, facets };
}

describe('make picker machine (spec doc 1 §2 "Make picker", §9 "Make list")', () => {
  it("§9: shows 7 popular makes, then 'Show all makes' adds 'All Makes' and 'Hide extra makes' folds it", () => {
    const { actor, facets } = start();
    let view = selectPickerView(actor.getSnapshot(), facets);
    expect(view.sections.map((section) => section.heading)).toEqual(['Popular Makes']);
    expect(view.sections[0]?.makes.map((make) => make.name)).toEqual(names.slice(0, 7));
    expect(view.toggle).toEqual({ label: 'Show all makes', expanded: false });
    actor.send({ type: 'makes.toggle', facets });
    view = selectPickerView(actor.getSnapshot(), facets);
    expect(view.sections.map((section) => section.heading)).toEqual(['Popular Makes', 'All Makes']);
    expect(view.sections[1]?.makes).toHaveLength(9);
    expect(view.toggle).toEqual({ label: 'Hide extra makes', expanded: true });
    actor.send({ type: 'makes.toggle', facets });
    expect(selectPickerView(actor.getSnapshot(), facets).toggle?.label).toBe('Show all makes');
  });

  it("§9: the dealer group's popular-makes count replaces 7", () => {
    const { actor, facets } = start(4);
    expect(selectPickerView(actor.getSnapshot(), facets).sections[0]?.makes).toHaveLength(4);
  });

  it('no toggle, and the toggle event is ignored, when every make is popular', () => {
    const { actor, facets } = start(7, makes.slice(0, 5));
    expect(selectPickerView(actor.getSnapshot(), facets).toggle).toBeNull();
    actor.send({ type: 'makes.toggle', facets });
    expect(actor.getSnapshot().hasTag('allMakes')).toBe(false);
  });

  it("§9: 'Select models' lists up to 30 models per make, one make at a time", () => {
    const { actor, facets } = start();
    actor.send({ type: 'make.expand', make: 'Toyota', facets });
    expect(selectOpenMake(actor.getSnapshot(), facets)).toBe('Toyota');
    const open = selectOpenModels(actor.getSnapshot(), facets);
    expect(open.models).toHaveLength(30);
    expect(open.hidden).toBe(5);
    actor.send({ type: 'make.expand', make: 'Mazda', facets });
    expect(selectOpenMake(actor.getSnapshot(), facets)).toBe('Mazda');
    actor.send({ type: 'make.collapse', make: 'Toyota' });
    expect(selectOpenMake(actor.getSnapshot(), facets)).toBe('Mazda');
    actor.send({ type: 'make.collapse', make: 'Mazda' });
    expect(selectOpenMake(actor.getSnapshot(), facets)).toBeNull();
    actor.send({ type: 'make.expand', make: 'Tesla', facets });
    expect(selectOpenMake(actor.getSnapshot(), facets)).toBeNull();
  });

  it('a chosen make or model is emitted for the parent to refine; unknown ones are ignored', () => {
    const { actor, emitted, facets } = start();
    actor.send({ type: 'make.choose', make: 'Mazda', facets });
    actor.send({ type: 'make.choose', make: 'Tesla', facets });
    actor.send({ type: 'model.choose', make: 'Toyota', model: 'M02', facets });
    actor.send({ type: 'model.choose', make: 'Mazda', model: 'M30', facets });
    expect(emitted).toEqual([
      { type: 'make.refine', make: 'Mazda' },
      { type: 'model.refine', make: 'Toyota', model: 'M02', value: 'Toyota M02' },
    ]);
  });

  it('a new result without the open make shows its models closed', () => {
    const { actor, facets } = start();
    actor.send({ type: 'make.expand', make: 'Audi', facets });
    const fewer: MakePickerFacets = { makes: makes.slice(0, 3), modelsByMake };
    expect(selectOpenMake(actor.getSnapshot(), fewer)).toBeNull();
    expect(selectOpenModels(actor.getSnapshot(), fewer).models).toEqual([]);
    actor.send({ type: 'make.expand', make: 'Toyota', facets: fewer });
    expect(selectOpenMake(actor.getSnapshot(), fewer)).toBe('Toyota');
  });
});
