import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

/**
 * Whether React renders in the browser after hydration: `false` on the server and while the browser
 * hydrates (it reads the server's answer then), so a part can render exactly the server's markup
 * first and what only the browser knows after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, inBrowser, onServer);
}
