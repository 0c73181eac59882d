import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { percentile } from '../search/report.ts';
import type { BenchServer } from '../support/server.ts';

/**
 * Pages nobody asked for before (issue 38): every car page of a dealer and distinct listing
 * refinements, asked once each by a crowd, and the server's CPU and memory while it answers. Shared
 * by the pages bench (cold and kept side by side) and the cold-page profile.
 */

/** The CPU the process has used so far, ms (user + system, from `/proc/{pid}/stat`). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are the 12th and 13th fields after the command, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The process's resident memory, MB. */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
}

let listers = 0;

/** Every car page of the server's dealer, and distinct listing refinements made from its facets. */
export async function coldPaths(server: BenchServer): Promise<{ cars: string[]; listings: string[] }> {
  const site = JSON.parse((await server.get('/api/site')).body.toString()) as {
    search_connection: { appId: string; apiKey: string; indices: { cars: string } };
  };
  const { appId, apiKey, indices } = site.search_connection;
  const searched = await server.get('/search-api/1/indexes/*/queries', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-algolia-application-id': appId,
      'x-algolia-api-key': apiKey,
      // A shopper of its own (the server trusts one proxy): this large search, asked while the server
      // is still warming up, would otherwise share the bench's address and its search budget (429).
      'x-forwarded-for': `203.0.113.${(listers++ % 250) + 1}`,
    },
    body: JSON.stringify({
      requests: [
        {
          indexName: indices.cars,
          hitsPerPage: 1000,
          attributesToRetrieve: ['slug'],
          facets: ['make', 'body', 'fuel'],
          maxValuesPerFacet: 50,
        },
      ],
    }),
  });
  if (searched.status !== 200) throw new Error(`the dealer's search answered ${searched.status}`);
  const result = (
    JSON.parse(searched.body.toString()) as {
      results: { hits: { slug: string }[]; facets: Record<string, Record<string, number>> }[];
    }
  ).results[0];
  if (!result) throw new Error(`the dealer's search answered ${searched.status}`);
  const makes = Object.keys(result.facets.make ?? {});
  const others = [
    ...Object.keys(result.facets.body ?? {}).map((value): [string, string] => ['body', value]),
    ...Object.keys(result.facets.fuel ?? {}).map((value): [string, string] => ['fuel', value]),
  ];
  const sorts = ['', '&sortBy=cars_price_asc', '&sortBy=cars_latest'];
  // Make × (body or fuel) first, then each again in another price band and sort: every one distinct.
  const listings: string[] = [];
  for (let band = 0; band < 6; band++) {
    for (const [index, make] of makes.entries()) {
      for (const [facet, value] of others) {
        const low = ((index * 7 + band) % 6) * 10_000;
        listings.push(
          `/search?refinementList[make][0]=${encodeURIComponent(make)}&refinementList[${facet}][0]=${encodeURIComponent(
            value,
          )}&range[price]=${low}:${low + 40_000}${sorts[(index + band) % sorts.length]}`,
        );
      }
    }
  }
  return { cars: result.hits.map((hit) => `/cars/${hit.slug}`), listings: [...new Set(listings)] };
}

/**
 * Asks each of `paths` once, one at a time, gzip accepted: the answers' p50 and p95, their mean size,
 * those other than 200, and the server's CPU a page (its process, `/proc`).
 */
export async function askOneByOne(server: BenchServer, paths: readonly string[]) {
  const times: number[] = [];
  let bytes = 0;
  let failures = 0;
  const cpuBefore = cpuMs(server.pid);
  for (const path of paths) {
    const started = performance.now();
    const answer = await server.get(path, { headers: { 'accept-encoding': 'gzip' } });
    times.push(performance.now() - started);
    bytes += answer.body.length;
    if (answer.status !== 200) failures++;
  }
  return {
    pages: paths.length,
    failures,
    p50Ms: Math.round(percentile(times, 50) * 10) / 10,
    p95Ms: Math.round(percentile(times, 95) * 10) / 10,
    meanKb: Math.round(bytes / paths.length / 102.4) / 10,
    cpuMsPerPage: (cpuMs(server.pid) - cpuBefore) / paths.length,
  };
}

/** One crowd over a list of pages, each asked once. */
export interface CrowdRun {
  label: string;
  connections: number;
  pages: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  /** The answers other than 200, by status (0: no answer). */
  statuses: Record<string, number>;
  /** The server's CPU a page, ms. */
  cpuMsPerPage: number;
  kbPerAnswer: number;
  /** Load average (1 min) when the crowd ended. */
  load: number;
}

/**
 * Asks each of `paths` once, `connections` at a time over kept-alive connections, gzip accepted, as
 * `host` (the dealer) asks for them; answers other than 200 count as errors. Each connection is a
 * shopper of its own: it names its own address in `X-Forwarded-For`, which a server started with
 * `TRUST_PROXY=1` reads, so the crowd is not one client spending one search budget (issue 14).
 */
export async function crowdOnce(
  server: BenchServer,
  label: string,
  paths: readonly string[],
  connections: number,
  host = server.host,
): Promise<CrowdRun> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const failed = (status: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  let bytes = 0;
  let next = 0;
  const ask = (path: string, shopper: number) =>
    new Promise<void>((done) => {
      const started = performance.now();
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          path,
          agent,
          headers: {
            host,
            'accept-encoding': 'gzip',
            'x-forwarded-for': `198.51.${Math.floor(shopper / 250)}.${(shopper % 250) + 1}`,
          },
        },
        (res) => {
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (res.statusCode !== 200) failed(res.statusCode ?? 0);
            done();
          });
        },
      );
      req.on('error', () => {
        failed(0);
        done();
      });
      req.end();
    });
  const cpuBefore = cpuMs(server.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, shopper) => {
      while (next < paths.length) await ask(paths[next++] as string, shopper);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs(server.pid) - cpuBefore;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    label,
    connections,
    pages: paths.length,
    seconds: round(seconds),
    perSecond: round(paths.length / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    errors: Object.values(statuses).reduce((sum, count) => sum + count, 0),
    statuses,
    cpuMsPerPage: round(cpu / paths.length),
    kbPerAnswer: round(bytes / paths.length / 1024),
    load: round(loadavg()[0] ?? 0),
  };
}

/** Every page a dealer's sitemap names, as paths. */
export async function sitemapPaths(server: BenchServer, host: string): Promise<string[]> {
  const xml = (await server.get('/sitemap.xml', { headers: { host } })).body.toString();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
}
