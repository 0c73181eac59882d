import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { formatNumber } from '../../domain/format.ts';
import { MAKE_PICKER_TEXT } from '../../domain/make-picker.ts';
import type {
  MakeOption,
  MakePickerActorRef,
  MakePickerFacets,
} from '../../machines/make-picker/make-picker.machine.ts';
import { selectOpenMake, selectOpenModels } from '../../machines/make-picker/make-picker.selectors.ts';
import { css } from '../../styled-system/css';
import { collapsible, letterMark } from '../../styled-system/recipes';

const choice = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  w: 'full',
  p: '2',
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'control',
  cursor: 'pointer',
  textAlign: 'left',
  _hover: { borderColor: 'brand' },
  _pressed: { borderColor: 'brand', bg: 'brandSubtle', fontWeight: 'semibold' },
});
const logo = css({ w: '8', h: '8', flexShrink: '0', objectFit: 'contain' });
const badge = letterMark({ size: 'sm' });
const count = css({ ml: 'auto', fontSize: 'xs', color: 'fgMuted' });

/** `Land Rover` → `LR`: the text badge of a make without a logo. */
const initials = (name: string): string =>
  name
    .split(/[\s-]+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

/**
 * One make of the picker: its logo (or a text badge), name and count as a toggle button, and its
 * 'Select models' expander listing up to 30 models, each a toggle button too.
 */
export function MakeEntry({
  actorRef,
  facets,
  make,
  selectedMakes,
  selectedModels,
}: {
  actorRef: MakePickerActorRef;
  /** The picker's facets (its props), for the selectors and the events. */
  facets: MakePickerFacets;
  make: MakeOption;
  selectedMakes: readonly string[];
  selectedModels: readonly string[];
}) {
  const isOpen = useSelector(actorRef, (snapshot) => selectOpenMake(snapshot, facets)) === make.name;
  const { models } = useSelector(actorRef, (snapshot) => selectOpenModels(snapshot, facets));
  const styles = collapsible();
  const modelsId = useId();
  return (
    <li>
      <button
        type="button"
        className={choice}
        aria-pressed={selectedMakes.includes(make.name)}
        onClick={() => actorRef.send({ type: 'make.choose', make: make.name, facets })}
      >
        {make.logoUrl ? (
          <img src={make.logoUrl} alt="" width={32} height={32} loading="lazy" className={logo} />
        ) : (
          <span aria-hidden="true" data-testid="make-badge" className={badge}>
            {initials(make.name)}
          </span>
        )}
        <span>{make.name}</span> <span className={count}>({formatNumber(make.count)})</span>
      </button>
      {/* A disclosure whose open make is the picker machine's: no widget machine of its own per make. */}
      <button
        type="button"
        className={styles.trigger}
        aria-label={`Select models for ${make.name}`}
        aria-expanded={isOpen}
        aria-controls={modelsId}
        onClick={() =>
          actorRef.send(
            isOpen
              ? { type: 'make.collapse', make: make.name }
              : { type: 'make.expand', make: make.name, facets },
          )
        }
      >
        {MAKE_PICKER_TEXT.selectModels}
      </button>
      <div id={modelsId} className={styles.content} hidden={!isOpen}>
        {isOpen && (
          <ul className={css({ display: 'grid', gap: '1', mt: '2', listStyle: 'none' })}>
            {models.map((model) => (
              <li key={model.value}>
                <button
                  type="button"
                  className={choice}
                  aria-pressed={selectedModels.includes(model.value)}
                  onClick={() =>
                    actorRef.send({ type: 'model.choose', make: make.name, model: model.name, facets })
                  }
                >
                  <span>{model.name}</span> <span className={count}>({formatNumber(model.count)})</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
