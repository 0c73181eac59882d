import { act, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusAfterNavigation } from '../../views/layout/use-focus-after-navigation.ts';

/** The site layout's main region, as far as the focus goes. */
function Main({ children }: { children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  useFocusAfterNavigation(main);
  return <main ref={main}>{children}</main>;
}

/** A link's navigation as wouter makes it: the address, then its `pushState` event. */
function navigate(path: string): void {
  act(() => {
    history.pushState(null, '', path);
    dispatchEvent(new Event('pushState'));
  });
}

const frames = (count: number) =>
  new Promise<void>((done) => {
    const next = (left: number) => (left ? requestAnimationFrame(() => next(left - 1)) : done());
    next(count);
  });

afterEach(() => history.replaceState(null, '', '/'));

describe('where a navigation leaves the focus (issue 31 item 12)', () => {
  it('a page whose heading arrives late: the main region holds the focus, then the new heading takes it, never the old page’s', async () => {
    const view = render(
      <Main>
        <h1>Search</h1>
      </Main>,
    );
    navigate('/cars/late');
    // The old page stays on screen for a few frames before the new one renders.
    await frames(3);
    expect(screen.getByRole('heading', { name: 'Search' })).not.toBe(document.activeElement);
    view.rerender(
      <Main>
        <p>Loading</p>
      </Main>,
    );
    await waitFor(() => expect(screen.getByRole('main')).toBe(document.activeElement));
    view.rerender(
      <Main>
        <h1>2026 Mazda CX-5</h1>
      </Main>,
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: '2026 Mazda CX-5' })).toBe(document.activeElement),
    );
  });

  it('focus the new page gave a field stays there when the heading shows', async () => {
    const view = render(
      <Main>
        <h1>Search</h1>
      </Main>,
    );
    navigate('/sign-in');
    view.rerender(
      <Main>
        <input key="email" aria-label="Email" />
      </Main>,
    );
    act(() => screen.getByRole('textbox', { name: 'Email' }).focus());
    view.rerender(
      <Main>
        <h1>Sign in</h1>
        <input key="email" aria-label="Email" />
      </Main>,
    );
    await frames(40);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBe(document.activeElement);
  });
});
