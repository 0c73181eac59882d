import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { slugify } from '../../domain/slug.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectFacets, selectSearchState } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { useSite } from '../app/site-context.tsx';
import { facetValues } from './facet-values.ts';
import { makeModelsFromFacet } from './make-models.ts';
import { MakePicker } from './make-picker.tsx';

/**
 * The listing's make filter: the make picker (spec §2 "Make picker with logos") over the `make` and
 * `make_model` facets, each make with the site's logo for it (or a text badge); a chosen make or
 * model toggles its refinement.
 */
export function SearchMakes({ actorRef, label }: { actorRef: SearchActorRef; label: string }) {
  const { make_logos: logos } = useSite();
  const makeCounts = useSelector(actorRef, (snapshot) => selectFacets(snapshot).make);
  const modelCounts = useSelector(actorRef, (snapshot) => selectFacets(snapshot).make_model);
  const refinedMakes = useSelector(actorRef, (snapshot) => selectSearchState(snapshot).make);
  const refinedModels = useSelector(actorRef, (snapshot) => selectSearchState(snapshot).make_model);
  const selected = useMemo(
    () => ({
      ...(refinedMakes && { make: refinedMakes }),
      ...(refinedModels && { make_model: refinedModels }),
    }),
    [refinedMakes, refinedModels],
  );
  const makes = useMemo(
    () =>
      facetValues('make', makeCounts, refinedMakes ?? []).map(({ value, count }) => ({
        name: value,
        slug: slugify(value),
        count,
        logoUrl: logos[value] ?? null,
      })),
    [makeCounts, refinedMakes, logos],
  );
  const modelsByMake = useMemo(
    () =>
      makeModelsFromFacet(
        makes.map((make) => make.name),
        modelCounts ?? {},
      ),
    [makes, modelCounts],
  );
  if (makes.length === 0) return null;
  return (
    <fieldset data-testid="filter-make" className={css({ borderWidth: '0', p: '0', m: '0' })}>
      <legend className={css({ fontWeight: 'bold', mb: '1' })}>{label}</legend>
      <MakePicker
        layout="column"
        makes={makes}
        modelsByMake={modelsByMake}
        selected={selected}
        onRefine={({ attribute, value }) => actorRef.send({ type: 'refinement.toggle', attribute, value })}
      />
    </fieldset>
  );
}
