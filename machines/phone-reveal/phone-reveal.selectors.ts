import type { SnapshotFrom } from 'xstate';
import type { phoneRevealMachine } from './phone-reveal.machine.ts';

type PhoneRevealSnapshot = SnapshotFrom<typeof phoneRevealMachine>;

/** `07 5550 1100` → `07 5550 ••••`: the last four digits hidden, spacing kept. */
export function maskPhone(phone: string): string {
  let hidden = 0;
  const characters = [...phone];
  for (let index = characters.length - 1; index >= 0 && hidden < 4; index--) {
    if (/\d/.test(characters[index] ?? '')) {
      characters[index] = '•';
      hidden += 1;
    }
  }
  return characters.join('');
}

/** The revealed number as a `tel:` link, or `null` while it is masked. */
export const selectRevealedPhone = (snapshot: PhoneRevealSnapshot): { text: string; href: string } | null => {
  const phone = snapshot.context.phone?.trim();
  if (!snapshot.matches('revealed') || !phone) return null;
  return { text: phone, href: `tel:${phone.replace(/[^\d+]/g, '')}` };
};
