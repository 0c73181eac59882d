import { STATE_TIME_ZONES } from '../../domain/au-state.ts';
import type { Car } from '../../domain/car.ts';
import { formatAustralianDate, formatPrice } from '../../domain/format.ts';
import { formatHour, localClock } from '../../domain/opening-hours.ts';
import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { leadAddress } from '../leads/lead-email.ts';
import type { Email } from '../mail/mailer.ts';
import type { DueReceipt } from '../store/reservation-receipts.repo.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The dealership a reservation was made with, as its shopper reaches it. */
interface DealerContact {
  name: string;
  phone: string;
  email: string;
  address: SiteConfig['address'];
}

/**
 * Who the shopper calls or writes to: the car's dealership by name, at its first sales location's
 * phone, email and address, or the site's where it has none (the address its leads go to, too).
 */
export function dealerContact(site: SiteConfig, dealershipId: number): DealerContact {
  const dealership = site.dealerships.find((d) => d.id === dealershipId);
  const sales = site.locations.find(
    (l) => l.dealership_id === dealershipId && l.location_type === 'sales' && l.visible,
  );
  return {
    name: dealership?.name ?? site.name,
    phone: sales?.phone ?? dealership?.phone ?? site.phone,
    email: dealership ? leadAddress(site, dealership, {}) : site.email,
    address: sales?.address ?? site.address,
  };
}

/**
 * A moment as the dealer's clock reads it, the way shoppers read dates (`formatAustralianDate`) and
 * hours (`formatHour`): `4:30pm on Sunday 29 November 2026 (Brisbane time)`.
 */
export function dealerTime(instant: Date, state: SiteConfig['address']['state']): string {
  const zone = STATE_TIME_ZONES[state];
  const clock = localClock(instant, zone);
  const city = (zone.split('/')[1] ?? zone).replace(/_/g, ' ');
  return `${formatHour(clock.time)} on ${WEEKDAYS[clock.weekday] ?? ''} ${formatAustralianDate(clock.date) ?? clock.date} (${city} time)`;
}

/** `20000` cents → `$200`; `12550` → `$125.50`. */
const money = (cents: number): string => formatPrice(cents / 100, cents % 100 === 0 ? 0 : 2);

/**
 * The shopper's email for one reservation receipt (issue 34 item 5; decision 120): `held` — the car
 * with a link to its page, the deposit authorised (held on the card, not taken), until when (the
 * dealer's time) and how to cancel (there is no self-service cancel: reply, call or email the
 * dealership); `released` — the car is no longer held, the authorisation cancelled and nothing taken
 * (the sweep cancels it as it releases); `released_by_dealer` — the dealer ended the hold early in
 * the console (issue 36 item 4), the authorisation cancelled and nothing taken, and whom to ask;
 * `confirmed` — the sale, the deposit taken towards the price.
 * Each names the reservation number, the payment reference (the processor's payment id) and the
 * dealership's phone, email and address. Plain text, from `LEADS_FROM` under the site's name.
 */
export function receiptEmail(parts: {
  receipt: DueReceipt;
  site: SiteConfig;
  car: Car | null;
  from: string;
}): Email {
  const { receipt, site, car } = parts;
  const dealer = dealerContact(site, receipt.dealership_id);
  const origin = receipt.origin ?? (site.domains[0] ? `https://${site.domains[0]}` : null);
  const carName = car?.name ?? 'the car you reserved';
  const carLine = car ? `${car.name} (stock ${car.stocknum})` : carName;
  const carLink = car && origin ? `${origin}/cars/${car.slug}` : null;
  const deposit = money(receipt.amount_cents);
  const until = receipt.held_until ? dealerTime(new Date(receipt.held_until), dealer.address.state) : null;
  const reach = `call ${dealer.name} on ${dealer.phone} or email ${dealer.email}`;
  const references = [
    `Reservation number: ${receipt.reservation_id}`,
    ...(receipt.charge_id ? [`Payment reference: ${receipt.charge_id}`] : []),
  ];
  const signature = [
    '',
    dealer.name,
    `${dealer.address.street}, ${dealer.address.city} ${dealer.address.state.toUpperCase()} ${dealer.address.postcode}`,
    dealer.phone,
    dealer.email,
  ];
  const hello = `Hello ${receipt.customer.name},`;
  const content: Record<DueReceipt['kind'], { subject: string; lines: string[] }> = {
    held: {
      subject: `Reserved: the ${carName} is held for you until ${until ?? 'further notice'}`,
      lines: [
        hello,
        '',
        `Thank you for reserving with ${dealer.name}. Your fully refundable ${deposit} deposit is authorised on your card and we are holding this car for you:`,
        '',
        carLine,
        ...(carLink ? [carLink] : []),
        '',
        ...(until ? [`Held until: ${until}`] : []),
        `Deposit: ${deposit}, authorised on your card: held there, not taken`,
        ...references,
        '',
        `Your bank may show the ${deposit} as pending. It is taken only if you go ahead and ${dealer.name} confirms the sale, towards the price. If the sale is not confirmed by then, the hold ends and the authorisation is cancelled: nothing is taken.`,
        '',
        `The ${dealer.name} team will call you to arrange the rest. To cancel your reservation, reply to this email, ${reach}, quoting your reservation number.`,
      ],
    },
    released: {
      subject: `Your hold on the ${carName} has ended`,
      lines: [
        hello,
        '',
        `Your hold on the ${carLine} at ${dealer.name} ended${until ? ` at ${until}` : ''} without a sale being confirmed, so the car is no longer held for you.`,
        '',
        `The ${deposit} authorisation on your card has been cancelled: nothing was taken. Your bank may take a few business days to stop showing it as pending.`,
        '',
        ...references,
        '',
        carLink
          ? `Still interested? See whether the car is available: ${carLink}, or ${reach}.`
          : `Still interested? ${reach[0]?.toUpperCase()}${reach.slice(1)}.`,
      ],
    },
    released_by_dealer: {
      subject: `Your hold on the ${carName} has been released`,
      lines: [
        hello,
        '',
        `${dealer.name} has released your hold on the ${carLine}, so the car is no longer held for you.`,
        '',
        `The ${deposit} authorisation on your card has been cancelled: nothing was taken. Your bank may take a few business days to stop showing it as pending.`,
        '',
        ...references,
        '',
        `If you did not expect this, or you are still interested in the car, ${reach}, quoting your reservation number.`,
      ],
    },
    confirmed: {
      subject: `Sale confirmed: the ${carName} from ${dealer.name}`,
      lines: [
        hello,
        '',
        `${dealer.name} has confirmed the sale of the ${carLine} to you.`,
        ...(carLink ? [carLink] : []),
        '',
        `Your ${deposit} deposit has now been taken from the card it was authorised on, towards the price.`,
        ...references,
        '',
        `The ${dealer.name} team will be in touch to arrange the rest. Any questions: ${reach}.`,
      ],
    },
  };
  const { subject, lines } = content[receipt.kind];
  return {
    to: receipt.customer.email,
    from: `${JSON.stringify(site.name)} <${parts.from}>`,
    // A reply (to cancel, or to ask) reaches the dealership, not the sending address.
    replyTo: dealer.email,
    subject,
    text: [...lines, ...signature].join('\n'),
    dealer: { slug: site.slug, name: site.name },
    fileName: `receipt-${receipt.kind}-${receipt.reservation_id}.eml`,
  };
}
