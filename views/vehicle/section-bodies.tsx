import { Link } from 'wouter';
import { odometerText } from '../../domain/spec-rows.ts';
import { SECTION_NAMES } from '../../machines/vehicle-page/vehicle-sections.ts';
import type { VehicleView } from '../../machines/vehicle-page/vehicle-view.ts';
import { css } from '../../styled-system/css';

const body = css({ px: '4', pb: '4', display: 'grid', gap: '2' });
const link = css({ color: 'accent', fontWeight: 'semibold', textDecoration: 'underline' });
const table = css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: '1fr 2fr' }, gap: '2' });

function Specifications({ view }: { view: VehicleView }) {
  return (
    <>
      <dl className={table} data-testid="all-specifications">
        {view.specifications.map((row) => (
          <div key={row.label} className={css({ display: 'contents' })}>
            <dt className={css({ color: 'fgMuted' })}>{row.label}</dt>
            <dd className={css({ fontWeight: 'semibold' })}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {view.historyReportUrl && (
        <a href={view.historyReportUrl} className={link} target="_blank" rel="noopener noreferrer">
          View the vehicle history report
        </a>
      )}
    </>
  );
}

/** The content of one collapsible section of the car page, by its header name. */
export function SectionBody({ name, view }: { name: string; view: VehicleView }) {
  const { car } = view;
  const odometer = odometerText(car);
  switch (name) {
    case SECTION_NAMES.reserve:
      return (
        <div className={body}>
          <p>{view.reserve?.text}</p>
          {view.reserve && (
            <Link href={view.reserve.href} className={link}>
              Reserve this {view.noun} for {view.reserve.label}
            </Link>
          )}
        </div>
      );
    case SECTION_NAMES.whyBuy:
      return (
        <ul className={`${body} ${css({ listStyle: 'disc', pl: '9' })}`}>
          <li>
            Every {view.noun} is inspected and serviced by {view.dealerName} before it is sold.
          </li>
          <li>Finance, insurance and trade-ins arranged in one visit.</li>
          <li>A team that will still be here when you need a service.</li>
        </ul>
      );
    case SECTION_NAMES.protect:
      return (
        <div className={body}>
          <p>
            Protect your {car.car_type === 'new' ? 'new ' : ''}
            {view.noun} with an extended warranty, roadside assistance and paint protection.
          </p>
          <p className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
            <Link href="/warranty" className={link}>
              Warranty
            </Link>
            <Link href="/roadside-assist" className={link}>
              Roadside assist
            </Link>
            <Link href="/service" className={link}>
              Servicing
            </Link>
          </p>
        </div>
      );
    case SECTION_NAMES.summary:
      return (
        <div className={body}>
          <p>
            This {car.year} {car.make} {car.model}
            {car.badge ? ` ${car.badge}` : ''}
            {odometer ? ` has travelled ${odometer} and` : ''} is offered by {view.dealerName}
            {car.location ? ` at ${car.location.name}, ${car.location.city}` : ''}.
          </p>
          <p>Stock number {car.stocknum}.</p>
        </div>
      );
    case SECTION_NAMES.specifications:
      return (
        <div className={body}>
          <Specifications view={view} />
        </div>
      );
    default:
      return null;
  }
}
