import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../domain/contracts/endpoint.ts';
import { SEARCH_TOO_LONG_MESSAGE } from '../../../domain/saved-search.ts';
import { apiRoutes } from '../../../server/api/routes.ts';
import { createApp } from '../../../server/app.ts';
import { RateLimiter } from '../../../server/auth/rate-limit.ts';
import { openBackends } from '../../../server/backends.ts';
import { consoleApiRoutes } from '../../../server/console/console-routes.ts';
import { staffAdminRoutes } from '../../../server/console/staff/staff-admin.routes.ts';
import { readEnv } from '../../../server/env.ts';
import { createLogger } from '../../../server/logger.ts';
import { localMediaStore } from '../../../server/media/media-store.ts';
import { purgeAdminRoutes } from '../../../server/retention/admin.routes.ts';
import { loadSecrets } from '../../../server/secrets.ts';
import type { Db } from '../../../server/store/db.ts';
import { loadTenants } from '../../../server/tenants/load.ts';
import { render } from '../../../views/app/entry-server.tsx';
import { loadAllPages } from '../../../views/app/pages.ts';
import { createStaffMember, staffCookie } from '../../fixtures/staff.ts';
import { signedInShopper } from './test-session.ts';

/**
 * Issue 14 item 7: every route, page and `/api`, walked with hostile values in its parameters —
 * wrong case, undecodable escapes, prototype names, encoded slashes and NUL, huge and odd numbers —
 * answers 4xx (or a page that is found), never 5xx.
 */
const HOSTILE = [
  'Foo',
  '%ff',
  '%',
  '__proto__',
  'constructor',
  '..%2f..%2fetc%2fpasswd',
  'a%2fb',
  'a%00b',
  '%00',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  'NaN',
  `${'a'.repeat(5000)}`,
  '%F0%9F%9A%97',
  '<script>',
];

const PAGE_TEMPLATES = [
  '/cars/{}',
  '/search/{}',
  '/search/{}/{}',
  '/{}',
  '/sign-in?type={}&redirect={}&back={}',
  '/watchlist?{}={}',
];
const API_GETS = [
  '/api/cars/{}',
  '/api/cars/{}/pdf',
  '/api/car-finance?car_id={}',
  '/api/{}',
  '/api/auth/{}',
  // A careers CV's signed link (issue 37 item 9).
  '/api/careers/cv/{}',
  '/api/careers/cv/{}.{}.{}',
];
/** The dealer console's reads (issue 36), walked as a signed-in manager of the site. */
const CONSOLE_GETS = [
  '/api/dealer/{}',
  '/api/dealer/leads/{}',
  '/api/dealer/leads/{}/cv',
  '/api/dealer/leads?type={}&status={}&dealership={}&from={}&to={}&q={}&after={}',
  '/api/dealer/leads?q={}&dealership={}',
  '/api/dealer/leads?after={}',
  '/api/dealer/leads/export?type={}&status={}&dealership={}&from={}&to={}&q={}',
  '/api/dealer/leads/export?q={}',
  '/api/dealer/reservations?state={}',
  '/api/dealer/invitation?token={}',
  '/api/dealer/audit?page={}',
  '/api/dealer/stock?q={}',
];
/** The console's actions whose only input is the address (issue 36), posted as that manager. */
const CONSOLE_POSTS: Record<string, unknown> = {
  '/api/dealer/hours/{}/days/{}/remove': {},
  '/api/dealer/offers/{}/end': {},
  '/api/dealer/reservations/{}/confirm': {},
  '/api/dealer/reservations/{}/release': {},
  '/api/dealer/staff/{}/remove': {},
  '/api/dealer/staff/{}/role': { role: 'sales' },
  '/api/dealer/leads/{}/status': { status: 'new' },
  '/api/dealer/stock/cars/{}': { action: 'hide' },
};

const HOST = { host: 'bayside-mazda.localhost' };
let db: Db;
let app: ReturnType<typeof createApp>;

let close: () => Promise<void>;
let secrets: ReturnType<typeof loadSecrets>;
/** A signed-in manager of Bayside Mazda (site 101), for the console's routes. */
let managerCookie: string;
const ROOMY = { capacity: 1_000_000, perSecond: 1_000_000 };

