import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ShopperContact } from '../../../domain/shopper-contact.ts';
import { enquiryMachine } from '../../../machines/enquiry/enquiry.machine.ts';
import { selectEnquiryKind, selectEnquiryStep } from '../../../machines/enquiry/enquiry.selectors.ts';
import { catalogVehicleSettings } from '../../../machines/vehicle-page/vehicle-page.catalog.ts';
import type { VehicleData } from '../../../machines/vehicle-page/vehicle-page.machine.ts';
import { vehiclePageMachine } from '../../../machines/vehicle-page/vehicle-page.machine.ts';
import {
  selectCollapsibleSections,
  selectEnquiry,
  selectError,
  selectIsNotFound,
  selectPhoneReveal,
  selectVehicleView,
} from '../../../machines/vehicle-page/vehicle-page.selectors.ts';
import { ServiceError } from '../../../services/errors.ts';
import { buildCar } from '../../fixtures/cars.ts';

const vehicle = (overrides: Parameters<typeof buildCar>[0] = {}): VehicleData => ({
  car: buildCar({ payment_processors: ['stripe'], ...overrides }),
  dealer: { id: 1, slug: 'bayside-mazda', name: 'Bayside Mazda', phone: '07 5550 1100' },
  price_history: [],
  as_of: '2026-03-01T00:00:00.000Z',
  origin: 'https://example.test',
});

/** The enquiry form's rules as the form brings them. */
const RULES = { contact: true, dealershipCount: 1, categories: ['Vehicle Enquiry'] };

/** The enquiry's logic as the page loads it on intent (a visitor's: no details to fill in). */
const enquiryLogic = enquiryMachine.provide({
  actors: { readContact: fromPromise(async (): Promise<ShopperContact | null> => null) },
});

/** The enquiry's loader, counting its loads; `failing` loads fail first (a chunk that did not arrive). */
function enquiryLoads(failing = 0) {
  const counted = { loads: 0 };
  const load = async () => {
    counted.loads += 1;
    if (counted.loads <= failing) throw new TypeError('Failed to fetch dynamically imported module');
    return enquiryLogic;
  };
  return { counted, load };
}

function start(
  load: () => Promise<VehicleData>,
  settings = catalogVehicleSettings,
  loadEnquiry: () => Promise<typeof enquiryLogic> = async () => enquiryLogic,
) {
  return createActor(
    vehiclePageMachine.provide({
      actors: { loadVehicle: fromPromise(load), loadEnquiry: fromPromise(loadEnquiry) },
    }),
    { input: { slug: '2021-mazda-cx-5-maxx-sport-10001', settings } },
  ).start();
}

