import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { TRADE_IN_TERMS_PATH } from '../../domain/content-pages.ts';
import { formatAustralianDate, formatPrice } from '../../domain/format.ts';
import type { FormFieldDefinition } from '../../domain/site-form-pages.ts';
import {
  BUYING_TEAM_HOURS,
  CAR_CONDITIONS,
  DEFAULT_TRADE_IN_STATE,
  detailsStepSchema,
  IMAGE_RULES,
  LOADING_MESSAGES,
  NOT_FOUND_TEXTS,
  OFFER_MAX_KM,
  OFFER_VALID_DAYS,
  regoStepSchema,
  SERVICE_HISTORY,
  selectionStepSchema,
  TRADE_IN_STATES,
} from '../../domain/trade-in.ts';
import type { TradeInActorRef } from '../../machines/trade-in/trade-in.machine.ts';
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
import { PageSkeleton } from '../ui/page-skeleton.tsx';
import { tradeInPageLogic } from './wiring.ts';

const REGO_FIELDS: FormFieldDefinition[] = [
  { name: 'rego', label: 'Registration number', kind: 'text', required: true },
  {
    name: 'state',
    label: 'State',
    kind: 'select',
    required: true,
    defaultValue: DEFAULT_TRADE_IN_STATE,
    options: TRADE_IN_STATES.map((state) => ({ value: state, label: state.toUpperCase() })),
  },
];
const DETAIL_FIELDS: FormFieldDefinition[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel', required: true, autoComplete: 'tel' },
  { name: 'postcode', label: 'Postcode', kind: 'postcode', required: true, autoComplete: 'postal-code' },
  { name: 'odometer', label: 'Odometer (km)', kind: 'text', required: true },
  {
    name: 'service_history',
    label: 'Service history',
    kind: 'select',
    required: true,
    options: SERVICE_HISTORY.map((value) => ({ value, label: value })),
  },
  { name: 'number_of_keys', label: 'Number of keys', kind: 'text', required: true },
  {
    name: 'car_condition',
    label: 'Condition',
    kind: 'select',
    required: true,
    options: CAR_CONDITIONS.map((value) => ({ value, label: value })),
  },
  { name: 'comments', label: 'Anything we should know about the car?', kind: 'textarea', required: true },
];
const STEP_TITLES = ['Vehicle Details', 'Vehicle Selection', 'Upload Images', 'Your Details'] as const;

const card = css({
  p: '4',
  bg: 'surface',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
});

/** The four steps' headings: `Step One Vehicle Details` … (§4). */
function StepHeading({ step }: { step: 1 | 2 | 3 | 4 }) {
  const words = ['One', 'Two', 'Three', 'Four'];
  return (
    <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })} data-step={step}>
      Step {words[step - 1]} {STEP_TITLES[step - 1]}
    </h2>
  );
}

/**
 * The trade-in / instant-offer wizard (`locations-forms-tradein-site.md` §4): each step renders the
 * `tradeIn` machine's state; every check is the domain's schema, the same the server applies.
 */
