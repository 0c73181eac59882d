import { describe, expect, it } from 'vitest';
import { createHttp } from '../../../services/http.ts';
import { sendLead } from '../../../services/leads/leads.service.ts';

/** `POST /api/leads` as the lead-sending machine calls it (issue 32 items 1 and 5). */
function fakeServer() {
  const bodies: Array<{ body: Record<string, unknown>; key: string | null }> = [];
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      bodies.push({ body: await request.clone().json(), key: request.headers.get('idempotency-key') });
      return Response.json({ lead_id: '00000000-0000-4000-8000-000000000001' }, { status: 201 });
    },
  });
  return { http, bodies };
}

describe('sendLead', () => {
  it('§3: the service builds the body from the machine’s LeadSend: its form, the shaped userData, the honeypot beside', async () => {
    const { http, bodies } = fakeServer();
    const answer = await sendLead(http)({
      form: 'service',
      values: {
        category: 'Service Booking',
        name: 'Sam',
        'Tyres (check_option)': true,
        'Brakes (check_option)': false,
        company_website: 'spam',
      },
    });
    expect(answer).toEqual({ lead_id: '00000000-0000-4000-8000-000000000001' });
    const body = bodies[0]?.body ?? {};
    expect(body).toMatchObject({
      form: 'service',
      last_step: true,
      company_website: 'spam',
      userData: {
        category: 'Service Booking',
        name: 'Sam',
        additional_services: ['Tyres'],
        source: 'website',
        form_completed: true,
      },
    });
    expect((body.userData as Record<string, unknown> | undefined)?.company_website).toBeUndefined();
  });

  it('the same lead sent again carries the same Idempotency-Key; changed values a new one', async () => {
    const { http, bodies } = fakeServer();
    const send = sendLead(http);
    const lead = { form: 'contact', values: { category: 'General Enquiry', name: 'Sam' } };
    await send(lead);
    await send(lead);
    await send({ ...lead, values: { ...lead.values, name: 'Robin' } });
    expect(bodies[0]?.key).toBeTruthy();
    expect(bodies[1]?.key).toBe(bodies[0]?.key);
    expect(bodies[2]?.key).not.toBe(bodies[0]?.key);
  });
});
