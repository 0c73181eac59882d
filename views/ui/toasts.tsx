import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/*
 * Toasts (sonner) load on the first toast, not with the page: most visits never see one, so the
 * toaster's code (10 kB) is neither downloaded nor run for them. The first `showSuccessToast` mounts
 * the toaster, waits until it listens, then shows the toast.
 */

let wanted = false;
const listeners = new Set<() => void>();
let markListening: () => void = () => undefined;
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const Toaster = lazy(() =>
  import('sonner').then((module) => ({
    default: function ListeningToaster() {
      // Runs after sonner's own effects (children first), so its subscription is in place.
      useEffect(() => markListening(), []);
      return <module.Toaster visibleToasts={1} position="top-center" />;
    },
  })),
);

/** The one toaster of the app (spec: at most one toast at a time), mounted by the first toast. */
export function AppToaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Shows a success toast; one with the same `id` replaces the last. */
export function showSuccessToast(title: string, options: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void listening.then(() => import('sonner')).then(({ toast }) => toast.success(title, options));
}
