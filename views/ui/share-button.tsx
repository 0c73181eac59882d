import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { fromPromise } from 'xstate';
import { shareLinkMachine } from '../../machines/share-link/share-link.machine.ts';
import { selectShareNotice, selectSharing } from '../../machines/share-link/share-link.selectors.ts';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { inspectOption } from '../app/inspector.ts';
import { absoluteAddress, copyAddress, shareNatively } from './browser-effects.ts';

/** The share machine bound to the browser: the Web Share API, then the clipboard. */
const shareLinkLogic = shareLinkMachine.provide({
  actors: {
    shareNatively: fromPromise(({ input }) => shareNatively(input)),
    copyText: fromPromise(({ input }) => copyAddress(input.text)),
  },
});

/**
 * "Share" (issue 37 item 7): the device's share sheet where it has one (phones), else the page's
 * address copied with "Link copied" beside the button, else the address shown to copy by hand. A
 * pure widget: nothing else needs its state, so it owns its actor (architecture §3).
 */
export function ShareButton({ path, title }: { path: string; title: string }) {
  const actorRef = useActorRef(shareLinkLogic, { input: { url: path, title }, inspect: inspectOption() });
  const sharing = useSelector(actorRef, selectSharing);
  const notice = useSelector(actorRef, selectShareNotice);
  const fieldId = useId();
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
      <button
        type="button"
        className={button({ variant: 'outline', size: 'sm' })}
        aria-busy={sharing || undefined}
        onClick={() => actorRef.send({ type: 'share.press' })}
      >
        Share
      </button>
      <p role="status" className={css({ fontSize: 'sm', color: 'fgMuted' })}>
        {notice?.kind === 'copied' ? 'Link copied' : ''}
      </p>
      {notice?.kind === 'manual' && (
        <div
          className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', w: 'full' })}
        >
          <label htmlFor={fieldId} className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
            Copy this link
          </label>
          <input
            id={fieldId}
            readOnly
            value={absoluteAddress(notice.url)}
            onFocus={(event) => event.currentTarget.select()}
            className={css({
              flex: '1',
              minW: '0',
              h: '9',
              px: '2',
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'control',
            })}
          />
          <button
            type="button"
            className={button({ variant: 'ghost', size: 'sm' })}
            onClick={() => actorRef.send({ type: 'share.dismiss' })}
          >
            Done
          </button>
        </div>
      )}
    </div>
  );
}
