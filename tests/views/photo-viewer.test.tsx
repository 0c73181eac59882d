import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { photoViewerMachine } from '../../machines/photo-viewer/photo-viewer.machine.ts';
import { PhotoCount } from '../../views/ui/photo-count.tsx';
import { PhotoViewerStage } from '../../views/vehicle/photo-viewer-stage.tsx';

/** Issue 37 item 6: the viewer's gestures (pointer events) and the cards' photo count. */
describe('photo viewer stage', () => {
  const photos = ['/media/vehicles/hatch-white.svg', '/media/vehicles/hatch-white.svg?view=2'];
  const renderStage = () => {
    const actor = createActor(photoViewerMachine, { input: { count: photos.length, index: 0 } }).start();
    render(<PhotoViewerStage actorRef={actor} photos={photos} carName="2021 Mazda CX-5" />);
    return { actor, stage: screen.getByTestId('photo-viewer-stage') };
  };
  const at = (pointerId: number, x: number, y: number) => ({ pointerId, clientX: x, clientY: y });

  it('shows the photo on screen, named by the car and its place in the set', () => {
    renderStage();
    expect(screen.getByRole('img').getAttribute('alt')).toBe('2021 Mazda CX-5 (1 of 2)');
  });

  it('two fingers spreading zoom in by the ratio of their distances; closing them fits the photo again', () => {
    const { actor, stage } = renderStage();
    fireEvent.pointerDown(stage, at(1, 100, 100));
    fireEvent.pointerDown(stage, at(2, 200, 100));
    fireEvent.pointerMove(stage, at(2, 300, 100));
    expect(actor.getSnapshot().context.scale).toBe(2);
    expect(stage.hasAttribute('data-zoomed')).toBe(true);
    expect((stage.firstElementChild as HTMLElement).style.transform).toBe('translate(0%, 0%) scale(2)');
    fireEvent.pointerMove(stage, at(2, 150, 100));
    expect(stage.hasAttribute('data-zoomed')).toBe(false);
    fireEvent.pointerUp(stage, at(2, 150, 100));
    fireEvent.pointerUp(stage, at(1, 100, 100));
    // The pinch's end is no swipe.
    expect(actor.getSnapshot().context.index).toBe(0);
  });

  it('a stroke to the left shows the next photo; two taps in quick succession zoom', () => {
    const { actor, stage } = renderStage();
    fireEvent.pointerDown(stage, at(1, 300, 100));
    fireEvent.pointerMove(stage, at(1, 200, 110));
    fireEvent.pointerUp(stage, at(1, 200, 110));
    expect(actor.getSnapshot().context.index).toBe(1);
    expect(screen.getByRole('img').getAttribute('alt')).toBe('2021 Mazda CX-5 (2 of 2)');
    fireEvent.pointerDown(stage, at(1, 150, 100));
    fireEvent.pointerUp(stage, at(1, 150, 100));
    fireEvent.pointerDown(stage, at(1, 152, 101));
    fireEvent.pointerUp(stage, at(1, 152, 101));
    expect(stage.hasAttribute('data-zoomed')).toBe(true);
  });
});

describe('photo count on a card', () => {
  it('shows "📷 12" and says "12 photos"; one photo is "1 photo"; none shows nothing', () => {
    const { container, rerender } = render(<PhotoCount count={12} />);
    expect(screen.getByTestId('photo-count').textContent).toBe('📷 1212 photos');
    expect(screen.getByText('12 photos')).toBeTruthy();
    rerender(<PhotoCount count={1} />);
    expect(screen.getByText('1 photo')).toBeTruthy();
    rerender(<PhotoCount count={0} />);
    expect(container.textContent).toBe('');
  });
});
