import { type ComponentType, memo, Suspense, use, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useHydrated } from './use-hydrated.ts';
import { INTENT_EVENTS } from './use-intent.ts';
import { useNear } from './use-near.ts';

/** A part's module: loaded once, on intent in the browser and before any render on the server. */
export interface IntentPartModule<Props> {
  /** Loads the module (once); settles when its component is in. */
  start(): Promise<void>;
  /** The part's component once its module has loaded. */
  component(): ComponentType<Props> | null;
  /** Whether it loads as soon as the page has hydrated rather than on intent. */
  soon: boolean;
}

/** How to load every intent part of the pages loaded so far. */
const parts = new Set<() => Promise<void>>();

/** Loads the module of every intent part of the pages loaded so far: the server, before it renders. */
export async function loadIntentParts(): Promise<void> {
  await Promise.all([...parts].map((start) => start()));
}

/**
 * Declares a part whose code loads on intent (see `IntentPart`); call it at a module's top level.
 * `soon`: it loads as soon as the page has hydrated instead — still after the first load — for a
 * part that restores what the shopper left (the car page's open sections).
 */
export function intentPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { soon = false }: { soon?: boolean } = {},
): IntentPartModule<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<void> | null = null;
  const part: IntentPartModule<Props> = {
    start: () => {
      loading ??= load().then(
        (component) => {
          loaded = component;
          if (loading) fulfilled(loading);
        },
        (error: unknown) => {
          // A chunk that failed to load (the connection dropped) is asked for again on the next intent.
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    component: () => loaded,
    soon,
  };
  parts.add(part.start);
  return part;
}

/**
 * Marks a promise fulfilled the way React's `use` reads it (as TanStack Query's thenables do), so a
 * render that asks for one already settled goes on at once instead of suspending for a microtask.
 */
function fulfilled(promise: Promise<void>): void {
  Object.assign(promise, { status: 'fulfilled', value: undefined });
}

/** A promise settled from outside: the shopper's intent, once the part's code is in. */
function intentSignal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = () => {
      fulfilled(promise);
      done();
    };
  });
  return { promise, resolve };
}

function Gate<Props extends object>({
  part,
  props,
  intent,
  onHydrated,
}: {
  part: IntentPartModule<Props>;
  props: Props;
  intent: Promise<void>;
  onHydrated: () => void;
}) {
  const hydrating = !useHydrated();
  useEffect(() => onHydrated(), [onHydrated]);
  // Its code, once in, settles it (the server loads it first); until then, hydrating, it waits for
  // the shopper's intent, and rendered afresh, for the code. Always asked: React wants the same `use`
  // calls in every render of a component.
  use(part.component() || !hydrating ? part.start() : intent);
  const Part = part.component();
  return Part && <Part {...props} />;
}

function IntentPartView<Props extends object>({ part, ...rest }: { part: IntentPartModule<Props> } & Props) {
  const props = rest as unknown as Props;
  const [intent] = useState(intentSignal);
  const hydrated = useRef(false);
  const listening = useRef<AbortController | null>(null);
  const dropped = useRef<HTMLElement | null>(null);
  const element = useNear(() => {
    void part.start().then(intent.resolve, () => undefined);
  });
  useEffect(() => {
    if (hydrated.current) return;
    if (part.soon) void part.start().then(intent.resolve, () => undefined);
    const watch = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Node) || !element.current?.contains(target)) return;
      // Until the part has hydrated and its effects have run, a click in it is kept for then: its
      // default stopped (a submit button would send the form as a page load, a link would leave) and
      // React never sees it. Without the code React cannot handle it; with the code in, React would
      // hydrate the part there and then and hand it the click before the part's effects had run —
      // before an Ark widget's machine had started, which may drop it.
      if (event.type === 'click' && target instanceof HTMLElement) {
        event.preventDefault();
        event.stopPropagation();
        dropped.current = target;
      }
      void part.start().then(intent.resolve, () => undefined);
    };
    // On the document and capturing: React stops these events at its root while the part waits.
    const controller = new AbortController();
    listening.current = controller;
    for (const type of INTENT_EVENTS) {
      document.addEventListener(type, watch, { capture: true, passive: true, signal: controller.signal });
    }
    document.addEventListener('click', watch, { capture: true, signal: controller.signal });
    return () => controller.abort();
  }, [element, intent, part]);
  // The element React last told the part has focus: focus that came before the part hydrated, React
  // never passed on.
  const focusSeen = useRef<EventTarget | null>(null);
  const [onHydrated] = useState(() => () => {
    hydrated.current = true;
    listening.current?.abort();
    const click = dropped.current;
    dropped.current = null;
    // After the event being handled, if any: React may hydrate the part for a focus and then pass it on.
    queueMicrotask(() => {
      // A press focuses its button before it clicks. The part's widgets missed that focus, and some
      // act on a click only when focused (Ark's accordion ignores a click on a trigger it has not seen
      // focused), so the part hears of the focus it has before the kept click is replayed.
      const focused = document.activeElement;
      if (focused && focused !== focusSeen.current && element.current?.contains(focused)) {
        // Rendered before the click, so a handler reading its state sees the focus.
        flushSync(() => focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true })));
      }
      if (click?.isConnected) click.click();
    });
  });
  return (
    <div
      ref={element}
      onFocusCapture={(event) => {
        focusSeen.current = event.target;
      }}
      onBlurCapture={() => {
        focusSeen.current = null;
      }}
    >
      <Suspense fallback={null}>
        <Gate part={part} props={props} intent={intent.promise} onHydrated={onHydrated} />
      </Suspense>
    </div>
  );
}

/**
 * A part of a page that shows at first paint but does something only once the shopper acts (tabs,
 * sections that open; issue 38 item 3), with its code out of the page's first load. The server
 * renders it whole (`loadIntentParts` loads its module first); the browser hydrates the page without
 * it and React keeps the server's markup as it is — no flash, no layout shift — until its code has
 * arrived, fetched on the shopper's intent: the pointer over it, a touch, focus inside it, or the part
 * coming near the screen. A click on the part before it has hydrated is kept — its default action
 * stopped (a submit button would otherwise send its form as a page load) and out of React's reach —
 * and replayed once the part has hydrated and its effects have run: React 19 drops a click on a part
 * it cannot hydrate yet, and one it can it hands over before the part's widgets have started. The
 * focus the press gave its button is passed on first, as React dropped that too. Rendered after a
 * navigation, it shows when its code arrives.
 * Its props must keep their identity while the page runs: an update before it hydrates would make
 * React render it afresh.
 */
export const IntentPart = memo(IntentPartView) as typeof IntentPartView;
