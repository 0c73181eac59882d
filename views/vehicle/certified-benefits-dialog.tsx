import { CERTIFIED_BENEFITS } from '../../domain/vehicle-actions.ts';
import { css } from '../../styled-system/css';
import { DialogShell } from '../ui/dialog-shell.tsx';

const list = css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1' });

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
  return (
    <DialogShell
      title={CERTIFIED_BENEFITS.title}
      closeLabel="Close"
      root={{ defaultOpen: true, onOpenChange: ({ open }) => !open && onClose(), finalFocusEl: trigger }}
    >
      <ul className={list}>
        {CERTIFIED_BENEFITS.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <h3 className={css({ fontWeight: 'semibold' })}>{CERTIFIED_BENEFITS.termsHeading}</h3>
      <DialogShell.Description asChild>
        <ul className={list}>
          {CERTIFIED_BENEFITS.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </DialogShell.Description>
    </DialogShell>
  );
}
