import { Dialog } from '@ark-ui/react/dialog';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { css } from '../../styled-system/css';
import { dialog } from '../../styled-system/recipes';
import { SearchFilters } from './search-filters.tsx';

const button = css({
  px: '4',
  py: '2',
  borderRadius: 'control',
  fontWeight: 'semibold',
  cursor: 'pointer',
});

/**
 * The filters on small screens: a 'Filters' button opens them in a drawer (Ark UI Dialog: focus kept
 * inside, Escape closes); 'Show Me {count} {type}' (spec §2) closes it onto the results.
 */
export function FilterDrawer({ actorRef, showMeLabel }: { actorRef: SearchActorRef; showMeLabel: string }) {
  const classes = dialog();
  return (
    <Dialog.Root lazyMount unmountOnExit>
      <Dialog.Trigger
        className={`${classes.trigger} ${button} ${css({ display: { base: 'inline-flex', lg: 'none' }, borderWidth: '1px', borderColor: 'border', bg: 'surface' })}`}
      >
        Filters
      </Dialog.Trigger>
      <Dialog.Backdrop className={classes.backdrop} />
      <Dialog.Positioner className={classes.positioner}>
        <Dialog.Content className={classes.content}>
          <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' })}>
            <Dialog.Title className={classes.title}>Filters</Dialog.Title>
            <Dialog.CloseTrigger className={`${classes.closeTrigger} ${button}`} aria-label="Close filters">
              ✕
            </Dialog.CloseTrigger>
          </div>
          <SearchFilters actorRef={actorRef} />
          <Dialog.CloseTrigger
            className={`${classes.closeTrigger} ${button} ${css({ mt: 'auto', bg: 'brand', color: 'brandFg' })}`}
          >
            {showMeLabel}
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