export function TradeInWizard({ actorRef }: { actorRef: TradeInActorRef }) {
  const site = useSite();
  const snapshot = useSelector(actorRef, (s) => s);
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const errors = context.fieldErrors;
  const formError = context.error;

  const submitWith =
    (
      schema: Parameters<typeof checkLeadForm>[0],
      fields: FormFieldDefinition[],
      send: (values: Record<string, unknown>) => void,
    ) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const checked = checkLeadForm(schema, readLeadForm(event.currentTarget, fields));
      if (checked.ok) send(checked.values);
      else actorRef.send({ type: 'tradeIn.invalid', fieldErrors: checked.fieldErrors });
    };

  if (snapshot.matches('vehicleDetails') || snapshot.matches('lookingUp')) {
    const looking = snapshot.matches('lookingUp');
    return (
      <section className={card} aria-labelledby="trade-in-step">
        <div id="trade-in-step">
          <StepHeading step={1} />
        </div>
        <form
          noValidate
          className={accountStyles.form}
          onSubmit={submitWith(regoStepSchema, REGO_FIELDS, (values) =>
            actorRef.send({ type: 'tradeIn.rego', values: values as { rego: string; state: 'qld' } }),
          )}
        >
          <FieldErrorsBanner errors={errors} fields={REGO_FIELDS} formError={formError} />
          <LeadFormFields
            fields={REGO_FIELDS}
            errors={errors}
            idPrefix="trade-in"
            values={context.rego ?? {}}
          />
          {looking && (
            <div role="status" className={css({ display: 'grid', gap: '2' })} data-testid="trade-in-loading">
              <progress aria-label="Looking up your car" />
              <span>{LOADING_MESSAGES[context.messageIndex]}</span>
            </div>
          )}
          <div>
            <SubmitButton busy={looking} label="Value my car" />
          </div>
        </form>
      </section>
    );
  }

  if (snapshot.matches('notFound')) {
    return (
      <section className={card} data-testid="trade-in-not-found">
        <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{NOT_FOUND_TEXTS.heading}</h2>
        <p className={accountStyles.text}>{NOT_FOUND_TEXTS.body}</p>
        <p className={accountStyles.row}>
          <a href={`tel:${site.phone.replace(/\s/g, '')}`} className={accountStyles.link}>
            Call {site.phone}
          </a>
          <Link href="/contact-us" className={accountStyles.link}>
            Contact us
          </Link>
          <button
            type="button"
            className={accountStyles.secondary}
            onClick={() => actorRef.send({ type: 'tradeIn.back' })}
          >
            Back
          </button>
        </p>
      </section>
    );
  }

  if (snapshot.matches('vehicleSelection') || snapshot.matches('selecting')) {
    const choosing = snapshot.matches('selecting');
    return (
      <section className={card}>
        <StepHeading step={2} />
        <form
          noValidate
          className={accountStyles.form}
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get('manualEntry');
            const checked = checkLeadForm(selectionStepSchema, {
              manualEntry: typeof value === 'string' ? value : '',
            });
            if (checked.ok)
              actorRef.send({ type: 'tradeIn.choose', desc: String(checked.values.manualEntry) });
            else actorRef.send({ type: 'tradeIn.invalid', fieldErrors: checked.fieldErrors });
          }}
        >
          <FieldErrorsBanner
            errors={errors}
            fields={[{ name: 'manualEntry', label: 'Your car', kind: 'select', required: true }]}
            formError={formError}
          />
          <fieldset className={css({ display: 'grid', gap: '2' })}>
            <legend className={css({ fontWeight: 'semibold' })}>Which of these is your car?</legend>
            {context.descriptions.map((description) => (
              <label key={description} className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
                <input type="radio" name="manualEntry" value={description} />
                {description}
              </label>
            ))}
          </fieldset>
          <div className={accountStyles.row}>
            <button
              type="button"
              className={accountStyles.secondary}
              onClick={() => actorRef.send({ type: 'tradeIn.back' })}
            >
              Back
            </button>
            <SubmitButton busy={choosing} label="Next" />
          </div>
        </form>
      </section>
    );
  }

  if (snapshot.matches('uploadImages')) {
    const uploading = snapshot.matches({ uploadImages: 'uploading' });
    return (
      <section className={card}>
        <StepHeading step={3} />
        <p className={accountStyles.text}>
          Optional: up to {IMAGE_RULES.maxImages} photos of your car (JPEG, PNG, GIF or HEIC, each under
          10MB).
        </p>
        <label className={accountStyles.label}>
          Add photos
          <input
            type="file"
            multiple
            accept=".jpg,.jpeg,.png,.gif,.heic,image/jpeg,image/png,image/gif,image/heic"
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])].map((file) => ({
                name: file.name,
                size: file.size,
                type: file.type,
                file,
              }));
              event.currentTarget.value = '';
              if (files.length > 0) actorRef.send({ type: 'images.add', files });
            }}
          />
        </label>
        <ul className={css({ display: 'grid', gap: '2', mt: '3' })} data-testid="trade-in-images">
          {context.images.map((image) => (
            <li key={image.id} data-status={image.status}>
              <span>{image.name}</span>{' '}
              {image.status === 'done' ? (
                <progress aria-label={`${image.name} uploaded`} max={1} value={1} />
              ) : image.status === 'failed' ? (
                <span className={accountStyles.fieldError}>{image.message}</span>
              ) : (
                <progress aria-label={`Uploading ${image.name}`} />
              )}
            </li>
          ))}
        </ul>
        <div className={accountStyles.row}>
          <button
            type="button"
            className={accountStyles.primary}
            disabled={uploading}
            onClick={() => actorRef.send({ type: 'tradeIn.next' })}
          >
            Next
          </button>
        </div>
      </section>
    );
  }

  if (snapshot.matches('yourDetails') || snapshot.matches('submitting')) {
    return (
      <section className={card}>
        <StepHeading step={4} />
        <form
          noValidate
          className={accountStyles.form}
          onSubmit={submitWith(detailsStepSchema, DETAIL_FIELDS, (values) =>
            actorRef.send({ type: 'tradeIn.details', values }),
          )}
        >
          <FieldErrorsBanner errors={errors} fields={DETAIL_FIELDS} formError={formError} />
          <LeadFormFields fields={DETAIL_FIELDS} errors={errors} idPrefix="trade-in" />
          <p className={accountStyles.text}>
            Your offer is made under our{' '}
            <Link href={TRADE_IN_TERMS_PATH} className={accountStyles.link}>
              trade-in terms and conditions
            </Link>
            .
          </p>
          <div>
            <SubmitButton busy={busy} label="Get my offer" />
          </div>
        </form>
      </section>
    );
  }

  const valued = context.valued;
  const record = valued?.record;
  if (snapshot.matches('accepted')) {
    return (
      <section className={card} data-testid="trade-in-accepted">
        <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>Offer accepted</h2>
        <p className={accountStyles.text}>
          Thank you. The {site.name} buying team ({BUYING_TEAM_HOURS}) will call you to arrange an inspection.
        </p>
      </section>
    );
  }
  return (
    <section className={card} data-testid="trade-in-offer">
      <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>Your instant offer</h2>
      {formError && (
        <p role="alert" className={accountStyles.alert}>
          {formError}
        </p>
      )}
      {typeof record?.OfferAmount === 'number' ? (
        <>
          <p className={css({ fontSize: '3xl', fontWeight: 'bold' })} data-testid="trade-in-amount">
            ${record.OfferAmount.toLocaleString('en-AU')}
          </p>
          <p className={accountStyles.text}>
            For your {[record.Year, record.Make, record.Model].filter(Boolean).join(' ')}, valid until{' '}
            {formatAustralianDate(record.OfferValidUntil ?? '') ?? record.OfferValidUntil} ({OFFER_VALID_DAYS}{' '}
            days), subject to an inspection.
          </p>
          <div className={accountStyles.row}>
            <AcceptOfferButton busy={busy} onClick={() => actorRef.send({ type: 'tradeIn.accept' })} />
          </div>
        </>
      ) : (
        <p className={accountStyles.text} data-testid="trade-in-no-offer">
          {record?.NoOnlineOfferReason}
        </p>
      )}
    </section>
  );
}

function AcceptOfferButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={accountStyles.primary}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      Accept offer
    </button>
  );
}

/** The trade-in page: the wizard, the FAQ blocks and the buying team's hours (§2, §9). */
export function TradeInPage({ actorRef }: { actorRef: TradeInActorRef }) {
  const site = useSite();
  const loading = useSelector(actorRef, (snapshot) => snapshot.hasTag('loading'));
  const car = useSelector(actorRef, (snapshot) => snapshot.context.car);
  const faqs = [
    {
      q: 'Which cars can get an online estimate?',
      a: `Cars up to ${site.trade_in.offer_max_age_years} years old with under ${OFFER_MAX_KM.toLocaleString('en-AU')} km. For others our buying team will call you with an offer.`,
    },
    { q: 'How long is my offer valid?', a: `${OFFER_VALID_DAYS} days, subject to an inspection of the car.` },
    { q: 'When can I talk to the buying team?', a: `${BUYING_TEAM_HOURS}.` },
  ];
  return (
    <section className={accountStyles.page}>
      <h1 className={accountStyles.heading}>Value your car</h1>
      <p className={accountStyles.text}>
        Get an instant offer for your car from {site.name}: enter its registration and we will find it.
      </p>
      <div
        className={css({
          display: 'grid',
          gap: '6',
          mt: '6',
          gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' },
        })}
      >
        {loading ? (
          <PageSkeleton label="Loading the car you are buying" />
        ) : (
          <TradeInWizard actorRef={actorRef} />
        )}
        <aside
          aria-label="Questions about trading in"
          className={css({ display: 'grid', gap: '2', alignContent: 'start' })}
        >
          {car && (
            <section className={card} data-testid="trade-in-car" aria-label="The car you are buying">
              <h2 className={css({ fontWeight: 'bold' })}>Trading in towards</h2>
              {car.primary_image_url && (
                <img
                  src={car.primary_image_url}
                  alt=""
                  width={320}
                  height={213}
                  className={css({ w: 'full', h: 'auto', mt: '2' })}
                />
              )}
              <p className={css({ mt: '2' })}>
                <Link href={`/cars/${encodeURIComponent(car.slug)}`} className={accountStyles.link}>
                  {car.name}
                </Link>
              </p>
              <p className={css({ fontWeight: 'bold' })}>{formatPrice(car.price)}</p>
            </section>
          )}
          {faqs.map((faq) => (
            <details key={faq.q} className={card}>
              <summary className={css({ fontWeight: 'semibold', cursor: 'pointer' })}>{faq.q}</summary>
              <p className={accountStyles.text}>{faq.a}</p>
            </details>
          ))}
          <p>
            <Link href={TRADE_IN_TERMS_PATH} className={accountStyles.link}>
              Read the full trade-in terms
            </Link>
          </p>
        </aside>
      </div>
    </section>
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
