import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { TradeInActorRef } from '../../machines/trade-in/trade-in.machine.ts';
import { selectScreen } from '../../machines/trade-in/trade-in.selectors.ts';
import { loadOnce } from '../app/load-once.ts';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { RegoStep } from './rego-step.tsx';

/** The screens after Step One: loaded on the shopper's intent in Step One (issue 38 item 3). */
const laterScreens = loadOnce(() => import('./trade-in-later-screens.tsx'));
const LaterScreen = lazy(() => laterScreens().then((module) => ({ default: module.TradeInLaterScreen })));
/** Starts that load early; a failed one is left to the screen that needs it, which asks again. */
const preloadLaterScreens = () => {
  void laterScreens().catch(() => undefined);
};

/**
 * The trade-in / instant-offer wizard (`locations-forms-tradein-site.md` §4): the `tradeIn` machine's
 * screen — a step, the not-found screen, the offer or its acceptance. Each step's values go to the
 * machine as entered; its schema, the one the server applies, decides there. Every visit starts at
 * Step One, whose code is in the page's first load; the later screens' code is fetched as the shopper
 * starts on Step One (the pointer over it, focus in it), well before its look-up answers.
 */
export function TradeInWizard({ actorRef }: { actorRef: TradeInActorRef }) {
  const screen = useSelector(actorRef, selectScreen);
  if (screen === 'vehicleDetails') return <RegoStep actorRef={actorRef} onIntent={preloadLaterScreens} />;
  return (
    <Suspense fallback={<PageSkeleton label="Loading the next step" />}>
      <LaterScreen actorRef={actorRef} screen={screen} />
    </Suspense>
  );
}
