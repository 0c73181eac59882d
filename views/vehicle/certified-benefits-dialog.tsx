import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { CERTIFIED_BENEFITS } from '../../domain/vehicle-actions.ts';
import { css } from '../../styled-system/css';
import { modal } from '../../styled-system/recipes';

/**
 * §2 Modals: the certified-vehicle benefits (§9 used pre-owned copy), opened by the badge in
 * `CertifiedBadge`. Its code arrives on the first click; it mounts open, and closing it (Escape,
 * the close button, a click outside) hands focus back to the badge.
 */
export function CertifiedBenefitsDialog({
  onClose,
  trigger,
}: {
  onClose: () => void;
  trigger: () => HTMLElement | null;
}) {
  const styles = modal();
  return (
    <Dialog.Root defaultOpen onOpenChange={({ open }) => !open && onClose()} finalFocusEl={trigger}>
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
