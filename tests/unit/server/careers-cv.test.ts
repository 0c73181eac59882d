import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CV_RULES } from '../../../domain/careers-cv-rules.ts';
import { careersCvLinks, cvLinkToken } from '../../../server/careers/cv-links.ts';
import { readMediaObject } from '../../../server/media/media-store.ts';
import type { Db, Executor } from '../../../server/store/db.ts';
import { listLeads } from '../../../server/store/leads.repo.ts';
import { IN_MEMORY, openStore } from '../../../server/store/open-store.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { docFile, docxFile, pdfFile } from '../../fixtures/cv-files.ts';
import { type AccountServer, roomyLimiter, startAccountServer } from './watchlist-test-server.ts';

/**
 * Issue 37 item 9: the careers form's CV — `POST /api/careers/cv` takes one PDF or Word file under
 * 5 MB, judged by its bytes, stores it under a key of our own and answers its id; a careers enquiry
 * names that id once, on the site that took it; the dealer opens it through a signed, expiring link.
 */
const BAYSIDE = 'bayside-mazda';
const BAYSIDE_SITE = 101;
const HARBOUR = 'harbour-auto-group';
const BOUNDARY = '----forecourtCvBoundary';

let db: Db;
let server: AccountServer;

/**
 * The server's store, with two hooks a test sets to order two requests: one that holds the next
 * transaction before it opens, and one told of each statement run outside a transaction.
 */
const hooks: { holdNextTransaction: (() => Promise<void>) | null; ran: ((sql: string) => void) | null } = {
  holdNextTransaction: null,
  ran: null,
};
const hooked = (store: Db): Db => ({
  driver: store.driver,
  close: () => store.close(),
  async query<T>(sql: string, params?: readonly unknown[]) {
    const result = await store.query<T>(sql, params);
    hooks.ran?.(sql);
    return result;
  },
  async transaction<T>(fn: (tx: Executor) => Promise<T>) {
    const hold = hooks.holdNextTransaction;
    hooks.holdNextTransaction = null;
    if (hold) await hold();
    return store.transaction(fn);
  },
});

