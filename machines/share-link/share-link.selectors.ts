import type { SnapshotFrom } from 'xstate';
import type { shareLinkMachine } from './share-link.machine.ts';

type ShareLinkSnapshot = SnapshotFrom<typeof shareLinkMachine>;

/** Whether the share sheet or the copy is under way (the button waits). */
export const selectSharing = (snapshot: ShareLinkSnapshot): boolean => snapshot.hasTag('busy');

/** What the button says beside it: the copy's confirmation, or the address to copy by hand. */
export const selectShareNotice = (
  snapshot: ShareLinkSnapshot,
): { kind: 'copied' } | { kind: 'manual'; url: string } | null => {
  if (snapshot.matches('copied')) return { kind: 'copied' };
  if (snapshot.matches('manual')) return { kind: 'manual', url: snapshot.context.url };
  return null;
};
