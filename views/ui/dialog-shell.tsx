import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ComponentProps, ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { button, dialog } from '../../styled-system/recipes';

/** What a dialog's root is told: open or not, what happens on a change, where focus returns. */
type RootProps = Omit<ComponentProps<typeof Dialog.Root>, 'children'>;

/**
 * The one dialog of the storefront (Ark UI Dialog: focus kept inside, Escape and a click outside
 * close it, focus goes back to what opened it). `center` is a modal with a × in its corner (finance
 * disclaimer, certified benefits); `side` a drawer from the right with its title and ✕ on top (the
 * mobile filters). Children add the body; `DialogShell.Description` and `DialogShell.Close` are the
 * shell's own parts, styled alike.
 */
export function DialogShell({
  placement = 'center',
  title,
  closeLabel,
  root,
  portal = true,
  testId,
  children,
}: {
  placement?: 'center' | 'side';
  title: ReactNode;
  /** The accessible name of the × button. */
  closeLabel: string;
  root: RootProps;
  /** Render into the end of `<body>` (default), or in place. */
  portal?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  // Each placement's classes spelled out, so the build writes them in (server/build/static-styles.ts).
  const styles = placement === 'side' ? dialog({ placement: 'side' }) : dialog({ placement: 'center' });
  const heading = <Dialog.Title className={styles.title}>{title}</Dialog.Title>;
  const close =
    placement === 'side' ? (
      <Dialog.CloseTrigger
        className={`${styles.closeTrigger} ${button({ variant: 'ghost' })}`}
        aria-label={closeLabel}
      >
        ✕
      </Dialog.CloseTrigger>
    ) : (
      <Dialog.CloseTrigger className={styles.closeTrigger} aria-label={closeLabel}>
        ×
      </Dialog.CloseTrigger>
    );
  const layer = (
    <>
      <Dialog.Backdrop className={styles.backdrop} />
      <Dialog.Positioner className={styles.positioner}>
        <Dialog.Content className={styles.content} data-testid={testId}>
          {placement === 'side' ? (
            <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' })}>
              {heading}
              {close}
            </div>
          ) : (
            heading
          )}
          {children}
          {placement === 'center' && close}
        </Dialog.Content>
      </Dialog.Positioner>
    </>
  );
  return <Dialog.Root {...root}>{portal ? <Portal>{layer}</Portal> : layer}</Dialog.Root>;
}

/** The dialog's description, styled as the shell's (pass `asChild` to describe with a list). */
DialogShell.Description = function DialogDescription(props: ComponentProps<typeof Dialog.Description>) {
  return <Dialog.Description {...props} className={`${dialog().description} ${props.className ?? ''}`} />;
};

/** A button in the dialog's body that closes it (the filter drawer's 'Show Me …'). */
DialogShell.Close = Dialog.CloseTrigger;
