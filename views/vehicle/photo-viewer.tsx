import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PHOTO_VIEWER_HISTORY_STATE, photoHref } from '../../domain/photo-viewer-address.ts';
import {
  type PhotoViewerEvent,
  photoViewerMachine,
} from '../../machines/photo-viewer/photo-viewer.machine.ts';
import {
  selectCanNext,
  selectCanPrevious,
  selectIsOpen,
  selectIsZoomed,
  selectLabel,
} from '../../machines/photo-viewer/photo-viewer.selectors.ts';
import { css } from '../../styled-system/css';
import { inspectOption } from '../app/inspector.ts';
import { useEmitted } from '../app/use-emitted.ts';
import { PhotoViewerStage } from './photo-viewer-stage.tsx';

/** Whether a history entry is one the viewer added (Back then leaves it; otherwise the address is replaced). */
const isViewerEntry = (state: unknown) =>
  state !== null &&
  typeof state === 'object' &&
  Object.keys(PHOTO_VIEWER_HISTORY_STATE).every((key) => key in state);

const KEYS: Readonly<Record<string, PhotoViewerEvent>> = {
  ArrowRight: { type: 'photo.next' },
  ArrowLeft: { type: 'photo.previous' },
  Home: { type: 'photo.first' },
  End: { type: 'photo.last' },
};

const content = css({
  position: 'fixed',
  inset: '0',
  zIndex: 'modal',
  display: 'flex',
  flexDirection: 'column',
  bg: 'black',
  color: 'white',
});
const bar = css({ display: 'flex', alignItems: 'center', gap: '2', p: '2' });
const control = css({
  minW: '11',
  minH: '11',
  px: '3',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'white/40',
  bg: 'black/60',
  color: 'white',
  fontSize: 'lg',
  cursor: 'pointer',
  _disabled: { opacity: '0.35', cursor: 'default' },
});

/**
 * The full-screen photo viewer (issue 37 item 6), loaded when a shopper first opens it: a modal dialog
 * named "Photo 3 of 12" (Ark UI: focus kept inside and given back, Escape closes), ← / → / Home / End,
 * swipes, pinch and double-tap zoom (the stage). Its address follows the photo on screen, replaced
 * rather than added to, so Back leaves the viewer in one step; × and Escape leave it as Back would.
 */
export function PhotoViewer({
  photos,
  carName,
  index,
  returnFocusTo,
}: {
  photos: readonly string[];
  carName: string;
  /** The photo the address names, 0-based. */
  index: number;
  /** What takes the focus when the viewer closes: the photo it opened from. */
  returnFocusTo: () => HTMLElement | null;
}) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const actorRef = useActorRef(photoViewerMachine, {
    input: { count: photos.length, index },
    inspect: inspectOption(),
  });
  const open = useSelector(actorRef, selectIsOpen);
  const label = useSelector(actorRef, selectLabel);
  const canPrevious = useSelector(actorRef, selectCanPrevious);
  const canNext = useSelector(actorRef, selectCanNext);
  const zoomed = useSelector(actorRef, selectIsZoomed);

  useEffect(() => {
    if (actorRef.getSnapshot().context.index !== index) actorRef.send({ type: 'viewer.show', index });
  }, [actorRef, index]);

  const focusBack = useRef(returnFocusTo);
  focusBack.current = returnFocusTo;
  // Back unmounts the viewer: the focus goes back to the photo it showed, if nothing else has it.
  useEffect(
    () => () => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) focusBack.current()?.focus();
    },
    [],
  );

  useEmitted(actorRef, {
    // The entry keeps its state: one the viewer added stays one Back leaves.
    'viewer.moved': (event) =>
      navigate(photoHref(path, search, event.index), { replace: true, state: history.state }),
    'viewer.closed': () => {
      if (isViewerEntry(history.state)) history.back();
      else navigate(photoHref(path, search, null), { replace: true });
    },
  });

  const onKeyDown = (event: KeyboardEvent) => {
    const move = KEYS[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    actorRef.send(move);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) actorRef.send({ type: 'viewer.close' });
      }}
      finalFocusEl={returnFocusTo}
    >
      <Portal>
        <Dialog.Content className={content} data-testid="photo-viewer" onKeyDown={onKeyDown}>
          <div className={bar}>
            <Dialog.Title aria-live="polite" className={css({ flex: '1', fontWeight: 'semibold', px: '2' })}>
              {label}
            </Dialog.Title>
            <button
              type="button"
              className={control}
              aria-pressed={zoomed}
              onClick={() => actorRef.send({ type: 'zoom.toggle' })}
            >
              Zoom
            </button>
            <Dialog.CloseTrigger className={control} aria-label="Close photos">
              ×
            </Dialog.CloseTrigger>
          </div>
          <PhotoViewerStage actorRef={actorRef} photos={photos} carName={carName} />
          <div className={`${bar} ${css({ justifyContent: 'center' })}`}>
            <button
              type="button"
              className={control}
              aria-label="Previous photo"
              disabled={!canPrevious}
              onClick={() => actorRef.send({ type: 'photo.previous' })}
            >
              ‹
            </button>
            <button
              type="button"
              className={control}
              aria-label="Next photo"
              disabled={!canNext}
              onClick={() => actorRef.send({ type: 'photo.next' })}
            >
              ›
            </button>
          </div>
        </Dialog.Content>
      </Portal>
    </Dialog.Root>
  );
}
