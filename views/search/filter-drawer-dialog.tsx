import type { SearchActorRef } from '../../machines/search/search.machine.ts';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { DialogShell } from '../ui/dialog-shell.tsx';
import { SearchFilters } from './search-filters.tsx';

/**
 * The drawer itself (focus kept inside, Escape closes, focus back on 'Filters'), loaded the first
 * time a shopper opens it. 'Show Me {count} {type}' (spec §2) closes it onto the results.
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
  return (
    <DialogShell
      placement="side"
      title="Filters"
      closeLabel="Close filters"
      portal={false}
      root={{ open, onOpenChange: (details) => onOpenChange(details.open), unmountOnExit: true }}
    >
      <SearchFilters actorRef={actorRef} />
      <DialogShell.Close className={`${button()} ${css({ mt: 'auto' })}`}>{showMeLabel}</DialogShell.Close>
    </DialogShell>
  );
}