beforeAll(async () => {
  db = await openStore({ dataDir: IN_MEMORY });
  server = await startAccountServer(hooked(db), { limiter: roomyLimiter() });
});
afterAll(async () => {
  await server?.close();
  await db?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

function multipart(file: { name: string; type: string; bytes: Buffer }, field = 'file'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

function send(
  path: string,
  options: { body?: Buffer; method?: string; slug?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const host = server.host(options.slug ?? BAYSIDE);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: options.method ?? 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'sec-fetch-site': 'same-origin',
          ...(options.body
            ? {
                'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
                'content-length': String(options.body.length),
              }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    request.on('error', (error) => {
      if (!/EPIPE|ECONNRESET/.test(String(error))) reject(error);
    });
    request.end(options.body);
  });
}

const uploadCv = (name: string, bytes: Buffer, slug = BAYSIDE, type = 'application/pdf') =>
  send('/api/careers/cv', { body: multipart({ name, type, bytes }), slug });

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

const careersLead = (fields: Record<string, unknown> = {}) => ({
  form: 'careers',
  userData: {
    category: 'General Enquiry',
    subcategory: 'Career Enquiry',
    name: 'Jo Citizen',
    email: 'jo@example.com',
    phone: '0400 111 222',
    message: 'I would like to join your service team.',
    opt_in: true,
    ...fields,
  },
});
const sendLead = (body: unknown, slug = BAYSIDE) => server.request(slug, '/api/leads', { body });

async function storedCv(): Promise<string> {
  const answer = await uploadCv('Jo Citizen CV.pdf', pdfFile());
  expect(answer.status).toBe(201);
  return answer.json<{ cv_id: string }>().cv_id;
}

describe('POST /api/careers/cv', () => {
  it.each([
    ['cv.pdf', pdfFile(), 'pdf', 'application/pdf'],
    [
      'cv.docx',
      docxFile(),
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['cv.doc', docFile(), 'doc', 'application/msword'],
  ])('stores %s under a key of its own, judged by its bytes', async (name, bytes, kind, contentType) => {
    const answer = await uploadCv(name, bytes, BAYSIDE, 'application/octet-stream');
    expect(answer.status).toBe(201);
    const stored = answer.json<{ cv_id: string; name: string; size: number }>();
    expect(stored).toEqual({ cv_id: expect.stringMatching(/^[0-9a-f-]{36}$/), name, size: bytes.length });
    const { rows } = await db.query<{ storage_key: string; content_type: string; kind: string }>(
      'SELECT storage_key, content_type, kind FROM careers_cvs WHERE id = $1',
      [stored.cv_id],
    );
    expect(rows[0]).toEqual({
      storage_key: `careers/${BAYSIDE_SITE}/${stored.cv_id}.${kind}`,
      content_type: contentType,
      kind,
    });
    expect((await readMediaObject(server.media, rows[0]?.storage_key ?? ''))?.equals(bytes)).toBe(true);
  });

  it('refuses a text file renamed .pdf and HTML disguised as a PDF, with the message the form shows', async () => {
    for (const bytes of [
      Buffer.from('Jo Citizen\nExperience: 10 years\n'),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]) {
      const answer = await uploadCv('cv.pdf', bytes);
      expect(answer.status).toBe(422);
      expect(answer.json<Refusal>().error).toMatchObject({ code: 'not_a_cv', message: CV_RULES.wrongType });
    }
  });

  it('refuses a CV of 5 MB or more', async () => {
    const big = Buffer.concat([pdfFile(), Buffer.alloc(CV_RULES.maxBytes)]);
    const answer = await uploadCv('big.pdf', big);
    expect(answer.status).toBe(413);
    expect(answer.json<Refusal>().error.message).toBe(CV_RULES.tooBig);
  });

  it('never keeps a path trick from the file name: the key is ours, the name only sanitised text', async () => {
    const answer = await uploadCv('../../../../etc/cron.d/evil<script>.pdf', pdfFile());
    expect(answer.status).toBe(201);
    const { cv_id, name } = answer.json<{ cv_id: string; name: string }>();
    expect(name).toBe('evilscript.pdf');
    const { rows } = await db.query<{ storage_key: string }>(
      'SELECT storage_key FROM careers_cvs WHERE id = $1',
      [cv_id],
    );
    expect(rows[0]?.storage_key).toBe(`careers/${BAYSIDE_SITE}/${cv_id}.pdf`);
  });

  it('takes only multipart, only from the site’s own pages, and nothing without a file', async () => {
    const json = await send('/api/careers/cv', {
      body: Buffer.from('{"file":"%PDF-"}'),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(415);
    const crossSite = await send('/api/careers/cv', {
      body: multipart({ name: 'cv.pdf', type: 'application/pdf', bytes: pdfFile() }),
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const noFile = await send('/api/careers/cv', {
      body: multipart({ name: 'cv.pdf', type: 'application/pdf', bytes: pdfFile() }, 'other'),
    });
    expect(noFile.status).toBe(422);
  });
});

describe('a careers enquiry with its CV', () => {
  it('claims the CV once: a second lead naming it is refused', async () => {
    const cvId = await storedCv();
    const first = await sendLead(careersLead({ cv_id: cvId }));
    expect(first.status).toBe(201);
    const { lead_id } = first.json<{ lead_id: string }>();
    const lead = (await listLeads(db, BAYSIDE_SITE)).find((l) => l.lead_id === lead_id);
    expect(lead?.payload).toMatchObject({ cv_id: cvId });
    const { rows } = await db.query<{ lead_id: string }>('SELECT lead_id FROM careers_cvs WHERE id = $1', [
      cvId,
    ]);
    expect(rows[0]?.lead_id).toBe(lead_id);
    const again = await sendLead(careersLead({ cv_id: cvId }));
    expect(again.status).toBe(422);
    expect(again.json<Refusal>().error.fields).toEqual({ cv_id: CV_RULES.expired });
  });

  it('a lead that fails to store leaves its CV free: the resend is stored with it', async () => {
    const cvId = await storedCv();
    const before = (await listLeads(db, BAYSIDE_SITE)).length;
    // The store fails at the last step, after the CV is claimed: naming the lead it went with.
    await db.query(`CREATE FUNCTION refuse_cv_lead() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the store is unavailable'; END $$`);
    await db.query(`CREATE TRIGGER refuse_cv_lead BEFORE UPDATE ON careers_cvs
      FOR EACH ROW WHEN (NEW.lead_id IS NOT NULL) EXECUTE FUNCTION refuse_cv_lead()`);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failed: Awaited<ReturnType<typeof sendLead>>;
    try {
      failed = await sendLead(careersLead({ cv_id: cvId }));
    } finally {
      await db.query('DROP TRIGGER refuse_cv_lead ON careers_cvs');
      await db.query('DROP FUNCTION refuse_cv_lead()');
    }
    expect(failed.status).toBe(500);
    expect(String(logged.mock.calls[0]?.[0])).toContain('the store is unavailable');
    expect((await listLeads(db, BAYSIDE_SITE)).length).toBe(before);

    const resent = await sendLead(careersLead({ cv_id: cvId }));
    expect(resent.status).toBe(201);
    const { lead_id } = resent.json<{ lead_id: string }>();
    const { rows } = await db.query<{ lead_id: string }>('SELECT lead_id FROM careers_cvs WHERE id = $1', [
      cvId,
    ]);
    expect(rows[0]?.lead_id).toBe(lead_id);
    expect((await listLeads(db, BAYSIDE_SITE)).length).toBe(before + 1);
  });

  it('an enquiry whose CV is refused stores no lead', async () => {
    const before = (await listLeads(db, BAYSIDE_SITE)).length;
    const unknown = await sendLead(careersLead({ cv_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(422);
    expect((await listLeads(db, BAYSIDE_SITE)).length).toBe(before);
  });

  it('a resend with the same Idempotency-Key answers the same lead, even sent while the first is storing', async () => {
    const cvId = await storedCv();
    const before = (await listLeads(db, BAYSIDE_SITE)).length;
    const headers = { 'idempotency-key': `careers-${cvId}` };
    const send = () => server.request(BAYSIDE, '/api/leads', { body: careersLead({ cv_id: cvId }), headers });
    // The first request to store waits until the second has looked its key up and found no lead.
    let secondLookedUp = () => {};
    const lookedUp = new Promise<void>((resolve) => {
      secondLookedUp = resolve;
    });
    let lookups = 0;
    hooks.ran = (sql) => {
      if (sql.startsWith('SELECT lead_id FROM leads') && ++lookups === 2) secondLookedUp();
    };
    hooks.holdNextTransaction = () => lookedUp;
    let answers: Awaited<ReturnType<typeof send>>[];
    try {
      answers = await Promise.all([send(), send()]);
    } finally {
      hooks.ran = null;
      hooks.holdNextTransaction = null;
    }
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const ids = new Set(answers.map((a) => a.json<{ lead_id: string }>().lead_id));
    expect(ids.size).toBe(1);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.json<{ lead_id: string }>().lead_id).toBe([...ids][0]);
    const { rows } = await db.query<{ lead_id: string }>('SELECT lead_id FROM careers_cvs WHERE id = $1', [
      cvId,
    ]);
    expect(rows[0]?.lead_id).toBe([...ids][0]);
    expect((await listLeads(db, BAYSIDE_SITE)).length).toBe(before + 1);
  });

  it('refuses a CV another site took, one never stored, and one still uploading', async () => {
    const cvId = await storedCv();
    const elsewhere = await sendLead(
      careersLead({ cv_id: cvId, dealership_slug: 'harbour-toyota' }),
      HARBOUR,
    );
    expect(elsewhere.status).toBe(422);
    const unknown = await sendLead(careersLead({ cv_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.json<Refusal>().error.fields).toEqual({ cv_id: CV_RULES.expired });
    const uploading = await sendLead(careersLead({ cv_id: 'uploading' }));
    expect(uploading.status).toBe(422);
    expect(uploading.json<Refusal>().error.fields).toEqual({ cv_id: CV_RULES.notReady });
  });

  it('refuses a CV stored more than two hours before the enquiry', async () => {
    const cvId = await storedCv();
    await db.query("UPDATE careers_cvs SET created_at = now() - interval '3 hours' WHERE id = $1", [cvId]);
    const late = await sendLead(careersLead({ cv_id: cvId }));
    expect(late.json<Refusal>().error.fields).toEqual({ cv_id: CV_RULES.expired });
  });

  it('a form that takes no CV drops a cv_id sent with it', async () => {
    const cvId = await storedCv();
    const contact = await sendLead({
      form: 'contact',
      userData: { ...careersLead().userData, subcategory: undefined, postcode: '4178', cv_id: cvId },
    });
    expect(contact.status).toBe(201);
    const { lead_id } = contact.json<{ lead_id: string }>();
    const lead = (await listLeads(db, BAYSIDE_SITE)).find((l) => l.lead_id === lead_id);
    expect(lead?.payload).not.toHaveProperty('cv_id');
  });
});

describe('the dealer’s signed link to a CV', () => {
  it('the lead’s link opens the CV as a download; a changed, expired or other site’s link does not', async () => {
    const cvId = await storedCv();
    const sent = await sendLead(careersLead({ cv_id: cvId }));
    const { lead_id } = sent.json<{ lead_id: string }>();
    const lead = (await listLeads(db, BAYSIDE_SITE)).find((l) => l.lead_id === lead_id);
    const site = loadTenants().find((s) => s.slug === BAYSIDE);
    if (!lead || !site) throw new Error('no lead');
    const link = await careersCvLinks({
      db,
      linkSecret: server.linkSecret,
      originOf: () => 'https://unused',
    })(site, lead, `http://${server.host(BAYSIDE)}`);
    expect(link?.name).toBe('Jo Citizen CV.pdf');
    const path = new URL(link?.url ?? '').pathname;
    const opened = await send(path, { method: 'GET' });
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toMatch(/^attachment;/);
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.body.equals(pdfFile())).toBe(true);

    const changed = path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await send(changed, { method: 'GET' })).status).toBe(404);
    expect((await send(path, { method: 'GET', slug: HARBOUR })).status).toBe(404);
    const expired = cvLinkToken(server.linkSecret, BAYSIDE_SITE, cvId, new Date(Date.now() - 1000));
    expect((await send(`/api/careers/cv/${expired}`, { method: 'GET' })).status).toBe(410);
    expect((await send(`/api/careers/cv/${cvId}`, { method: 'GET' })).status).toBe(404);
  });
});
