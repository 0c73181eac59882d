import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { CERTIFIED_BENEFITS } from '../../domain/vehicle-actions.ts';
import { css } from '../../styled-system/css';
import { modal } from '../../styled-system/recipes';

/** §2 Modals: the certified badge opens the certified-vehicle benefits (§9 used pre-owned copy). */
export function CertifiedBenefitsDialog() {
  const styles = modal();
  return (
    <Dialog.Root lazyMount unmountOnExit>
      <Dialog.Trigger
        data-testid="certified-badge"
        className={`${styles.trigger} ${css({ px: '2', py: '1', borderRadius: 'control', fontSize: 'sm', fontWeight: 'bold', bg: 'accent', color: 'surface' })}`}
      >
        {CERTIFIED_BENEFITS.title}
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>
            <Dialog.Title className={styles.title}>{CERTIFIED_BENEFITS.title}</Dialog.Title>
            <ul className={css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1' })}>
              {CERTIFIED_BENEFITS.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
            <h3 className={css({ fontWeight: 'semibold' })}>{CERTIFIED_BENEFITS.termsHeading}</h3>
            <Dialog.Description asChild>
              <ul
                className={`${styles.description} ${css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1' })}`}
              >
                {CERTIFIED_BENEFITS.terms.map((term) => (
                  <li key={term}>{term}</li>
                ))}
              </ul>
            </Dialog.Description>
            <Dialog.CloseTrigger className={styles.closeTrigger} aria-label="Close">
              ×
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
