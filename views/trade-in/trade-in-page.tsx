import { useSelector } from '@xstate/react';
import type { TradeInActorRef } from '../../machines/trade-in/trade-in.machine.ts';
import { selectCar, selectIsLoading } from '../../machines/trade-in/trade-in.selectors.ts';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { pageStyles } from '../ui/page-styles.ts';
import { WizardLayout } from '../ui/wizard-layout.tsx';
import { TradeInAside } from './trade-in-aside.tsx';
import { TradeInWizard } from './trade-in-wizard.tsx';
import { tradeInPageLogic } from './wiring.ts';

/** The trade-in page: the wizard beside the car being bought, the FAQ blocks and the buying team's hours (§2, §9). */
export function TradeInPage({ actorRef }: { actorRef: TradeInActorRef }) {
  const site = useSite();
  const loading = useSelector(actorRef, selectIsLoading);
  const car = useSelector(actorRef, selectCar);
  return (
    <WizardLayout
      title="Value your car"
      intro={
        <p className={pageStyles.text}>
          Get an instant offer for your car from {site.name}: enter its registration and we will find it.
        </p>
      }
      aside={<TradeInAside car={car} />}
    >
      {loading ? (
        <PageSkeleton label="Loading the car you are buying" />
      ) : (
        <TradeInWizard actorRef={actorRef} />
      )}
    </WizardLayout>
  );
}

/** Routes `/trade-in`, `/sell-my-car` and `/cars/trade-in?car_id={id}` (§2; not gated). */
export const tradeInPage = definePage({
  logic: tradeInPageLogic,
  input: ({ site, search }) => {
    const carId = new URLSearchParams(search).get('car_id');
    return {
      imageDealerships: site.features.tradeInImageUpload,
      dealershipSlug: site.dealerships.find((d) => d.id === site.dealership_id)?.slug ?? null,
      valuationSave: site.features.valuationSave,
      carId: carId && /^\d{1,9}$/.test(carId) ? Number(carId) : null,
    };
  },
  head: (snapshot, { site, path }) => ({
    title: snapshot.context.car
      ? `Trade in towards the ${snapshot.context.car.name} | ${site.name}`
      : `Value your car | ${site.name}`,
    description: `Get an instant trade-in offer for your car from ${site.name}.`,
    status: 200,
    canonicalPath: path.split('?')[0] ?? '/trade-in',
  }),
  View: TradeInPage,
});
