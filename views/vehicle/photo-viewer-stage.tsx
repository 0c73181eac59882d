import { useSelector } from '@xstate/react';
import { type PointerEvent, useRef } from 'react';
import type { PhotoViewerActorRef } from '../../machines/photo-viewer/photo-viewer.machine.ts';
import {
  selectIndex,
  selectIsZoomed,
  selectTransform,
  selectZoom,
} from '../../machines/photo-viewer/photo-viewer.selectors.ts';
import { css } from '../../styled-system/css';
import { CarPhoto } from '../ui/car-photo.tsx';

/** A press that moves less than this (CSS pixels) is a tap. */
const TAP_SLOP_PX = 10;
/** Two taps this close in time (ms) are a double tap. */
const DOUBLE_TAP_MS = 300;

type Point = { x: number; y: number };
type Gesture =
  | { kind: 'stroke'; start: Point; zoom: { x: number; y: number }; moved: boolean }
  | { kind: 'pinch'; distance: number; scale: number }
  | { kind: 'ended' };

const distance = (points: Point[]) => {
  const [a, b] = points;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
};

const stage = css({
  position: 'relative',
  flex: '1',
  minH: '0',
  overflow: 'hidden',
  touchAction: 'none',
  userSelect: 'none',
  cursor: 'zoom-in',
  '&[data-zoomed]': { cursor: 'grab' },
});
const image = css({ w: 'full', h: 'full', objectFit: 'contain', transformOrigin: 'center' });

/**
 * The photo on screen and its gestures (pointer events, so touch, pen and mouse alike): one finger
 * across a fitted photo swipes to the next or previous (the machine judges the stroke), on a zoomed
 * one moves it; two fingers pinch the zoom; a double tap or double click zooms in or back out. The
 * pointers in flight are the gesture's own bookkeeping, kept in refs; what the shopper sees is the
 * machine's. The photo is the car's stored file at the width of the screen (`sizes="100vw"`).
 */
export function PhotoViewerStage({
  actorRef,
  photos,
  carName,
}: {
  actorRef: PhotoViewerActorRef;
  photos: readonly string[];
  carName: string;
}) {
  const index = useSelector(actorRef, selectIndex);
  const zoomed = useSelector(actorRef, selectIsZoomed);
  const transform = useSelector(actorRef, selectTransform);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>({ kind: 'ended' });
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const src = photos[index];

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    if (points.length === 1) {
      const { x, y } = selectZoom(actorRef.getSnapshot());
      gesture.current = {
        kind: 'stroke',
        start: { x: event.clientX, y: event.clientY },
        zoom: { x, y },
        moved: false,
      };
    } else if (points.length === 2) {
      gesture.current = {
        kind: 'pinch',
        distance: distance(points),
        scale: selectZoom(actorRef.getSnapshot()).scale,
      };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (current.kind === 'pinch' && current.distance > 0) {
      const scale = current.scale * (distance([...pointers.current.values()]) / current.distance);
      actorRef.send({ type: 'zoom.pinch', scale });
    } else if (current.kind === 'stroke') {
      const dx = event.clientX - current.start.x;
      const dy = event.clientY - current.start.y;
      if (Math.abs(dx) + Math.abs(dy) > TAP_SLOP_PX) current.moved = true;
      if (current.moved && selectIsZoomed(actorRef.getSnapshot())) {
        const box = event.currentTarget.getBoundingClientRect();
        actorRef.send({
          type: 'zoom.pan',
          x: current.zoom.x + dx / Math.max(1, box.width),
          y: current.zoom.y + dy / Math.max(1, box.height),
        });
      }
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    if (current.kind === 'pinch') {
      gesture.current = { kind: 'ended' };
      return;
    }
    if (current.kind !== 'stroke' || pointers.current.size > 0) return;
    gesture.current = { kind: 'ended' };
    if (event.type === 'pointercancel') return;
    if (current.moved) {
      if (!selectIsZoomed(actorRef.getSnapshot()))
        actorRef.send({
          type: 'photo.swipe',
          dx: event.clientX - current.start.x,
          dy: event.clientY - current.start.y,
        });
      return;
    }
    const tap = { at: event.timeStamp, point: current.start };
    const previous = lastTap.current;
    const twice =
      previous !== null &&
      tap.at - previous.at <= DOUBLE_TAP_MS &&
      Math.hypot(tap.point.x - previous.point.x, tap.point.y - previous.point.y) <= TAP_SLOP_PX * 3;
    lastTap.current = twice ? null : tap;
    if (twice) actorRef.send({ type: 'zoom.toggle' });
  };

  return (
    <div
      className={stage}
      data-testid="photo-viewer-stage"
      data-zoomed={zoomed ? '' : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {src && (
        <div className={image} style={{ transform }}>
          <CarPhoto
            key={src}
            src={src}
            alt={`${carName} (${index + 1} of ${photos.length})`}
            width={800}
            height={500}
            sizes="100vw"
            loading="lazy"
            className={`${image} ${css({ pointerEvents: 'none' })}`}
          />
        </div>
      )}
    </div>
  );
}
