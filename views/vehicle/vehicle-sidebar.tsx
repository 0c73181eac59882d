import { Link } from 'wouter';
import { carButtons } from '../../domain/car-buttons.ts';
import type { PdfDownloadActorRef } from '../../machines/pdf-download/pdf-download.machine.ts';
import type { PhoneRevealActorRef } from '../../machines/phone-reveal/phone-reveal.machine.ts';
import type { VehicleView } from '../../machines/vehicle-page/vehicle-view.ts';
import { css } from '../../styled-system/css';
import { card as cardRecipe } from '../../styled-system/recipes';
import { useSite } from '../app/site-context.tsx';
import { CarSaveControl } from '../ui/car-save-control.tsx';
import { CompareButton } from '../ui/compare-button.tsx';
import { ContactPhoneBox } from './contact-phone-box.tsx';
import { FinanceCard } from './finance-card.tsx';
import { PdfDownloadButton } from './pdf-download-button.tsx';

const actionsInView = css({
  display: 'grid',
  gap: '4',
  lg: { position: 'sticky', top: '4', zIndex: 'docked', bg: 'canvas' },
});
const card = `${cardRecipe().root} ${css({ display: 'grid', gap: '3' })}`;
const action = css({
  display: 'block',
  textAlign: 'center',
  px: '4',
  py: '3',
  borderRadius: 'control',
  fontWeight: 'semibold',
  textDecoration: 'none',
  borderWidth: '2px',
  borderColor: 'brand',
  color: 'fg',
  _hover: { bg: 'brandSubtle' },
  '&[data-primary]': { bg: 'brand', color: 'brandFg', _hover: { bg: 'brand' } },
});

/**
 * §2 car page sidebar: contact phone, Enquire / finance / trade in / test drive / reserve, Request
 * Photos (§3: it opens the enquiry with the hidden 'Request Photos' field), save (the
 * watchlist, or a local favourite for visitors; §6), PDF, finance card.
 */
export function VehicleSidebar({
  view,
  phoneReveal,
  pdfDownload,
  onRequestPhotos,
}: {
  view: VehicleView;
  phoneReveal: PhoneRevealActorRef | undefined;
  pdfDownload: PdfDownloadActorRef | undefined;
  /**
   * The enquiry's photo request, when the car can be enquired about: the page starts the enquiry if
   * it does not run yet (decision 134) and moves it to the photo request.
   */
  onRequestPhotos?: (() => void) | undefined;
}) {
  const site = useSite();
  return (
    <aside
      aria-label="Contact and actions"
      className={css({ display: 'grid', gap: '4', alignContent: 'start' })}
    >
      {/* From lg up the phone and the actions stay in view while the page scrolls (issue 37 item 1). */}
      <div className={actionsInView}>
        {phoneReveal && (
          <ContactPhoneBox actorRef={phoneReveal} phone={view.phone} dealerName={view.dealerName} />
        )}
        <nav aria-label="What would you like to do?" className={card}>
          <ul className={css({ display: 'grid', gap: '2', listStyle: 'none' })} data-testid="sidebar-actions">
            {view.sidebar.map((item) => (
              <li key={item.id}>
                <Link
                  href={item.href}
                  className={action}
                  data-action={item.id}
                  data-primary={item.id === 'enquire' || undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            {onRequestPhotos && (
              <li>
                <button
                  type="button"
                  className={`${action} ${css({ w: 'full', cursor: 'pointer', bg: 'surface' })}`}
                  data-action="request-photos"
                  onClick={() => {
                    onRequestPhotos();
                    document.getElementById('enquiry-form')?.scrollIntoView({ block: 'start' });
                  }}
                >
                  Request Photos
                </button>
              </li>
            )}
          </ul>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })} data-testid="vehicle-save">
            <CarSaveControl car={view.car} />
            {carButtons(view.car, {
              garageEnabled: site.garage_enabled,
              favouritesStorageOff: site.features.favouritesStorageOff,
            }).compare && <CompareButton car={view.car} />}
          </div>
          {pdfDownload && <PdfDownloadButton actorRef={pdfDownload} />}
        </nav>
      </div>
      {view.finance && <FinanceCard view={view} />}
      <section aria-labelledby="benefits-title" className={card} data-testid="benefits-panel">
        <h2 id="benefits-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
          Interested in this vehicle?
        </h2>
        <ul className={css({ display: 'grid', gap: '1', listStyle: 'disc', pl: '5' })}>
          <li>Talk to {view.dealerName} today</li>
          <li>
            {view.instantValuation
              ? 'Instant trade-in valuation available'
              : 'Trade-in valuations on request'}
          </li>
          <li>Test drives at a time that suits you</li>
        </ul>
      </section>
    </aside>
  );
}
