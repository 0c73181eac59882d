import { Dialog } from '@ark-ui/react/dialog';
import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { css } from '../../styled-system/css';
import { dialog } from '../../styled-system/recipes';
import { drawerButton } from './filter-drawer.styles.ts';
import { SearchFilters } from './search-filters.tsx';

/**
 * The drawer itself (Ark UI Dialog: focus kept inside, Escape closes, focus back on 'Filters'),
 * loaded the first time a shopper opens it. 'Show Me {count} {type}' (spec §2) closes it onto the
 * results.
 */
export function FilterDrawerDialog({
  actorRef,
  showMeLabel,
  open,
  onOpenChange,
}: {
  actorRef: SearchActorRef;
  showMeLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const classes = dialog();
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} unmountOnExit>
      <Dialog.Backdrop className={classes.backdrop} />
      <Dialog.Positioner className={classes.positioner}>
        <Dialog.Content className={classes.content}>
          <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' })}>
            <Dialog.Title className={classes.title}>Filters</Dialog.Title>
            <Dialog.CloseTrigger
              className={`${classes.closeTrigger} ${drawerButton}`}
              aria-label="Close filters"
            >
              ✕
            </Dialog.CloseTrigger>
          </div>
          <SearchFilters actorRef={actorRef} />
          <Dialog.CloseTrigger
            className={`${classes.closeTrigger} ${drawerButton} ${css({ mt: 'auto', bg: 'brand', color: 'brandFg' })}`}
          >
            {showMeLabel}
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
