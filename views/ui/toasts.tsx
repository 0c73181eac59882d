import { lazy, Suspense, useEffect, useState } from 'react';
import type { ExternalToast } from 'sonner';

/*
 * Toasts (sonner) load apart from the first page's JavaScript: a shopper sees one only after an
 * action, so the toaster arrives just after hydration and a toast's call loads the same chunk.
 */

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** The one toaster of the app (spec: at most one toast at a time). Nothing on the server. */
export function AppToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} position="top-center" />
    </Suspense>
  );
}

/** Shows a success toast; one with the same `id` replaces the last. */
export function showSuccessToast(title: string, options: ExternalToast): void {
  void import('sonner').then(({ toast }) => toast.success(title, options));
}
