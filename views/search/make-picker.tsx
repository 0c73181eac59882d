import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { popularMakesCount } from '../../domain/make-picker.ts';
import type { SearchState } from '../../domain/search-state.ts';
import {
  type MakeOption,
  type ModelOption,
  makePickerMachine,
} from '../../machines/make-picker/make-picker.machine.ts';
import { selectPickerView } from '../../machines/make-picker/make-picker.selectors.ts';
import { css } from '../../styled-system/css';
import { inspectOption } from '../app/inspector.ts';
import { useSite } from '../app/site-context.tsx';
import { useEmitted } from '../app/use-emitted.ts';
import { MakeEntry } from './make-entry.tsx';

/** A make or model refinement to toggle in the search state (`toggleRefinement(state, attribute, value)`). */
export interface MakePickerRefinement {
  attribute: 'make' | 'make_model';
  value: string;
}

/** What the search page gives the make picker. */
export interface MakePickerProps {
  /** The `make` facet of the current result, with slugs and logos (`logoUrl` null: a text badge). */
  makes: MakeOption[];
  /** Models by make name (`makeModelsFromFacet` builds them from the `make_model` facet). */
  modelsByMake: Record<string, ModelOption[]>;
  /** The refined makes and models: pass the search state. */
  selected: Pick<SearchState, 'make' | 'make_model'>;
  onRefine: (refinement: MakePickerRefinement) => void;
  /** `grid` (default): up to three columns; `column`: one, for a narrow sidebar or drawer. */
  layout?: 'grid' | 'column';
}

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
  gap: '2',
  listStyle: 'none',
});
const column = css({ display: 'grid', gridTemplateColumns: '1fr', gap: '2', listStyle: 'none' });
const heading = css({ fontSize: 'md', fontWeight: 'bold', mb: '2' });
const toggle = css({
  justifySelf: 'start',
  color: 'accent',
  textDecoration: 'underline',
  bg: 'transparent',
  cursor: 'pointer',
});

/**
 * The make picker (spec doc 1 §2 "Make picker", §9): 'Popular Makes', then 'All Makes' behind
 * 'Show all makes' / 'Hide extra makes' (7 popular makes, or the dealer group's configured count),
 * each make with its logo, count and 'Select models'. A chosen make or model goes to `onRefine`.
 */
export function MakePicker({ makes, modelsByMake, selected, onRefine, layout = 'grid' }: MakePickerProps) {
  const site = useSite();
  const popularCount = popularMakesCount(site.features.popularMakesCount, site.search.popular_makes_count);
  const actorRef = useActorRef(makePickerMachine, { input: { popularCount }, inspect: inspectOption() });
  // The facets stay props: the selectors read them and the events carry them (issue 32 item 5).
  const facets = useMemo(() => ({ makes, modelsByMake }), [makes, modelsByMake]);
  const view = useSelector(actorRef, (snapshot) => selectPickerView(snapshot, facets));
  const id = useId();
  useEmitted(actorRef, {
    'make.refine': (event) => onRefine({ attribute: 'make', value: event.make }),
    'model.refine': (event) => onRefine({ attribute: 'make_model', value: event.value }),
  });
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      {view.sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={`${id}-${index}`}>
          <h3 id={`${id}-${index}`} className={heading}>
            {section.heading}
          </h3>
          <ul className={layout === 'grid' ? grid : column}>
            {section.makes.map((make) => (
              <MakeEntry
                key={make.name}
                actorRef={actorRef}
                facets={facets}
                make={make}
                selectedMakes={selected.make ?? []}
                selectedModels={selected.make_model ?? []}
              />
            ))}
          </ul>
        </section>
      ))}
      {view.toggle && (
        <button
          type="button"
          className={toggle}
          aria-expanded={view.toggle.expanded}
          onClick={() => actorRef.send({ type: 'makes.toggle', facets })}
        >
          {view.toggle.label}
        </button>
      )}
    </div>
  );
}
