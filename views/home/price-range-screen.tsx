import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { type FacetEntry, MAKE_PICKER_TEXT, makeDropdownItems } from '../../domain/make-picker.ts';
import { priceRangeScreenMachine } from '../../machines/price-range-screen/price-range-screen.machine.ts';
import {
  priceSortedSearchHref,
  screenSearchHref,
  selectMake,
  selectRange,
} from '../../machines/price-range-screen/price-range-screen.selectors.ts';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { inspectOption } from '../app/inspector.ts';
import { useSite } from '../app/site-context.tsx';
import { useRangeSlider } from '../ui/range-slider.tsx';
import { RangeSliderControl } from '../ui/range-slider-control.tsx';
import { SelectField } from '../ui/select-field.tsx';

const ANY_MAKE = 'Any make';

/**
 * The price-range slider screen (`locations-forms-tradein-site.md` §2, §5, §9): the make dropdown
 * (the most-stocked makes, then 'All Makes' A–Z), the price slider from $5,000 to $250,000 in steps
 * of $500 with its min / max label, a Search button that opens the listing so refined, and the
 * price-sorted link — the same search, dearest first. Both are links, so they work before hydration.
 */
export function PriceRangeScreen({ makes }: { makes: readonly FacetEntry[] }) {
  const site = useSite();
  const actorRef = useActorRef(priceRangeScreenMachine, { inspect: inspectOption() });
  const make = useSelector(actorRef, selectMake);
  const range = useSelector(actorRef, selectRange);
  const slider = useRangeSlider({ attribute: 'price', variant: 'priceRange' }, (next) =>
    actorRef.send({ type: 'price.refine', range: next }),
  );
  const searchHref = useSelector(actorRef, (snapshot) => screenSearchHref(snapshot, site.search.path));
  const priceSortedHref = useSelector(actorRef, (snapshot) =>
    priceSortedSearchHref(snapshot, site.search.path, site.search_connection.replicas.priceDesc),
  );
  const items = makeDropdownItems(makes);
  const mark = items.findIndex((item) => item.kind === 'heading');
  const optionsOf = (part: typeof items) =>
    part.flatMap((item) =>
      item.kind === 'make'
        ? [{ value: item.make.name, label: `${item.make.name} (${item.make.count})` }]
        : [],
    );
  const groups =
    mark < 0
      ? []
      : [
          { label: MAKE_PICKER_TEXT.popularMakes, options: optionsOf(items.slice(0, mark)) },
          { label: MAKE_PICKER_TEXT.allMakes, options: optionsOf(items.slice(mark + 1)) },
        ];

  return (
    <section
      aria-labelledby="price-range-title"
      className={css({
        bg: 'surface',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'control',
        p: { base: '4', md: '6' },
        display: 'grid',
        gap: '4',
      })}
    >
      <h2 id="price-range-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        Find your next car
      </h2>
      <div
        className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 2fr' } })}
      >
        <SelectField
          label="Make"
          options={[{ value: '', label: ANY_MAKE }, ...(mark < 0 ? optionsOf(items) : [])]}
          groups={groups}
          value={make}
          onChange={(value) => actorRef.send({ type: 'make.select', make: value || null })}
        />
        <RangeSliderControl actorRef={slider} attribute="price" label="Price" stats={null} value={range} />
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'center' })}>
        <Link href={searchHref} className={button({ variant: 'solid', size: 'lg' })}>
          Search
        </Link>
        <Link href={priceSortedHref} className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}>
          Highest price first
        </Link>
      </div>
    </section>
  );
}