/** The whole app — its search endpoint and seeded store included — answering in-process. */
beforeAll(async () => {
  await loadAllPages();
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-hostile-'));
  const env = readEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEFAULT_TENANT: 'bayside-mazda',
    DATABASE_URL: '',
  });
  const sites = loadTenants();
  secrets = loadSecrets(dataDir);
  const logger = createLogger({ quiet: true });
  const backends = await openBackends(env, sites, secrets, logger);
  db = backends.db;
  close = backends.close;
  const media = localMediaStore(join(dataDir, 'media'));
  // The dealer console (issue 36) as the server wires it: mails kept in memory, limits out of reach.
  const consoleDeps = {
    db,
    mail: { from: 'console@forecourt.test', mailer: { target: 'memory', send: async () => {} } },
    logger,
    limiters: () => new RateLimiter(ROOMY),
    media,
    sites,
    contentChanged: async () => {},
  };
  app = createApp({
    env,
    sites,
    secrets,
    renderer: { template: async () => readFileSync('index.html', 'utf8'), render },
    logger,
    // The purge's admin route is mounted by the server beside the media storage it deletes from.
    mounts: [
      ...backends.mounts,
      {
        path: '/api/admin',
        app: purgeAdminRoutes({
          db,
          media,
          adminToken: secrets.adminToken,
        }),
      },
      { path: '/api/admin', app: staffAdminRoutes({ ...consoleDeps, adminToken: secrets.adminToken }) },
    ],
    // Limits out of reach: the walk sends thousands of bodies, each of which must reach its parsing.
    apiRoutes: [
      ...apiRoutes({ db, media, limiters: () => new RateLimiter(ROOMY), linkSecret: secrets.linkSecret }),
      consoleApiRoutes(consoleDeps),
    ],
    makeLogos: backends.makeLogos,
  });
  managerCookie = await staffCookie(db, await createStaffMember(db, { siteId: 101, role: 'manager' }));
});
afterAll(async () => {
  await close();
});

const fill = (template: string, value: string) => template.replaceAll('{}', value);

