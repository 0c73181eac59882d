import { useSelector } from '@xstate/react';
import type { FormEvent, ReactElement } from 'react';
import { Link } from 'wouter';
import { formatPrice } from '../../domain/format.ts';
import { CHECKOUT_JOURNEY_PATH, gatedRoute } from '../../domain/gated-routes.ts';
import {
  type CardForm,
  cardFormSchema,
  PAY_WITH,
  type ReserveCustomer,
  reserveCustomerSchema,
} from '../../domain/reserve.ts';
import type { FormFieldDefinition } from '../../domain/site-form-pages.ts';
import { CERTIFIED_BENEFITS, getPreApprovedUrl } from '../../domain/vehicle-actions.ts';
import type { ReserveActorRef } from '../../machines/reserve/reserve.machine.ts';
import { css } from '../../styled-system/css';
import { definePage } from '../app/page-definition.ts';
import { useSite } from '../app/site-context.tsx';
import { accountStyles } from '../ui/account-styles.ts';
import {
  checkLeadForm,
  FieldErrorsBanner,
  LeadFormFields,
  readLeadForm,
  SubmitButton,
} from '../ui/lead-form.tsx';
import { PageError } from '../ui/page-error.tsx';
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { RedirectNotice } from '../ui/redirect-notice.tsx';
import { reservePageLogic } from './wiring.ts';

const DETAIL_FIELDS: FormFieldDefinition[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel', required: true, autoComplete: 'tel' },
];
const CARD_FIELDS: FormFieldDefinition[] = [
  { name: 'card_number', label: 'Card number', kind: 'text', required: true, autoComplete: 'cc-number' },
  { name: 'expiry', label: 'Expiry (MM/YY)', kind: 'text', required: true, autoComplete: 'cc-exp' },
  { name: 'cvc', label: 'Security code (CVC)', kind: 'text', required: true, autoComplete: 'cc-csc' },
  {
    name: 'terms',
    label: 'I understand my deposit is fully refundable and the car is held for me for 48 hours',
    kind: 'checkbox',
    required: true,
  },
];
const STEPS = ['The car', 'Your details', 'Deposit'] as const;
/** The checkout journey on a dealer that does not sell online. */
const NO_ONLINE_SALES_HEADING = 'Buying online is not available';
/** The checkout journey's steps (issue 17 item 3). */
const JOURNEY_STEPS = ['The car', 'Your details', 'Trade-in', 'Payment', 'Deposit'] as const;

const panel = css({
  p: '4',
  bg: 'surface',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
});

/** "Step 2 of 3: Your details" (of 5 on the checkout journey). */
function StepHeading({ name, journey }: { name: (typeof JOURNEY_STEPS)[number]; journey: boolean }) {
  const steps: readonly string[] = journey ? JOURNEY_STEPS : STEPS;
  const step = steps.indexOf(name) + 1;
  return (
    <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })} data-step={step}>
      Step {step} of {steps.length}: {name}
    </h2>
  );
}

/**
 * Reserve online (issue 17; `search-detail-finance-watchlist.md` §2, §9): each step renders the
 * `reserve` machine's state. The forms are checked with the domain's schemas (the server checks the
 * shopper's details again and computes the deposit itself).
 */
