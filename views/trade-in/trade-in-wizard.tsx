import { useSelector } from '@xstate/react';
import type { TradeInActorRef } from '../../machines/trade-in/trade-in.machine.ts';
import { selectPhotoUpload, selectScreen } from '../../machines/trade-in/trade-in.selectors.ts';
import { DetailsStep } from './details-step.tsx';
import { PhotosStep } from './photos-step.tsx';
import { RegoStep } from './rego-step.tsx';
import { SelectionStep } from './selection-step.tsx';
import { TradeInNotFound } from './trade-in-not-found.tsx';
import { TradeInAccepted, TradeInOffer } from './trade-in-offer.tsx';

/**
 * The trade-in / instant-offer wizard (`locations-forms-tradein-site.md` §4): the `tradeIn` machine's
 * screen — a step, the not-found screen, the offer or its acceptance. Each step's values go to the
 * machine as entered; its schema, the one the server applies, decides there.
 */
export function TradeInWizard({ actorRef }: { actorRef: TradeInActorRef }) {
  const screen = useSelector(actorRef, selectScreen);
  const photoUpload = useSelector(actorRef, selectPhotoUpload);
  switch (screen) {
    case 'vehicleDetails':
      return <RegoStep actorRef={actorRef} />;
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