describe('hostile addresses answer 4xx, never 5xx (issue 14 item 7)', () => {
  it.each([...PAGE_TEMPLATES, ...API_GETS, ...CONSOLE_GETS])('GET %s', async (template) => {
    const failures: string[] = [];
    for (const value of HOSTILE) {
      const path = fill(template, value);
      const headers = path.startsWith('/api/dealer/') ? { ...HOST, cookie: managerCookie } : HOST;
      const response = await app.request(`http://bayside-mazda.localhost${path}`, { headers });
      if (response.status >= 500) failures.push(`${path.slice(0, 80)} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(Object.keys(CONSOLE_POSTS))('POST %s', async (template) => {
    const failures: string[] = [];
    for (const value of HOSTILE) {
      const path = fill(template, value);
      const response = await app.request(`http://bayside-mazda.localhost${path}`, {
        method: 'POST',
        headers: { ...HOST, cookie: managerCookie, 'content-type': 'application/json' },
        // A well-formed body, so the address is what is refused.
        body: JSON.stringify(CONSOLE_POSTS[template]),
      });
      if (response.status >= 500) failures.push(`${path.slice(0, 80)} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it.each([
    '/api/cars/phone-reveals',
    '/api/analytics',
    '/api/watchlist/save-car',
    '/api/auth/sign-in',
    '/api/leads',
  ])('POST %s with hostile JSON values', async (path) => {
    const failures: string[] = [];
    const bodies = [
      '{"__proto__":{"polluted":true}}',
      '{"car_id":"1e309","dealership_id":-1,"website_id":null}',
      '{"event_id":"39","car_id":99999999999999999999}',
      '[]',
      'null',
      '"text"',
      '{"email":{"$gt":""},"password":["x"]}',
      `{"phone_number":"${'9'.repeat(5000)}","car_id":1}`,
    ];
    for (const body of bodies) {
      const response = await app.request(`http://bayside-mazda.localhost${path}`, {
        method: 'POST',
        headers: { ...HOST, 'content-type': 'application/json' },
        body,
      });
      if (response.status >= 500) failures.push(`${body.slice(0, 60)} → ${response.status}`);
    }
    expect(failures).toEqual([]);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

/**
 * Issue 31 item 8: every POST contract in `domain/contracts` with a JSON body, its body walked — each
 * string and number replaced in turn by hostile values, and a key no column can keep added to each
 * object. Nothing answers 5xx; a NUL or half a surrogate pair in any text, a card number in any text
 * (issue 34 item 1), and an id beyond the store's integers, is a 4xx that names the field.
 */
describe('hostile values in request bodies answer 4xx naming the field, never 5xx (issue 31 item 8)', () => {
  const UNSTORABLE = ['a\u0000b', '\u0000', 'a\ud800b', '\udc00', 'x\udbff'];
  /** A card number, which no body may carry (issue 34 item 1): 422 naming the field, nothing stored. */
  const CARD_NUMBER = 'My card is 4242 4242 4242 4242';
  const STRINGS = [
    ...UNSTORABLE,
    CARD_NUMBER,
    '',
    'x'.repeat(6000),
    '__proto__',
    '1e309',
    '<script>',
    'a%00b',
  ];
  const NUMBERS = [2 ** 40, 2 ** 31, -1, 0, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2];

  /** A request body a contract takes, built from its schema (the walk then spoils it field by field). */
  function sample(schema: unknown, key = ''): unknown {
    const def = (schema as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    switch (def.type) {
      case 'object': {
        const shape = def.shape as Record<string, unknown>;
        return Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, sample(field, name)]));
      }
      case 'optional':
      case 'nullable':
      case 'default':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return sample(def.innerType, key);
      case 'pipe':
        return sample(def.in, key);
      case 'union':
        return sample((def.options as unknown[])[0], key);
      case 'enum':
        return Object.values(def.entries as Record<string, unknown>)[0];
      case 'literal':
        return (def.values as unknown[])[0];
      case 'array':
        return [sample(def.element, key)];
      case 'record':
        return { a: sample(def.valueType, key) };
      case 'boolean':
        return true;
      case 'number':
      case 'int':
        return 1;
      case 'string':
        if (def.format === 'email' || /email/i.test(key)) return 'sam@example.com';
        if (/phone/i.test(key)) return '0400 111 222';
        if (/postcode/i.test(key)) return '4000';
        if (/password/i.test(key)) return 'correct horse battery';
        return 'text';
      default:
        return null;
    }
  }

  /** The path of every string and number in a body, and of every object in it. */
  function leaves(
    value: unknown,
    path: string[] = [],
  ): { strings: string[][]; numbers: string[][]; objects: string[][] } {
    const found = { strings: [] as string[][], numbers: [] as string[][], objects: [] as string[][] };
    if (typeof value === 'string') found.strings.push(path);
    else if (typeof value === 'number') found.numbers.push(path);
    else if (value !== null && typeof value === 'object') {
      if (!Array.isArray(value)) found.objects.push(path);
      for (const [key, child] of Object.entries(value)) {
        const inner = leaves(child, [...path, key]);
        found.strings.push(...inner.strings);
        found.numbers.push(...inner.numbers);
        found.objects.push(...inner.objects);
      }
    }
    return found;
  }

  const withValue = (body: unknown, path: string[], value: unknown): unknown => {
    const copy = structuredClone(body) as Record<string, unknown>;
    let at: Record<string, unknown> = copy;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
    const last = path.at(-1);
    if (last === undefined) return value;
    at[last] = value;
    return copy;
  };

  /** POST contracts with a JSON body, from every file of `domain/contracts`. */
  async function postContracts(): Promise<{ path: string; body: unknown }[]> {
    const dir = fileURLToPath(new URL('../../../domain/contracts/', import.meta.url));
    const found = new Map<string, unknown>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const module = (await import(join(dir, file))) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        const endpoint = value as Partial<Endpoint> | null;
        if (!endpoint || typeof endpoint !== 'object' || endpoint.method !== 'POST') continue;
        if (typeof endpoint.request !== 'function' || !endpoint.path) continue;
        const body = endpoint.request().body;
        if (body) found.set(endpoint.path, body);
      }
    }
    return [...found].map(([path, schema]) => ({ path, body: sample(schema) }));
  }

  /** A dealer's stock file, and how its columns map to a car's fields. */
  const STOCK_CSV = 'ID,Stock No,Year,Make,Model,Kms,Asking\n9100001,CSV-H1,2020,Mazda,CX-30,31000,27990';
  const STOCK_MAPPING = {
    ID: 'id',
    'Stock No': 'stocknum',
    Year: 'year',
    Make: 'make',
    Model: 'model',
    Kms: 'km',
    Asking: 'price',
  };

  /** An offer as the console's form sends it. */
  const OFFER = {
    title: 'Service special',
    description: 'Half-price wheel alignment',
    image_url: '/media/offers/alignment.jpg',
    link: '/service',
    starts: '2031-01-01',
    ends: '2031-12-31',
    dealership_ids: [1011],
  };

  /** Bodies closer to what the site sends, where a sample would stop short of the store. */
  function realBodies(carId: number, savedSearchId: number): Record<string, unknown> {
    return {
      '/api/leads': {
        form: 'contact',
        last_step: true,
        userData: {
          category: 'General Enquiry',
          name: 'Sam Shopper',
          email: 'sam@example.com',
          phone: '0400 111 222',
          postcode: '4000',
          message: 'Hello',
          car_id: carId,
          lead_attributes: { visited_pages: ['/search'], linked_query_params: { utm_source: 'x' } },
        },
      },
      '/api/reservations': {
        car_id: carId,
        customer: { name: 'Sam Shopper', email: 'sam@example.com', phone: '0400 111 222' },
        payment_method: 'local_tok_success',
      },
      '/api/miscellaneous': { column_name: 'valuation', EvalID: 'EV-1', Make: 'Mazda', Kms: 42_000 },
      '/api/saved-searches': {
        name: 'Mazdas',
        href: '/search?refinementList[make][0]=Mazda',
        search: { make: ['Mazda'], price: { min: 1000, max: 30_000 } },
        car_types: null,
        frequency: 'daily',
      },
      '/api/saved-searches/frequency': { id: savedSearchId, frequency: 'daily' },
      '/api/saved-searches/delete': { id: 2_000_000_000 },
      '/api/saved-searches/by-email': {
        email: 'sam@example.com',
        draft: {
          name: 'Mazdas',
          href: '/search?refinementList[make][0]=Mazda',
          search: { make: ['Mazda'] },
          car_types: null,
          frequency: 'instant',
        },
      },
      '/api/saved-searches/confirm': { token: 'A'.repeat(43) },
      '/api/watchlist/save-car': { phone_number: '0400 111 222', car_id: carId },
      '/api/watchlist/remove-car': { phone_number: '0400 111 222', car_id: carId },
      '/api/cars/phone-reveals': { car_id: carId, dealership_id: 1011, website_id: 101 },
      '/api/analytics': { event_id: 39, car_id: carId, path: '/search' },
      '/api/dealer/offers': OFFER,
      '/api/dealer/offers/:id': OFFER,
      '/api/dealer/hours/:location/days': {
        date: '2031-12-24',
        status: 'Open',
        start_hour: '09:00',
        end_hour: '12:00',
        label: 'Christmas Eve',
      },
      '/api/dealer/leads/:id/resend': { delivery: 'acknowledgement' },
      '/api/dealer/staff/invitations': { email: 'invitee@staff.example', role: 'sales' },
      '/api/dealer/session/sign-in': { email: 'nobody@staff.example', password: 'correct horse battery' },
      '/api/dealer/invitation/accept': {
        token: 'A'.repeat(43),
        name: 'Sam Staff',
        password: 'correct horse battery staple',
      },
      '/api/dealer/account/totp/confirm': { code: '123 456' },
      '/api/dealer/account/totp/disable': { code: '123 456' },
      '/api/dealer/stock/upload': {
        format: 'csv',
        content: STOCK_CSV,
        replace: false,
        mapping: STOCK_MAPPING,
      },
      '/api/dealer/stock/mapping': { mapping: STOCK_MAPPING },
      '/api/dealer/stock/feed': {
        url: 'https://feeds.example.com/stock.json',
        format: 'json',
        every_minutes: 60,
        enabled: false,
        replace: false,
      },
      '/api/admin/staff/invitations': {
        tenant: 'bayside-mazda',
        email: 'operator@staff.example',
        role: 'sales',
      },
      '/api/admin/reservations/confirm': {
        tenant: 'bayside-mazda',
        reservation: '00000000-0000-4000-8000-000000000000',
      },
      '/api/admin/stock-import': {
        tenant: 'bayside-mazda',
        replace: false,
        records: [
          {
            id: 9_000_999,
            slug: '2021-mazda-cx-3-9000999',
            name: '2021 Mazda CX-3 Maxx',
            year: 2021,
            make: 'Mazda',
            model: 'CX-3',
            car_type: 'used',
            status: 'in_stock',
            price: 24_990,
            km: 30_000,
            stocknum: 'U-HOSTILE',
            created_at: '2025-05-20T09:30:00+10:00',
            dealership_slug: 'bayside-mazda',
          },
        ],
      },
    };
  }

  it('every POST contract’s body, walked', { timeout: 600_000 }, async () => {
    const shopper = await signedInShopper(db, 101);
    const { rows } = await db.query<{ id: number }>(
      "SELECT id FROM cars WHERE dealership_id = 1011 AND status <> 'sold' ORDER BY id LIMIT 2",
    );
    const carId = (rows[0] as { id: number }).id;
    // The console hides or sells its car: another, so the shopper's car stays on sale for their routes.
    const consoleCarId = (rows[1] as { id: number }).id;
    const saved = await app.request('http://bayside-mazda.localhost/api/saved-searches', {
      method: 'POST',
      headers: { ...HOST, 'content-type': 'application/json', cookie: shopper.cookie },
      body: JSON.stringify(realBodies(carId, 1)['/api/saved-searches']),
    });
    const savedSearchId = ((await saved.json()) as { search: { id: number } }).search.id;
    const real = realBodies(carId, savedSearchId);
    // The console's routes (issue 36) answer a signed-in manager of the site, about rows it has.
    const colleague = await createStaffMember(db, { siteId: 101, role: 'sales' });
    const dealer = async (path: string, body: unknown) =>
      app.request(`http://bayside-mazda.localhost${path}`, {
        method: 'POST',
        headers: { ...HOST, 'content-type': 'application/json', cookie: managerCookie },
        body: JSON.stringify(body),
      });
    // An offer's picture goes through the photo pipeline first, as the console's form sends it.
    const picture = new FormData();
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    picture.append('file', new Blob([new Uint8Array(jpeg)]), 'offer.jpg');
    const encoded = new Request('http://localhost/', { method: 'POST', body: picture });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const uploaded = await app.request('http://bayside-mazda.localhost/api/dealer/offers/images', {
      method: 'POST',
      headers: {
        ...HOST,
        cookie: managerCookie,
        'content-type': encoded.headers.get('content-type') ?? '',
        'content-length': String(bytes.byteLength),
      },
      body: bytes,
    });
    OFFER.image_url = ((await uploaded.json()) as { image_url: string }).image_url;
    const offer = (await (await dealer('/api/dealer/offers', OFFER)).json()) as { id: number };
    await dealer('/api/dealer/hours/bayside-mazda-sales/days', real['/api/dealer/hours/:location/days']);
    await app.request('http://bayside-mazda.localhost/api/leads', {
      method: 'POST',
      headers: { ...HOST, 'content-type': 'application/json', 'idempotency-key': 'hostile-lead' },
      body: JSON.stringify(real['/api/leads']),
    });
    const lead = await db.query<{ lead_id: string }>('SELECT lead_id FROM leads WHERE site_id = 101 LIMIT 1');
    const leadId = lead.rows[0]?.lead_id ?? '00000000-0000-4000-8000-000000000000';
    const params: [RegExp, string][] = [
      [/^\/api\/dealer\/leads\/:id/, leadId],
      [/^\/api\/dealer\/offers\/:id/, String(offer.id)],
      [/^\/api\/dealer\/staff\/:id/, String(colleague.id)],
      [/^\/api\/dealer\/stock\/cars\/:id/, String(consoleCarId)],
    ];
    const routed = (path: string) =>
      path
        .replace(':intent', 'pi_local_0123456789abcdef01234567')
        .replace(':id', params.find(([pattern]) => pattern.test(path))?.[1] ?? '1')
        .replace(':location', 'bayside-mazda-sales')
        .replace(':date', '2031-12-24')
        .replace(':reservation', '00000000-0000-4000-8000-000000000000');
    const contracts = await postContracts();
    expect(contracts.map((c) => c.path)).toEqual(expect.arrayContaining(Object.keys(real)));

    const failures: string[] = [];
    let sent = 0;
    for (const contract of contracts) {
      const base = real[contract.path] ?? contract.body;
      const post = async (body: unknown) => {
        sent += 1;
        // A route parameter gets a well-formed value (a row that exists), so the body is what is refused.
        const path = routed(contract.path);
        const response = await app.request(`http://bayside-mazda.localhost${path}`, {
          method: 'POST',
          headers: {
            ...HOST,
            'content-type': 'application/json',
            cookie: path.startsWith('/api/dealer/') ? managerCookie : shopper.cookie,
            'idempotency-key': `hostile-${sent}`,
            // The console's file endpoints take a body of a declared length only.
            'content-length': String(Buffer.byteLength(JSON.stringify(body))),
            authorization: `Bearer ${secrets.adminToken}`,
          },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        let fields: string[] = [];
        try {
          fields = Object.keys((JSON.parse(text) as { error?: { fields?: object } }).error?.fields ?? {});
        } catch {
          // Not JSON: only its status counts.
        }
        return { status: response.status, fields };
      };
      const where = (path: string[]) => path.join('.');
      const { strings, numbers, objects } = leaves(base);
      for (const path of strings) {
        for (const value of STRINGS) {
          const { status, fields } = await post(withValue(base, path, value));
          const label = `${contract.path} ${where(path)}=${JSON.stringify(value).slice(0, 20)} → ${status}`;
          if (status >= 500) failures.push(label);
          else if (UNSTORABLE.includes(value) && (status < 400 || !fields.includes(where(path))))
            failures.push(`${label} naming ${fields.join(',') || 'nothing'}`);
          else if (value === CARD_NUMBER && (status < 400 || !fields.includes(where(path))))
            failures.push(`${label} naming ${fields.join(',') || 'nothing'}`);
        }
      }
      for (const path of numbers) {
        for (const value of NUMBERS) {
          const { status, fields } = await post(withValue(base, path, value));
          const label = `${contract.path} ${where(path)}=${value} → ${status}`;
          if (status >= 500) failures.push(label);
          else if (
            value === 2 ** 40 &&
            /(^|_)id$/.test(path.at(-1) ?? '') &&
            (status < 400 || !fields.some((f) => f.endsWith(where(path))))
          )
            failures.push(`${label} naming ${fields.join(',') || 'nothing'}`);
        }
      }
      for (const path of objects) {
        const spoilt = withValue(base, [...path, 'key\u0000'], 'x');
        const { status, fields } = await post(spoilt);
        const label = `${contract.path} a NUL key in ${where(path) || 'the body'} → ${status}`;
        if (status < 400 || status >= 500 || !fields.includes(where([...path, 'key\u0000'])))
          failures.push(`${label} naming ${fields.join(',') || 'nothing'}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  });

  it('only the one-click unsubscribe and Stripe’s webhook skip the same-origin check (a signed token, a signature is their authority)', async () => {
    const dir = fileURLToPath(new URL('../../../domain/contracts/', import.meta.url));
    const crossOrigin: string[] = [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const module = (await import(join(dir, file))) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        const endpoint = value as Partial<Endpoint> | null;
        if (endpoint && typeof endpoint === 'object' && endpoint.crossOrigin && endpoint.path)
          crossOrigin.push(`${endpoint.method} ${endpoint.path}`);
      }
    }
    expect([...new Set(crossOrigin)].sort()).toEqual([
      'POST /api/payments/stripe/webhook',
      'POST /api/saved-searches/one-click-unsubscribe',
    ]);
  });

  it('a saved search too long for the store’s index is a 422 naming the search, not a 500', async () => {
    const shopper = await signedInShopper(db, 101);
    const values = Array.from({ length: 100 }, (_, i) => `${'Model'}${i}-${'x'.repeat(30)}`);
    const response = await app.request('http://bayside-mazda.localhost/api/saved-searches', {
      method: 'POST',
      headers: { ...HOST, 'content-type': 'application/json', cookie: shopper.cookie },
      body: JSON.stringify({
        name: 'Everything',
        href: '/search',
        search: { model: values, badge: values, colour: values, body: values },
        car_types: null,
        frequency: 'daily',
      }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      search: SEARCH_TOO_LONG_MESSAGE,
    });
  });
});
