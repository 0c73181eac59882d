import { act } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { IntentPart, intentPart } from '../../views/ui/intent-part.tsx';

/** A part that does something once the shopper acts: a button that counts its clicks. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`${label} ${count}`}
    </button>
  );
}

/** A part with a form: it counts the submissions it handles itself. */
function Form() {
  const [sent, setSent] = useState(0);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSent(sent + 1);
      }}
    >
      <output>{`Sent ${sent}`}</output>
      <button type="submit">Next</button>
    </form>
  );
}

/** A part like Ark's accordion trigger: a click counts only once the button has seen its focus. */
function FocusFirst({ label }: { label: string }) {
  const [focused, setFocused] = useState(false);
  const [count, setCount] = useState(0);
  return (
    <button
      type="button"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={() => {
        if (focused) setCount(count + 1);
      }}
    >
      {`${label} ${count}`}
    </button>
  );
}

/** A part whose code arrives when the test says: the browser's copy, before and after its chunk. */
function heldPart() {
  let arrive: () => void = () => undefined;
  const code = new Promise<ComponentType<{ label: string }>>((done) => {
    arrive = () => done(Counter);
  });
  return { part: intentPart(() => code), arrive };
}

const container = document.createElement('div');
document.body.append(container);
afterEach(() => {
  container.replaceChildren();
});

describe('a part whose code loads on intent (issue 38 item 3)', () => {
  it('the server renders it whole; the browser keeps that markup until the code arrives, then replays a click that came first', async () => {
    const server = intentPart(async () => Counter);
    await server.start();
    const html = renderToString(<IntentPart part={server} label="Clicks" />);
    expect(html).toContain('>Clicks 0</button>');
    container.innerHTML = html;

    const browser = heldPart();
    const root = await act(async () =>
      hydrateRoot(container, <IntentPart part={browser.part} label="Clicks" />),
    );
    expect(container.innerHTML).toBe(html);
    const button = container.querySelector('button');
    await act(async () => button?.click());
    expect(button?.textContent).toBe('Clicks 0');

    await act(async () => browser.arrive());
    expect(container.querySelector('button')).toBe(button);
    expect(button?.textContent).toBe('Clicks 1');
    await act(async () => button?.click());
    expect(button?.textContent).toBe('Clicks 2');
    act(() => root.unmount());
  });

  it('a submit pressed before the code arrives does not send the form as a page load: the part sends it once hydrated', async () => {
    const server = intentPart(async () => Form);
    await server.start();
    container.innerHTML = renderToString(<IntentPart part={server} />);
    let arrive: () => void = () => undefined;
    const browser = intentPart(
      () =>
        new Promise<ComponentType>((done) => {
          arrive = () => done(Form);
        }),
    );
    const root = await act(async () => hydrateRoot(container, <IntentPart part={browser} />));
    const form = container.querySelector('form');
    const nativeSubmits: Event[] = [];
    form?.addEventListener('submit', (event) => nativeSubmits.push(event));
    await act(async () => container.querySelector('button')?.click());
    expect(nativeSubmits).toHaveLength(0);

    await act(async () => arrive());
    expect(nativeSubmits).toHaveLength(1);
    expect(nativeSubmits[0]?.defaultPrevented).toBe(true);
    expect(container.querySelector('output')?.textContent).toBe('Sent 1');
    act(() => root.unmount());
  });

  it('a part whose code failed to load is asked for again on the next press, and that press is replayed', async () => {
    const server = intentPart(async () => Counter);
    await server.start();
    container.innerHTML = renderToString(<IntentPart part={server} label="Clicks" />);
    let attempts = 0;
    let arrive: () => void = () => undefined;
    const browser = intentPart(() => {
      attempts += 1;
      if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      return new Promise<ComponentType<{ label: string }>>((done) => {
        arrive = () => done(Counter);
      });
    });
    const root = await act(async () => hydrateRoot(container, <IntentPart part={browser} label="Clicks" />));
    const button = container.querySelector('button');
    try {
      // The part came near as the page hydrated, and that first load failed.
      await act(async () => undefined);
      expect(attempts).toBe(1);
      // The press asks for the code again, and is kept until it arrives.
      await act(async () => button?.click());
      expect(attempts).toBe(2);
      expect(button?.textContent).toBe('Clicks 0');
      await act(async () => arrive());
      expect(button?.textContent).toBe('Clicks 1');
    } finally {
      act(() => root.unmount());
    }
  });

  it('a press (focus, then click) before the code arrives reaches a widget that acts only when focused', async () => {
    const server = intentPart(async () => FocusFirst);
    await server.start();
    container.innerHTML = renderToString(<IntentPart part={server} label="Opened" />);
    let arrive: () => void = () => undefined;
    const browser = intentPart(
      () =>
        new Promise<ComponentType<{ label: string }>>((done) => {
          arrive = () => done(FocusFirst);
        }),
    );
    const root = await act(async () => hydrateRoot(container, <IntentPart part={browser} label="Opened" />));
    const button = container.querySelector('button');
    try {
      // As a mouse press does: the button takes focus, then the click comes.
      await act(async () => {
        button?.focus();
        button?.click();
      });
      expect(button?.textContent).toBe('Opened 0');
      await act(async () => arrive());
      expect(document.activeElement).toBe(button);
      expect(button?.textContent).toBe('Opened 1');
    } finally {
      act(() => root.unmount());
    }
  });

  it('rendered in the browser after a navigation, it shows once its code arrives', async () => {
    const browser = heldPart();
    const root = createRoot(container);
    await act(async () => root.render(<IntentPart part={browser.part} label="Clicks" />));
    expect(container.querySelector('button')).toBeNull();
    await act(async () => browser.arrive());
    expect(container.querySelector('button')?.textContent).toBe('Clicks 0');
    act(() => root.unmount());
  });
});
