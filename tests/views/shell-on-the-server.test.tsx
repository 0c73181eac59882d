import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { shellMachine } from '../../machines/shell/shell.machine.ts';
import { ShellProvider, useIsSignedIn } from '../../views/app/shell.tsx';
import { createAppDeps, shellLogic } from '../../views/app/wiring.ts';
import { testQueries } from './support/query-cache.ts';

const deps = () =>
  createAppDeps({
    baseUrl: 'http://bayside-mazda.localhost',
    fetch: async () => new Response('{}', { status: 500 }),
    queries: testQueries(),
  });

/** What a header reads: whether the shopper is signed in (the server's word until the list loads). */
function SignedIn() {
  return <p>signed in: {String(useIsSignedIn())}</p>;
}

/** What a first state shows: the shell's and each child's state and context, as the views read them. */
function firstState(logic: typeof shellMachine) {
  const shell = createActor(logic);
  const { children, value } = shell.getSnapshot();
  return {
    value,
    children: Object.fromEntries(
      Object.entries(children).map(([id, child]) => {
        const snapshot = child?.getSnapshot() as { value: unknown; context: unknown };
        return [id, { value: snapshot.value, context: snapshot.context }];
      }),
    ),
  };
}

describe("the server's shell (issue 38 item 1)", () => {
  it('starts in the same state, children and context as the browser’s, so the render hydrates as it was sent', () => {
    const bare = firstState(shellMachine);
    expect(Object.keys(bare.children).sort()).toEqual(['compare', 'favourites', 'watchlist']);
    expect(bare).toEqual(firstState(shellLogic(deps())));
  });

  it('renders the shell without starting it: no call leaves the server for the watchlist', () => {
    const calls: string[] = [];
    const serverDeps = createAppDeps({
      baseUrl: 'http://bayside-mazda.localhost',
      fetch: async (request) => {
        calls.push(String(request instanceof Request ? request.url : request));
        return new Response('{}', { status: 500 });
      },
      queries: testQueries(),
    });
    const html = renderToString(
      <ShellProvider deps={serverDeps} signedIn server>
        <SignedIn />
      </ShellProvider>,
    );
    expect(html).toBe('<p>signed in: <!-- -->true</p>');
    expect(calls).toEqual([]);
  });
});
