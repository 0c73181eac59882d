import { useSelector } from '@xstate/react';
import type { VehiclePageActorRef } from '../../machines/vehicle-page/vehicle-page.machine.ts';
import {
  selectCollapsibleSections,
  selectFinanceDisclaimer,
  selectPdfDownload,
  selectPhoneReveal,
} from '../../machines/vehicle-page/vehicle-page.selectors.ts';
import type { VehicleView } from '../../machines/vehicle-page/vehicle-view.ts';
import { css } from '../../styled-system/css';
import { IntentPart, intentPart } from '../ui/intent-part.tsx';
import { MoreCarsSlot } from '../ui/more-cars-slot.tsx';
import { DriveAwayEstimate } from './drive-away-estimate.tsx';
import { FeatureLinks } from './feature-links.tsx';
import { FinanceSummary } from './finance-summary.tsx';
import { PhoneActionBar } from './phone-action-bar.tsx';
import { SoldNotice } from './sold-notice.tsx';
import { VehicleDetailsBox } from './vehicle-details-box.tsx';
import { VehicleGallery } from './vehicle-gallery.tsx';
import { VehicleHeading } from './vehicle-heading.tsx';
import { VehicleSidebar } from './vehicle-sidebar.tsx';

// The tabs and the sections show at first paint and work once the shopper acts: their code (and Ark's)
// is not in the page's first load (issue 38 item 3). The tabs' loads on intent; the sections' once the
// page has hydrated, as they reopen the sections the shopper left open.
const detailTabs = intentPart(() => import('./detail-tabs.tsx').then((module) => module.DetailTabs));
// The price history's chart and table (issue 19 item 3) only show: their code comes as they near the
// screen, the server's markup standing until then (issue 38 item 3 names the chart).
const priceHistory = intentPart(() => import('./price-history.tsx').then((module) => module.PriceHistory));
const collapsibleSections = intentPart(
  () => import('./collapsible-sections.tsx').then((module) => module.CollapsibleSections),
  { soon: true },
);
// The enquiry shows at first paint and works once the shopper acts: its form, its machine and the
// lead-sending code under it load on intent, the machine spawned by the page from its wiring
// (decision 134), fetched here beside the form so the page does not wait for it after the form.
const enquiryForm = intentPart(() =>
  Promise.all([import('./enquiry-form.tsx'), import('./wiring.enquiry.ts')]).then(
    ([module]) => module.EnquiryPart,
  ),
);

/**
 * A loaded car page: gallery, heading, finance, details, tabs and sections, with the sidebar beside;
 * on a phone, the price, Call and Enquire in a bar at the foot of the screen.
 */
export function VehicleContent({ actorRef, view }: { actorRef: VehiclePageActorRef; view: VehicleView }) {
  const phoneReveal = useSelector(actorRef, selectPhoneReveal);
  const financeDisclaimer = useSelector(actorRef, selectFinanceDisclaimer);
  const pdfDownload = useSelector(actorRef, selectPdfDownload);
  const sections = useSelector(actorRef, selectCollapsibleSections);
  const enquirable = view.enquirable;
  const requestPhotos = () => actorRef.send({ type: 'enquiry.requestPhotos' });
  return (
    <article
      aria-labelledby="vehicle-title"
      className={css({
        maxW: 'page',
        mx: 'auto',
        px: '4',
        py: '6',
        display: 'grid',
        gap: '6',
        gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
      })}
    >
      <div className={css({ display: 'grid', gap: '6', alignContent: 'start' })}>
        <VehicleGallery car={view.car} />
        <VehicleHeading view={view} />
        {view.sold && <SoldNotice view={view} />}
        {view.finance && financeDisclaimer && (
          <FinanceSummary finance={view.finance} disclaimerRef={financeDisclaimer} />
        )}
        {view.driveAway && <DriveAwayEstimate estimate={view.driveAway} />}
        {view.priceHistory.length > 1 && (
          <IntentPart part={priceHistory} history={view.priceHistory} now={view.now} />
        )}
        <VehicleDetailsBox rows={view.details} />
        <IntentPart part={detailTabs} view={view} />
        {sections && <IntentPart part={collapsibleSections} actorRef={sections} view={view} />}
        {enquirable && <IntentPart part={enquiryForm} actorRef={actorRef} carName={view.car.name} />}
      </div>
      <VehicleSidebar
        view={view}
        phoneReveal={phoneReveal}
        pdfDownload={pdfDownload}
        onRequestPhotos={enquirable ? requestPhotos : undefined}
      />
      <div className={css({ gridColumn: { lg: '1 / -1' } })}>
        <FeatureLinks links={view.featureLinks} />
      </div>
      <MoreCarsSlot
        key={view.car.id}
        car={view.car}
        now={view.now}
        className={css({ gridColumn: { lg: '1 / -1' }, minW: '0' })}
      />
      {(phoneReveal || enquirable) && (
        <PhoneActionBar
          display={view.price}
          phone={view.phone}
          phoneReveal={phoneReveal}
          enquirable={enquirable}
        />
      )}
    </article>
  );
}