export function ReservePage({ actorRef }: { actorRef: ReserveActorRef }) {
  const site = useSite();
  const snapshot = useSelector(actorRef, (s) => s);
  const { context } = snapshot;
  const terms = context.terms;
  const busy = snapshot.hasTag('busy');

  if (snapshot.matches('signIn') && context.signInUrl) {
    return <RedirectNotice to={context.signInUrl} heading="Please sign in to continue" label="Sign in" />;
  }
  if (snapshot.matches('failed')) {
    return (
      <PageError
        message={context.error ?? 'Something went wrong'}
        onRetry={() => actorRef.send({ type: 'retry' })}
      />
    );
  }
  if (snapshot.hasTag('loading')) return <PageSkeleton label="Loading the car" />;
  if (snapshot.matches('notFound') && context.journey && !site.features.checkoutJourney) {
    // The car may well be for sale: this dealer does not sell online (§2 "some sites").
    const carPath = gatedRoute(CHECKOUT_JOURNEY_PATH, context.search)?.back ?? '/';
    return (
      <section className={accountStyles.narrow}>
        <h1 className={accountStyles.heading}>{NO_ONLINE_SALES_HEADING}</h1>
        <p className={accountStyles.text}>{site.name} does not sell cars online.</p>
        <p className={accountStyles.row}>
          {carPath !== '/' && (
            <Link href={carPath} className={accountStyles.link}>
              See the car
            </Link>
          )}
          <Link href={site.search.path} className={accountStyles.link}>
            Browse our stock
          </Link>
        </p>
      </section>
    );
  }
  if (snapshot.matches('notFound') || !terms) {
    return (
      <section className={accountStyles.narrow}>
        <h1 className={accountStyles.heading}>Car not found</h1>
        <p className={accountStyles.text}>This car is not for sale on the {site.name} website any more.</p>
        <p className={accountStyles.row}>
          <Link href={site.search.path} className={accountStyles.link}>
            Browse our stock
          </Link>
        </p>
      </section>
    );
  }

  const carPath = `/cars/${encodeURIComponent(terms.car.slug)}`;
  const journey = context.journey;
  const submit =
    <T,>(
      schema: Parameters<typeof checkLeadForm>[0],
      fields: FormFieldDefinition[],
      send: (values: T) => void,
    ) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const checked = checkLeadForm(schema, readLeadForm(event.currentTarget, fields));
      if (checked.ok) send(checked.values as T);
      else actorRef.send({ type: 'reserve.invalid', fieldErrors: checked.fieldErrors });
    };
  const back = (
    <button
      type="button"
      className={accountStyles.secondary}
      onClick={() => actorRef.send({ type: 'reserve.back' })}
    >
      Back
    </button>
  );

  let step: ReactElement;
  if (snapshot.matches('unavailable')) {
    step = (
      <section className={panel} data-testid="reserve-unavailable" role="alert">
        <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>This car can't be reserved</h2>
        <p className={accountStyles.text}>{context.unavailable}</p>
        <p className={accountStyles.row}>
          <Link href={carPath} className={accountStyles.link}>
            Back to the car
          </Link>
          <Link href={site.search.path} className={accountStyles.link}>
            Browse our stock
          </Link>
        </p>
      </section>
    );
  } else if (snapshot.matches('confirmed') && context.reservation) {
    const until = new Date(context.reservation.held_until);
    step = (
      <section className={panel} data-testid="reserve-confirmed" role="status">
        <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>The car is yours for 48 hours</h2>
        {journey && (
          <p className={accountStyles.text} data-testid="reserve-purchase">
            You are buying it online: {context.payWith ? PAY_WITH[context.payWith].toLowerCase() : ''}
            {context.tradeIn ? ', with a car to trade in' : ', with no trade-in'}.
          </p>
        )}
        <p className={accountStyles.text}>
          We have taken your fully refundable {formatPrice(context.reservation.amount)} deposit and reserved
          the {terms.car.name} for you until{' '}
          <time dateTime={context.reservation.held_until}>
            {until.toLocaleString('en-AU', { dateStyle: 'full', timeStyle: 'short' })}
          </time>
          . The {site.name} team will call you to arrange the rest.
        </p>
        <p className={accountStyles.text}>
          Your reservation number is{' '}
          <strong data-testid="reservation-id">{context.reservation.reservation_id}</strong>.
        </p>
        <p className={accountStyles.row}>
          <Link href={carPath} className={accountStyles.link}>
            Back to the car
          </Link>
        </p>
      </section>
    );
  } else if (snapshot.matches('terms')) {
    step = (
      <section className={panel}>
        <StepHeading name="The car" journey={journey} />
        {journey && (
          <div data-testid="pre-owned-promise">
            <h3 className={css({ fontWeight: 'bold', mt: '2' })}>Our pre-owned promise</h3>
            <ul className={css({ listStyle: 'disc', pl: '6', mt: '1' })}>
              {CERTIFIED_BENEFITS.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
            <h3 className={css({ fontWeight: 'bold', mt: '2' })}>{CERTIFIED_BENEFITS.termsHeading}</h3>
            <ul className={css({ listStyle: 'disc', pl: '6', mt: '1' })}>
              {CERTIFIED_BENEFITS.terms.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
          </div>
        )}
        <p className={accountStyles.text}>{terms.deposit.text}</p>
        <ul className={css({ listStyle: 'disc', pl: '6', mt: '2' })}>
          <li>Fully refundable: change your mind and we give the deposit back.</li>
          <li>Held for {terms.deposit.hold_hours} hours: no one else can buy the car meanwhile.</li>
          <li>If we don't complete the sale in that time, the hold ends and your deposit is refunded.</li>
        </ul>
        <div className={accountStyles.row}>
          <button
            type="button"
            className={accountStyles.primary}
            onClick={() => actorRef.send({ type: 'reserve.start' })}
          >
            {journey ? `Buy online: ${terms.deposit.label} deposit` : `Reserve for ${terms.deposit.label}`}
          </button>
        </div>
      </section>
    );
  } else if (snapshot.matches('tradeIn')) {
    step = (
      <section className={panel}>
        <StepHeading name="Trade-in" journey={journey} />
        <p className={accountStyles.text}>Do you have a car to trade in towards the {terms.car.name}?</p>
        <p className={accountStyles.text}>
          <Link href={`/cars/trade-in?car_id=${terms.car.id}`} className={accountStyles.link}>
            Value your car now with our trade-in wizard
          </Link>{' '}
          (you can come back to finish buying).
        </p>
        <div className={accountStyles.row}>
          {back}
          <button
            type="button"
            className={accountStyles.secondary}
            onClick={() => actorRef.send({ type: 'reserve.tradeIn', tradeIn: false })}
          >
            No trade-in
          </button>
          <button
            type="button"
            className={accountStyles.primary}
            onClick={() => actorRef.send({ type: 'reserve.tradeIn', tradeIn: true })}
          >
            I have a car to trade in
          </button>
        </div>
      </section>
    );
  } else if (snapshot.matches('paymentOption')) {
    step = (
      <section className={panel}>
        <StepHeading name="Payment" journey={journey} />
        <p className={accountStyles.text}>
          How will you pay the rest of the {formatPrice(terms.car.price)}? You pay only the deposit today.
        </p>
        <p className={accountStyles.text}>
          <Link
            href={getPreApprovedUrl(
              {
                id: terms.car.id,
                price: terms.car.price,
                car_type: terms.car_type,
                dealership_slug: terms.car.dealership_slug,
              },
              site.finance.path,
            )}
            className={accountStyles.link}
          >
            Work out repayments and get pre-approved
          </Link>
        </p>
        <div className={accountStyles.row}>
          {back}
          <button
            type="button"
            className={accountStyles.secondary}
            onClick={() => actorRef.send({ type: 'reserve.payWith', payWith: 'finance' })}
          >
            {PAY_WITH.finance}
          </button>
          <button
            type="button"
            className={accountStyles.primary}
            onClick={() => actorRef.send({ type: 'reserve.payWith', payWith: 'full' })}
          >
            {PAY_WITH.full}
          </button>
        </div>
      </section>
    );
  } else if (snapshot.matches('details')) {
    step = (
      <section className={panel}>
        <StepHeading name="Your details" journey={journey} />
        <form
          noValidate
          className={accountStyles.form}
          onSubmit={submit<ReserveCustomer>(reserveCustomerSchema, DETAIL_FIELDS, (customer) =>
            actorRef.send({ type: 'reserve.details', customer }),
          )}
        >
          <FieldErrorsBanner errors={context.fieldErrors} fields={DETAIL_FIELDS} formError={context.error} />
          <LeadFormFields
            fields={DETAIL_FIELDS}
            errors={context.fieldErrors}
            idPrefix="reserve"
            values={context.customer ?? {}}
          />
          <div className={accountStyles.row}>
            {back}
            <button type="submit" className={accountStyles.primary}>
              Next
            </button>
          </div>
        </form>
      </section>
    );
  } else {
    step = (
      <section className={panel}>
        <StepHeading name="Deposit" journey={journey} />
        <p className={accountStyles.text}>
          Pay your fully refundable {terms.deposit.label} deposit to hold the car for{' '}
          {terms.deposit.hold_hours} hours.
        </p>
        {terms.test_mode && (
          <p className={accountStyles.text} data-testid="reserve-test-cards">
            Demonstration payments: use card 4242 4242 4242 4242 with any future expiry and any 3-digit code.
            No money is taken.
          </p>
        )}
        <form
          noValidate
          className={accountStyles.form}
          onSubmit={submit<CardForm>(cardFormSchema(new Date()), CARD_FIELDS, (card) =>
            actorRef.send({ type: 'reserve.pay', card }),
          )}
        >
          <FieldErrorsBanner errors={context.fieldErrors} fields={CARD_FIELDS} formError={context.error} />
          <LeadFormFields fields={CARD_FIELDS} errors={context.fieldErrors} idPrefix="reserve" />
          <div className={accountStyles.row}>
            {back}
            <SubmitButton busy={busy} label={`Pay ${terms.deposit.label} deposit`} />
          </div>
        </form>
      </section>
    );
  }

  return (
    <section className={accountStyles.page}>
      <h1 className={accountStyles.heading}>
        {journey ? 'Buy the' : 'Reserve the'} {terms.car.name}
      </h1>
      <div
        className={css({
          display: 'grid',
          gap: '6',
          mt: '6',
          gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' },
        })}
      >
        {step}
        <aside aria-label="The car you are reserving" className={panel} data-testid="reserve-car">
          {terms.car.primary_image_url && (
            <img
              src={terms.car.primary_image_url}
              alt=""
              width={320}
              height={213}
              className={css({ w: 'full', h: 'auto' })}
            />
          )}
          <p className={css({ mt: '2' })}>
            <Link href={carPath} className={accountStyles.link}>
              {terms.car.name}
            </Link>
          </p>
          <p className={css({ fontWeight: 'bold' })}>{formatPrice(terms.car.price)}</p>
          <p className={accountStyles.text}>Deposit today: {terms.deposit.label}, fully refundable</p>
        </aside>
      </div>
    </section>
  );
}

/** The car's slug in `/cars/{slug}/checkout`; a malformed escape is no slug (the car is not found). */
function slugOf(path: string): string {
  try {
    return decodeURIComponent(path.split('/')[2] ?? '');
  } catch {
    return '';
  }
}

/**
 * The reserve wizard's page: reserving at `/cars/{slug}/checkout` and `/buy-online`, or buying a
 * used car at `/checkout-journey?car_id={slug}` (§2; only on the dealers with the `checkoutJourney`
 * switch — elsewhere it has no car, so it is not found). Both run behind the gate (§4).
 */
function reservePageFor(journey: boolean) {
  return definePage({
    logic: reservePageLogic,
    input: ({ site, path, search }) => ({
      path,
      search,
      personalisedFlow: site.features.personalisedFlow,
      slug: !journey
        ? slugOf(path)
        : site.features.checkoutJourney
          ? (new URLSearchParams(search).get('car_id') ?? '')
          : '',
      journey,
    }),
    head: (snapshot, { site, path, search }) => {
      const name = snapshot.context.terms?.car.name;
      const signInUrl = snapshot.matches('signIn') ? snapshot.context.signInUrl : null;
      const verb = journey ? 'Buy' : 'Reserve';
      const noOnlineSales = journey && !site.features.checkoutJourney;
      const title = name ? `${verb} the ${name}` : noOnlineSales ? NO_ONLINE_SALES_HEADING : `${verb} a car`;
      return {
        title: signInUrl ? `Please sign in | ${site.name}` : `${title} | ${site.name}`,
        description: noOnlineSales
          ? `${site.name} does not sell cars online.`
          : journey
            ? `Buy a used car online from ${site.name}, with our pre-owned promise.`
            : `Reserve a car online with ${site.name}: a fully refundable deposit holds it for 48 hours.`,
        status: snapshot.matches('notFound') ? 404 : snapshot.matches('failed') ? 500 : signInUrl ? 302 : 200,
        canonicalPath: journey && search ? `${path}?${search}` : path,
        ...(signInUrl ? { redirectTo: signInUrl } : {}),
      };
    },
    View: ReservePage,
  });
}

/** `/cars/:slug/checkout` and `/cars/:slug/buy-online` (§2), behind the gate (§4 Gated routes). */
export const reservePage = reservePageFor(false);
/** `/checkout-journey?car_id={slug}` (§2): a used car bought online. */
export const checkoutJourneyPage = reservePageFor(true);
