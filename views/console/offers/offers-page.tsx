import { useSelector } from '@xstate/react';
import type { OffersPageActorRef } from '../../../machines/console-offers/offers-page.machine.ts';
import {
  selectDealerships,
  selectDraft,
  selectEnding,
  selectError,
  selectIsBusy,
  selectIsLoading,
  selectOffers,
  selectStatus,
} from '../../../machines/console-offers/offers-page.selectors.ts';
import { button } from '../../../styled-system/recipes';
import { DialogShell } from '../../ui/dialog-shell.tsx';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { consoleStyles } from '../layout/console-styles.ts';
import { OfferFormSection } from './offer-form.tsx';
import { OfferList } from './offer-list.tsx';
import { offersPageLogic } from './wiring.ts';

/** The question before an offer is ended: it names the offer and says it leaves the site at once. */
function EndOfferDialog({ actorRef }: { actorRef: OffersPageActorRef }) {
  const ending = useSelector(actorRef, selectEnding);
  return (
    <DialogShell
      title={ending ? `End “${ending.offer.title}”?` : ''}
      closeLabel="Cancel"
      testId="end-offer"
      root={{
        open: ending !== null,
        lazyMount: true,
        unmountOnExit: true,
        onOpenChange: ({ open }) => {
          if (!open && !ending?.busy) actorRef.send({ type: 'end.cancel' });
        },
      }}
    >
      {ending && (
        <>
          <DialogShell.Description>
            The offer leaves the site at once and cannot be started again.
          </DialogShell.Description>
          <div className={pageStyles.row}>
            <button
              type="button"
              className={button()}
              disabled={ending.busy}
              aria-busy={ending.busy}
              onClick={() => actorRef.send({ type: 'end.confirm' })}
            >
              End offer
            </button>
            <button
              type="button"
              className={button({ variant: 'ghost' })}
              disabled={ending.busy}
              onClick={() => actorRef.send({ type: 'end.cancel' })}
            >
              Cancel
            </button>
          </div>
        </>
      )}
    </DialogShell>
  );
}

/**
 * `/dealer/offers` (managers, issue 36 item 6): the site's promotions with their days, state and
 * where they show; add or edit one in the form (its picture uploaded through the photo pipeline),
 * end one behind a question. A change shows on the site at once.
 */
export function OffersPage({ actorRef }: { actorRef: OffersPageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const error = useSelector(actorRef, selectError);
  const offers = useSelector(actorRef, selectOffers);
  const dealerships = useSelector(actorRef, selectDealerships);
  const draft = useSelector(actorRef, selectDraft);
  const busy = useSelector(actorRef, selectIsBusy);
  const { notice, problem } = useSelector(actorRef, selectStatus);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading) return <PageSkeleton label="Loading offers" />;
  return (
    <section className={consoleStyles.page}>
      <h1 className={pageStyles.heading}>Offers</h1>
      <p className={pageStyles.text}>
        Your promotions on the site's offers page and home page. A change shows on the site at once.
      </p>
      <p role="status" className={problem ? pageStyles.alert : consoleStyles.status}>
        {problem ?? notice ?? ''}
      </p>
      {draft ? (
        <OfferFormSection actorRef={actorRef} />
      ) : (
        <div className={pageStyles.row}>
          <button type="button" className={button()} onClick={() => actorRef.send({ type: 'offer.new' })}>
            Add an offer
          </button>
        </div>
      )}
      <OfferList
        offers={offers}
        dealerships={dealerships}
        busy={busy || draft !== null}
        onEdit={(id) => actorRef.send({ type: 'offer.edit', id })}
        onEnd={(id) => actorRef.send({ type: 'end.ask', id })}
      />
      <EndOfferDialog actorRef={actorRef} />
    </section>
  );
}

/** Route `/dealer/offers`: the site's offers, added, changed and ended here. */
export const offersPage = defineConsolePage({
  logic: offersPageLogic,
  head: (snapshot, { site }) => ({
    title: consolePageTitle('Offers', site),
    status: snapshot.matches('failed') ? 500 : 200,
  }),
  View: OffersPage,
});