describe('vehiclePage machine (issue 5 item 2)', () => {
  it('loads the car, then is ready with its flows running', async () => {
    const actor = start(async () => vehicle());
    await waitFor(actor, (s) => s.matches('ready'));
    const snapshot = actor.getSnapshot();
    expect(selectVehicleView(snapshot)?.car.id).toBe(10001);
    expect(selectPhoneReveal(snapshot)?.getSnapshot().value).toBe('masked');
    expect(selectCollapsibleSections(snapshot)?.getSnapshot().context.open).toEqual([
      'Reserve Online',
      'Car Summary',
    ]);
  });

  it('an unknown slug (a notFound ServiceError) is notFound, a final state', async () => {
    const actor = start(async () => {
      throw new ServiceError('notFound', 'No such car on this site', { status: 404 });
    });
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectIsNotFound(actor.getSnapshot())).toBe(true);
  });

  it('any other failure keeps its message as a string and retries', async () => {
    let calls = 0;
    const actor = start(async () => {
      calls += 1;
      if (calls === 1) throw new ServiceError('network', 'Network error: offline');
      return vehicle();
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectError(actor.getSnapshot())).toBe('Network error: offline');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toBe(2);
  });

  it('a persisted ready snapshot restores with its children and does not load again', async () => {
    const first = start(async () => vehicle());
    await waitFor(first, (s) => s.matches('ready'));
    const persisted = JSON.parse(JSON.stringify(first.getPersistedSnapshot()));
    first.stop();
    let loads = 0;
    const restored = createActor(
      vehiclePageMachine.provide({
        actors: {
          loadVehicle: fromPromise(async () => {
            loads += 1;
            return vehicle();
          }),
        },
      }),
      { snapshot: persisted, input: { slug: 'x', settings: catalogVehicleSettings } },
    ).start();
    expect(restored.getSnapshot().matches('ready')).toBe(true);
    expect(selectPhoneReveal(restored.getSnapshot())?.getSnapshot().value).toBe('masked');
    expect(loads).toBe(0);
  });

  it('the enquiry is not in the first state: it starts on intent, from the car (decision 134)', async () => {
    const { counted, load } = enquiryLoads();
    const actor = start(async () => vehicle(), catalogVehicleSettings, load);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectEnquiry(actor.getSnapshot())).toBeUndefined();
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain('"enquiry"');
    expect(counted.loads).toBe(0);
    actor.send({ type: 'enquiry.load', rules: RULES });
    const enquiry = await waitFor(actor, (s) => selectEnquiry(s) !== undefined).then(selectEnquiry);
    actor.send({ type: 'enquiry.load', rules: RULES });
    expect(counted.loads).toBe(1);
    expect(selectEnquiryStep(enquiry?.getSnapshot())).toBe('message');
    expect(enquiry?.getSnapshot().context.defaults).toMatchObject({ car_id: 10001, 'Vehicle Make': 'Mazda' });
  });

  it('a photo request before the enquiry runs waits for it and reaches it; a failed load waits for the next intent', async () => {
    const { counted, load } = enquiryLoads(1);
    const actor = start(async () => vehicle(), catalogVehicleSettings, load);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'enquiry.requestPhotos' });
    expect(counted.loads).toBe(0);
    actor.send({ type: 'enquiry.load', rules: RULES });
    await waitFor(actor, (s) => s.matches({ ready: 'enquiryFailed' }));
    expect(selectEnquiry(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'enquiry.load', rules: RULES });
    const enquiry = await waitFor(actor, (s) => selectEnquiry(s) !== undefined).then(selectEnquiry);
    expect(counted.loads).toBe(2);
    expect(selectEnquiryStep(enquiry?.getSnapshot())).toBe('details');
    expect(selectEnquiryKind(enquiry?.getSnapshot())).toBe('photos');
    expect(enquiry?.getSnapshot().context.rules).toEqual(RULES);
  });

  it('a sold car has no Reserve Online section and shows the SOLD notice', async () => {
    const actor = start(async () => vehicle({ status: 'sold', sold: true }));
    await waitFor(actor, (s) => s.matches('ready'));
    const view = selectVehicleView(actor.getSnapshot());
    expect(view?.sold).toBe(true);
    expect(view?.similarSearchHref).toBe(
      '/search?refinementList[make][0]=Mazda&refinementList[model][0]=CX-5',
    );
    const sections = selectCollapsibleSections(actor.getSnapshot())?.getSnapshot().context.sections;
    expect(sections?.map((section) => section.name)).toEqual([
      'Why Buy From Us',
      'Protect Your Car',
      'Car Summary',
      'All Specifications',
    ]);
  });
});

describe('the car page view (rules applied with the answer’s clock and the site’s switches)', () => {
  const viewOf = async (data: VehicleData, settings = catalogVehicleSettings) => {
    const actor = start(async () => data, settings);
    await waitFor(actor, (s) => s.matches('ready'));
    const view = selectVehicleView(actor.getSnapshot());
    if (!view) throw new Error('no view');
    return view;
  };

  it('§5 finance estimate for the site’s provider; hidden by the financeHidden dealership switch', async () => {
    const lenders = { oem: { interestRate: 6.99, comparisonRate: 7.49, paymentMonth: 612.4 } };
    const shown = await viewOf(vehicle({ finance_lenders: lenders }));
    expect(shown.finance?.monthly).toBe('$612');
    expect(shown.preApprovedUrl).toBe(
      '/finance?preferredDealership=bayside-mazda&vehiclePriceBudget=30000&car_id=10001&car_type=used#finance-form',
    );
    const hidden = await viewOf(vehicle({ finance_lenders: lenders }), {
      ...catalogVehicleSettings,
      financeHiddenDealerships: ['bayside-mazda'],
    });
    expect(hidden.finance).toBeNull();
    expect(hidden.featureLinks.map((link) => link.id)).toEqual(['trade-in', 'test-drive']);
  });

  it('§5 rego expiry only in the future of the answer’s clock; §9 caravan sizes in metres', async () => {
    const view = await viewOf(
      vehicle({
        rego_expiry: '2026-06-30',
        vehicle_kind: 'caravans',
        specifications: { body_length: 22, body_width: 8 },
      }),
    );
    const rows = Object.fromEntries(view.specifications.map((row) => [row.label, row.value]));
    expect(rows['Rego expiry']).toBe('Expires on 30 June 2026');
    expect(rows['Body length']).toBe('6.71m');
    expect(rows['Body width']).toBe('2.44m');
    const expired = await viewOf(vehicle({ rego_expiry: '2026-02-01' }));
    expect(expired.specifications.some((row) => row.label === 'Rego expiry')).toBe(false);
  });

  it('§2/§8 the contact phone follows the site’s number for the car type', async () => {
    const view = await viewOf(vehicle(), {
      ...catalogVehicleSettings,
      phoneNumbers: { used: '07 5550 1102' },
    });
    expect(view.phone).toBe('07 5550 1102');
  });
});
