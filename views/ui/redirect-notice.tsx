import { Link, Redirect } from 'wouter';
import { pageStyles } from './page-styles.ts';

/**
 * A page that settled only to send the shopper elsewhere (a gated route's sign-in, a finance route
 * that is another's): it replaces the address with `to`, and shows the link meanwhile. On a first
 * load the server answers 302 instead (the page's `head.redirectTo`).
 */
export function RedirectNotice({ to, heading, label }: { to: string; heading?: string; label: string }) {
  return (
    <section className={pageStyles.narrow}>
      <Redirect to={to} replace />
      {heading && <h1 className={pageStyles.heading}>{heading}</h1>}
      <p className={pageStyles.text}>
        <Link href={to} className={pageStyles.link}>
          {label}
        </Link>
      </p>
    </section>
  );
}
