import { useSelector } from '@xstate/react';
import type { FormEvent, ReactElement } from 'react';
import { Link, Redirect } from 'wouter';
import { formatPrice } from '../../domain/format.ts';
import {
  type CardForm,
  cardFormSchema,
  type ReserveCustomer,
  reserveCustomerSchema,
} from '../../domain/reserve.ts';
import type { FormFieldDefinition } from '../../domain/site-form-pages.ts';
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

const panel = css({
  p: '4',
  bg: 'surface',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
});

/** "Step 2 of 3: Your details". */
function StepHeading({ step }: { step: 1 | 2 | 3 }) {
  return (
    <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })} data-step={step}>
      Step {step} of {STEPS.length}: {STEPS[step - 1]}
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
    return (
      <section className={accountStyles.narrow}>
        <Redirect to={context.signInUrl} replace />
        <h1 className={accountStyles.heading}>Please sign in to continue</h1>
        <p className={accountStyles.text}>
          <Link href={context.signInUrl} className={accountStyles.link}>
            Sign in
          </Link>
        </p>
      </section>
    );
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
        <StepHeading step={1} />
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
            Reserve for {terms.deposit.label}
          </button>
        </div>
      </section>
    );
  } else if (snapshot.matches('details')) {
    step = (
      <section className={panel}>
        <StepHeading step={2} />
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
        <StepHeading step={3} />
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
      <h1 className={accountStyles.heading}>Reserve the {terms.car.name}</h1>
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

/** `/cars/:slug/checkout` and `/cars/:slug/buy-online` (§2), behind the gate (§4 Gated routes). */
export const reservePage = definePage({
  logic: reservePageLogic,
  input: ({ site, path, search }) => ({
    path,
    search,
    personalisedFlow: site.features.personalisedFlow,
    slug: slugOf(path),
  }),
  head: (snapshot, { site, path }) => {
    const name = snapshot.context.terms?.car.name;
    const signInUrl = snapshot.matches('signIn') ? snapshot.context.signInUrl : null;
    return {
      title: signInUrl
        ? `Please sign in | ${site.name}`
        : name
          ? `Reserve the ${name} | ${site.name}`
          : `Reserve a car | ${site.name}`,
      description: `Reserve a car online with ${site.name}: a fully refundable deposit holds it for 48 hours.`,
      status: snapshot.matches('notFound') ? 404 : snapshot.matches('failed') ? 500 : signInUrl ? 302 : 200,
      canonicalPath: path,
      ...(signInUrl ? { redirectTo: signInUrl } : {}),
    };
  },
  View: ReservePage,
});
