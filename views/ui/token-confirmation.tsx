import type { ReactNode } from 'react';
import { pageStyles } from './page-styles.ts';

/**
 * A page an emailed link opens (confirm a saved search, unsubscribe): opening it changes nothing —
 * mail scanners follow links — so it asks, and the shopper's press does the change. Its machine owns
 * the steps; this renders them.
 */
export function TokenConfirmation({
  title,
  done,
  ask,
  error,
  busy,
  action,
  onConfirm,
}: {
  /** The heading before and after the change. */
  title: { asking: string; done: string };
  /** What the page says once the change is made; null until then. */
  done: ReactNode | null;
  /** What the change will do, above the button. */
  ask: string;
  error: string | null;
  /** The change is on its way: the button waits. */
  busy: boolean;
  /** The button's label, and its label while busy. */
  action: { idle: string; busy: string };
  onConfirm: () => void;
}) {
  return (
    <section className={pageStyles.narrow}>
      <h1 className={pageStyles.heading}>{done ? title.done : title.asking}</h1>
      {done ? (
        <p role="status" className={pageStyles.text}>
          {done}
        </p>
      ) : (
        <>
          <p className={pageStyles.text}>{ask}</p>
          {error && (
            <p role="alert" className={pageStyles.alert}>
              {error}
            </p>
          )}
          <p className={pageStyles.row}>
            <button type="button" className={pageStyles.primary} disabled={busy} onClick={onConfirm}>
              {busy ? action.busy : action.idle}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
