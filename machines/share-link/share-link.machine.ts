import { type ActorRefFrom, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided.ts';

/** What is shared: the page's address and its title (the car's name). */
export interface ShareLinkInput {
  url: string;
  title: string;
}

/** How the device's own share sheet ended: shared, closed by the shopper, or not there at all. */
export type NativeShareOutcome = 'shared' | 'cancelled' | 'unsupported';

/** Events of the share button. */
export type ShareLinkEvent = { type: 'share.press' } | { type: 'share.dismiss' };

/**
 * Sharing a page (issue 37 item 7): `share.press` opens the device's share sheet (the Web Share
 * API, `shareNatively`); where there is none, or it fails, the address is copied (`copyText`) and
 * "Link copied" shows for a few seconds; where copying is refused too, the address is shown to copy
 * by hand (`manual`) until dismissed. A shopper closing the sheet is not an error: back to `idle`.
 */
export const shareLinkMachine = setup({
  types: {} as { context: ShareLinkInput; events: ShareLinkEvent; input: ShareLinkInput },
  actors: {
    shareNatively: fromPromise<NativeShareOutcome, ShareLinkInput>(notProvided('shareNatively')),
    copyText: fromPromise<void, { text: string }>(notProvided('copyText')),
  },
  guards: {
    isShared: (_, outcome: NativeShareOutcome) => outcome === 'shared',
    isCancelled: (_, outcome: NativeShareOutcome) => outcome === 'cancelled',
  },
  delays: { noticeTime: 4000 },
}).createMachine({
  id: 'shareLink',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: { on: { 'share.press': 'sharing' } },
    sharing: {
      tags: ['busy'],
      invoke: {
        id: 'shareNatively',
        src: 'shareNatively',
        input: ({ context }) => context,
        onDone: [
          { guard: { type: 'isShared', params: ({ event }) => event.output }, target: 'idle' },
          { guard: { type: 'isCancelled', params: ({ event }) => event.output }, target: 'idle' },
          { target: 'copying' },
        ],
        onError: 'copying',
      },
    },
    copying: {
      tags: ['busy'],
      invoke: {
        id: 'copyText',
        src: 'copyText',
        input: ({ context }) => ({ text: context.url }),
        onDone: 'copied',
        onError: 'manual',
      },
    },
    copied: {
      after: { noticeTime: 'idle' },
      on: { 'share.press': 'sharing' },
    },
    manual: {
      on: { 'share.press': 'sharing', 'share.dismiss': 'idle' },
    },
  },
});

/** A running share button. */
export type ShareLinkActorRef = ActorRefFrom<typeof shareLinkMachine>;
