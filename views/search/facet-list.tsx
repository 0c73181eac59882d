import { useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatNumber } from '../../domain/format.ts';
import type { ListAttribute } from '../../domain/search-state.ts';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { selectFacets, selectModelMakes, selectSearchState } from '../../machines/search/search.selectors.ts';
import { css } from '../../styled-system/css';
import { checkbox, collapsible } from '../../styled-system/recipes';
import { type FacetValue, facetValues } from './facet-values.ts';

/** Values listed before 'Show more' (InstantSearch's refinement list shows 10 too). */
const SHOWN = 10;

/** The focus ring of the box when its (visually hidden) input has keyboard focus. */
const boxFocus = css({
  _peerFocusVisible: {
    outlineWidth: '[3px]',
    outlineStyle: 'solid',
    outlineColor: 'focusRing',
    outlineOffset: '0.5',
  },
});

/**
 * One value: a native checkbox styled as the recipe's box. A filter lists dozens of values, and a
 * native input hydrates without a machine of its own per value (decision 070).
 */
const classes = checkbox();
/**
 * A press on a value's text starts no text selection: the browser's selection work ran in the press
 * that starts the search (about 2 ms on this machine, issue 38 item 4), and a shopper ticking values
 * quickly selected their labels.
 */
const rootClasses = `${classes.root} ${css({ userSelect: 'none' })}`;
const hiddenInput = `peer ${css({ srOnly: true })}`;
const boxClasses = `${classes.control} ${boxFocus}`;
const countClasses = css({ color: 'fgMuted' });
const fieldsetClasses = css({ borderWidth: '0', p: '0', m: '0' });
const legendClasses = css({ fontWeight: 'bold', mb: '1' });
const NONE: readonly string[] = [];
const NO_MAKES: Readonly<Record<string, string>> = {};
const noMakes = () => NO_MAKES;

/**
 * How long a mouse rests on a value before its search starts (decision 102): long enough that a
 * pointer passing over the list asks nothing, short against the ~100–300 ms a shopper's pointer rests
 * on a value before pressing it.
 */
export const HOVER_INTENT_MS = 80;

function ValueCheckbox({
  item,
  onToggle,
  onPress,
}: {
  item: FacetValue;
  onToggle: () => void;
  /** The shopper is about to click the value: pressing it, or resting a mouse on it. */
  onPress: () => void;
}) {
  const state = item.refined ? 'checked' : 'unchecked';
  const resting = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resting.current), []);
  const stopResting = () => clearTimeout(resting.current);
  return (
    <label
      className={rootClasses}
      data-part="root"
      data-state={state}
      // A mouse moved onto the value and resting there: each move starts the wait again. Moves, not
      // entering: the page moving under a still pointer (results in, the list reordered) is no intent.
      // A mouse only: a touch's press searches at once.
      onPointerMove={(event) => {
        if (event.pointerType !== 'mouse' || event.buttons !== 0) return;
        stopResting();
        resting.current = setTimeout(onPress, HOVER_INTENT_MS);
      }}
      onPointerLeave={stopResting}
      onPointerDown={(event) => {
        // The press searches now; a rest timer left running would search the state after the click.
        stopResting();
        if (event.button === 0) onPress();
      }}
    >
      <input
        type="checkbox"
        className={hiddenInput}
        value={item.value}
        checked={item.refined}
        onChange={onToggle}
        // Space ticks a checkbox when it is released.
        onKeyDown={(event) => {
          if (event.key === ' ' && !event.repeat) onPress();
        }}
      />
      <span className={boxClasses} data-state={state} data-part="control" aria-hidden="true">
        {item.refined && (
          <span className={classes.indicator} data-part="indicator">
            ✓
          </span>
        )}
      </span>
      <span className={classes.label} data-part="label">
        <span>{item.label}</span>
        <span className={countClasses}>{formatNumber(item.count)}</span>
      </span>
    </label>
  );
}

/**
 * A list filter: one checkbox per value with its count; ticking toggles the refinement. The ten
 * biggest values (and every ticked one) show; the rest open behind 'Show more'.
 */
export function FacetList({
  actorRef,
  attribute,
  label,
}: {
  actorRef: SearchActorRef;
  attribute: ListAttribute;
  label: string;
}) {
  const [showMore, setShowMore] = useState(false);
  const moreId = useId();
  // New counts come with every result: deferred, so the results paint first and the lists catch up
  // in the next render, which React may interrupt (issue 20 item 4). A tick shows at once.
  const counts = useDeferredValue(useSelector(actorRef, (snapshot) => selectFacets(snapshot)[attribute]));
  const refined = useSelector(actorRef, (snapshot) => selectSearchState(snapshot)[attribute]) ?? NONE;
  const modelMakes = useDeferredValue(
    useSelector(actorRef, attribute === 'model' ? selectModelMakes : noMakes),
  );
  return useMemo(() => {
    const values = facetValues(attribute, counts, refined, modelMakes);
    if (values.length === 0) return null;
    const shown = values.filter((item, index) => index < SHOWN || item.refined);
    const more = values.filter((item) => !shown.includes(item));
    const toggle = (item: FacetValue) => () =>
      actorRef.send({ type: 'refinement.toggle', attribute, value: item.value });
    const press = (item: FacetValue) => () =>
      actorRef.send({ type: 'refinement.intent', attribute, value: item.value });
    const moreClasses = collapsible();
    return (
      <fieldset data-testid={`filter-${attribute}`} className={fieldsetClasses}>
        <legend className={legendClasses}>{label}</legend>
        {shown.map((item) => (
          <ValueCheckbox key={item.value} item={item} onToggle={toggle(item)} onPress={press(item)} />
        ))}
        {more.length > 0 && (
          <>
            <div id={moreId} className={moreClasses.content} hidden={!showMore}>
              {showMore &&
                more.map((item) => (
                  <ValueCheckbox key={item.value} item={item} onToggle={toggle(item)} onPress={press(item)} />
                ))}
            </div>
            <button
              type="button"
              className={moreClasses.trigger}
              aria-expanded={showMore}
              aria-controls={moreId}
              onClick={() => setShowMore((open) => !open)}
            >
              {showMore ? 'Show less' : `Show ${more.length} more`}
            </button>
          </>
        )}
      </fieldset>
    );
  }, [actorRef, attribute, counts, label, modelMakes, moreId, refined, showMore]);
}
