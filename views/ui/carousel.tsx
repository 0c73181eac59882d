import { useActorRef, useSelector } from '@xstate/react';
import { Children, type ReactNode, useEffect, useId, useRef } from 'react';
import { carouselMachine } from '../../machines/carousel/carousel.machine.ts';
import {
  selectCanNext,
  selectCanPrevious,
  selectShowsHint,
} from '../../machines/carousel/carousel.selectors.ts';
import { css } from '../../styled-system/css';
import { inspectOption } from '../app/inspector.ts';
import { useEmitted } from '../app/use-emitted.ts';

const track = css({
  display: 'flex',
  gap: '4',
  overflowX: 'auto',
  scrollSnapType: 'x',
  scrollbar: 'hidden',
  listStyle: 'none',
  pb: '1',
});
// One card and a glimpse of the next on a phone, two on a tablet, three on a wide screen (§9 "3
// columns above 3 locations").
const item = css({
  flexShrink: 0,
  scrollSnapAlign: 'start',
  w: { base: '[85%]', md: '[calc((100% - 1rem) / 2)]', lg: '[calc((100% - 2rem) / 3)]' },
  '& > *': { h: 'full' },
});
const controls = css({ display: 'flex', alignItems: 'center', gap: '2', mt: '3' });
const hint = css({ flex: '1', fontSize: 'sm', color: 'fgMuted', '&[data-hidden]': { visibility: 'hidden' } });
const arrow = css({
  w: '10',
  h: '10',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'surface',
  fontSize: 'lg',
  cursor: 'pointer',
  _disabled: { opacity: '0.4', cursor: 'default' },
});

/** The card nearest the track's left edge: where the row came to rest. */
function firstInView(list: HTMLElement): number {
  const [first, second] = list.children as unknown as HTMLElement[];
  if (!first) return 0;
  const step = second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
  return step > 0 ? Math.round(list.scrollLeft / step) : 0;
}

/** How long the row must be still before the machine hears where it stopped (an arrow's scroll glides). */
const SETTLE_MS = 120;

/**
 * A row of cards that scrolls sideways (spec doc 2 §2 "a carousel of location cards with a swipe hint";
 * its previous and next arrows disabled at the ends), driven by the carousel machine: the arrows move
 * one card, a swipe tells the machine where the row stopped, and a resize how many cards fit. The
 * hint and the arrows keep their place whatever they show, so nothing shifts once it is measured.
 */
export function Carousel({
  label,
  itemName,
  hintText,
  children,
}: {
  /** The carousel's accessible name, e.g. "Our locations". */
  label: string;
  /** What one card is, for the arrows' names: "location" → "Previous location". */
  itemName: string;
  hintText: string;
  children: ReactNode;
}) {
  const cards = Children.toArray(children);
  const actorRef = useActorRef(carouselMachine, { input: { count: cards.length }, inspect: inspectOption() });
  const canPrevious = useSelector(actorRef, selectCanPrevious);
  const canNext = useSelector(actorRef, selectCanNext);
  const showsHint = useSelector(actorRef, selectShowsHint);
  const listRef = useRef<HTMLUListElement>(null);
  /** The wait for the row to be still, after which the machine hears where it stopped. */
  const settling = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  useEmitted(actorRef, {
    'carousel.scrollTo': ({ index }) => {
      // An arrow pressed just as a glide came to rest: that rest's report, still waiting, would tell
      // the machine the old place after the press, and the press would be lost.
      clearTimeout(settling.current);
      const list = listRef.current;
      const card = list?.children[index] as HTMLElement | undefined;
      if (!list || !card) return;
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      list.scrollTo({ left: card.offsetLeft - list.offsetLeft, behavior: still ? 'instant' : 'smooth' });
    },
  });

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const first = list.children[0] as HTMLElement | undefined;
      if (first && first.offsetWidth > 0)
        actorRef.send({ type: 'carousel.measured', shown: (list.clientWidth + 1) / first.offsetWidth });
    };
    const onScroll = () => {
      clearTimeout(settling.current);
      settling.current = setTimeout(
        () => actorRef.send({ type: 'carousel.scrolled', index: firstInView(list) }),
        SETTLE_MS,
      );
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(list);
    list.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer?.disconnect();
      list.removeEventListener('scroll', onScroll);
      clearTimeout(settling.current);
    };
  }, [actorRef]);

  return (
    <section aria-roledescription="carousel" aria-label={label}>
      <ul ref={listRef} id={id} className={track} data-testid="carousel-track">
        {cards.map((card, index) => (
          <li key={(card as { key?: string | null }).key ?? index} className={item}>
            {card}
          </li>
        ))}
      </ul>
      <div className={controls}>
        <p className={hint} data-hidden={showsHint ? undefined : ''} aria-hidden={!showsHint}>
          {hintText}
        </p>
        <button
          type="button"
          className={arrow}
          aria-label={`Previous ${itemName}`}
          aria-controls={id}
          disabled={!canPrevious}
          onClick={() => actorRef.send({ type: 'carousel.previous' })}
        >
          ‹
        </button>
        <button
          type="button"
          className={arrow}
          aria-label={`Next ${itemName}`}
          aria-controls={id}
          disabled={!canNext}
          onClick={() => actorRef.send({ type: 'carousel.next' })}
        >
          ›
        </button>
      </div>
    </section>
  );
}
