import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLead, listLeads, pendingDeliveries, updateLead } from '../../../server/store/leads.repo.ts';
import { type TestStore, testDrivers } from './test-stores.ts';

/** Issue 15 item 6: a lead and its delivery job are one write; a repeated key is one lead — on both engines. */
describe.each(testDrivers('leads'))('leads on $name', (driver) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await driver.open();
  });
  afterAll(async () => {
    await store?.cleanup();
  });

  const lead = (key: string | null) => ({
    siteId: 101,
    dealershipId: 1011,
    carId: null,
    payload: { category: 'General Enquiry', email: 'jo@example.com' },
    idempotencyKey: key,
  });

  it('stores the lead with its first delivery job', async () => {
    const { leadId, created } = await createLead(store.db, lead(null));
    expect(created).toBe(true);
    expect(await pendingDeliveries(store.db)).toContainEqual({ lead_id: leadId, version: 1 });
    expect((await listLeads(store.db, 101)).map((l) => l.lead_id)).toContain(leadId);
  });

  it('ten writes with one key at the same moment store one lead and one job', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => createLead(store.db, lead('same-key'))),
    );
    expect(new Set(results.map((r) => r.leadId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const leadId = results[0]?.leadId;
    expect((await pendingDeliveries(store.db)).filter((d) => d.lead_id === leadId)).toHaveLength(1);
  });

  it('an update is a new version with its own job, on the lead’s own site and flow only; a resent one is nothing new', async () => {
    const { leadId } = await createLead(store.db, {
      ...lead(null),
      payload: { category: 'Trade-in Enquiry', subcategory: '2. Valuation', email: 'jo@example.com' },
    });
    const acceptance = {
      category: 'Trade-in Enquiry',
      subcategory: '3. Offer Accepted',
      offer_accepted: true,
    };
    expect(await updateLead(store.db, 102, leadId, acceptance)).toBeNull();
    expect(
      await updateLead(store.db, 101, leadId, { ...acceptance, category: 'General Enquiry' }),
    ).toBeNull();
    const updated = await updateLead(store.db, 101, leadId, acceptance);
    expect(updated).toEqual({ leadId, version: 2, changed: true });
    const stored = (await listLeads(store.db, 101)).find((l) => l.lead_id === leadId);
    expect(stored).toMatchObject({
      subcategory: '3. Offer Accepted',
      payload: { offer_accepted: true, email: 'jo@example.com' },
    });
    expect(await pendingDeliveries(store.db)).toContainEqual({ lead_id: leadId, version: 2 });
    expect(await updateLead(store.db, 101, leadId, acceptance)).toEqual({
      leadId,
      version: 2,
      changed: false,
    });
    expect((await pendingDeliveries(store.db)).filter((d) => d.lead_id === leadId)).toHaveLength(2);
  });
});
