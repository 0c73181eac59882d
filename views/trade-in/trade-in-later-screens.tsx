import { useSelector } from '@xstate/react';
import type { TradeInActorRef } from '../../machines/trade-in/trade-in.machine.ts';
import { selectPhotoUpload, type TradeInScreen } from '../../machines/trade-in/trade-in.selectors.ts';
import { DetailsStep } from './details-step.tsx';
import { PhotosStep } from './photos-step.tsx';
import { SelectionStep } from './selection-step.tsx';
import { TradeInNotFound } from './trade-in-not-found.tsx';
import { TradeInAccepted, TradeInOffer } from './trade-in-offer.tsx';

/**
 * The wizard's screens after Step One (§4): the not-found screen, Steps Two to Four, the offer and its
 * acceptance. Every visit starts at Step One, so these load on the shopper's intent there
 * (`trade-in-wizard.tsx`), out of the page's first load (issue 38 item 3).
 */
export function TradeInLaterScreen({
  actorRef,
  screen,
}: {
  actorRef: TradeInActorRef;
  screen: TradeInScreen;
}) {
  const photoUpload = useSelector(actorRef, selectPhotoUpload);
  switch (screen) {
    case 'notFound':
      return <TradeInNotFound actorRef={actorRef} />;
    case 'vehicleSelection':
      return <SelectionStep actorRef={actorRef} />;
    case 'uploadImages':
      return photoUpload ? <PhotosStep actorRef={photoUpload} /> : null;
    case 'yourDetails':
      return <DetailsStep actorRef={actorRef} />;
    case 'accepted':
      return <TradeInAccepted />;
    default:
      return <TradeInOffer actorRef={actorRef} />;
  }
}
