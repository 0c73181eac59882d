import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { SUCCESS_PATH } from '../../domain/site-form-pages.ts';
import type { SuccessPageActorRef } from '../../machines/form-submission/success-page.machine.ts';
import {
  selectSuccessLoading,
  selectSuccessSent,
} from '../../machines/form-submission/success-page.selectors.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { successPageLogic } from './wiring.ts';

/**
 * `/success` (both documents §2 "Shown after a lead is created"): thanks the shopper for what the
 * sent form stored locally — its category, and the car of an enquiry — or in general.
 */
export function SuccessPage({ actorRef }: { actorRef: SuccessPageActorRef }) {
  const site = useSite();
  const loading = useSelector(actorRef, selectSuccessLoading);
  const sent = useSelector(actorRef, selectSuccessSent);
  if (loading) return <PageSkeleton label="Loading" />;
  return (
    <section className={pageStyles.narrow} data-testid="lead-success">
      <h1 className={pageStyles.heading}>Thank you</h1>
      <p className={pageStyles.text}>
        {sent
          ? `We have received your ${whatWasSent(sent.category)}${sent.carName ? ` about the ${sent.carName}` : ''}.`
          : 'We have received your message.'}{' '}
        The {site.name} team will be in touch shortly.
      </p>
      <p className={pageStyles.row}>
        <Link href={site.search.path} className={pageStyles.link}>
          {sent?.carId != null ? 'Keep browsing our stock' : 'Browse our stock'}
        </Link>
        <Link href="/" className={pageStyles.link}>
          Back to the home page
        </Link>
      </p>
    </section>
  );
}

/** A sent lead's category as the thank-you names it. */
function whatWasSent(category: string): string {
  const named: Record<string, string> = {
    'Test Drive': 'test-drive booking',
    'Service Booking': 'service booking',
  };
  return named[category] ?? category.toLowerCase();
}

/** Route `/success`. */
export const successPage = definePage({
  logic: successPageLogic,
  head: (_snapshot, { site }) => ({
    title: `Thank you | ${site.name}`,
    description: `Your message has reached ${site.name}; the team will be in touch shortly.`,
    status: 200,
    canonicalPath: SUCCESS_PATH,
  }),
  View: SuccessPage,
});
