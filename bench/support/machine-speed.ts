import { gzipSync } from 'node:zlib';
import { createElement as h, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * How fast the machine a benchmark ran on is, as one figure: the time of a fixed piece of the work a
 * page render does — its data through a JSON round trip, React rendering a listing of 60 cards to a
 * string, the markup gzipped — the median of 21 runs after 40 that warm the JIT up (the first ~25
 * take up to ten times as long). The machines this project runs on differ in speed from day to day
 * by up to ~2× on the same code; a slower (or busier) machine slows this figure and a report's alike,
 * so figures are read against a goal, or another report, at a similar speed.
 */
export interface MachineSpeed {
  /** The workload's median time, ms: lower is faster. */
  ms: number;
  /** Its fastest and slowest of the measured runs, ms: far apart on a machine busy with other work. */
  minMs: number;
  maxMs: number;
}

const CARDS = 60;
const RUNS = 21;
const WARM_UPS = 40;

interface Card {
  id: string;
  name: string;
  price: number;
  kms: number;
  features: string[];
}

const cards: Card[] = Array.from({ length: CARDS }, (_, i) => ({
  id: `car-${i}`,
  name: `20${10 + (i % 15)} Example Model ${i} Sport Automatic`,
  price: 18_000 + i * 731,
  kms: 12_000 + i * 1_913,
  features: Array.from({ length: 8 }, (_, f) => `Feature ${f} of car ${i}`),
}));

function card(car: Card): ReactElement {
  return h(
    'article',
    { key: car.id, className: 'card', 'data-car-id': car.id },
    h('img', { src: `/media/${car.id}.jpg`, alt: car.name, width: 640, height: 400, loading: 'lazy' }),
    h('h3', null, h('a', { href: `/cars/${car.id}` }, car.name)),
    h('p', { className: 'price' }, `$${car.price.toLocaleString('en-AU')}`),
    h('p', null, `${car.kms.toLocaleString('en-AU')} km`),
    h(
      'ul',
      null,
      car.features.map((feature) => h('li', { key: feature }, feature)),
    ),
    h('button', { type: 'button', 'aria-pressed': false }, 'Save'),
  );
}

function workload(): number {
  const data = JSON.parse(JSON.stringify(cards)) as Card[];
  const html = renderToString(h('main', null, h('section', null, data.map(card))));
  return gzipSync(html).byteLength;
}

let measured: MachineSpeed | undefined;

/** The machine's speed, measured once per process (about a quarter of a second). */
export function machineSpeed(): MachineSpeed {
  if (measured) return measured;
  for (let i = 0; i < WARM_UPS; i++) workload();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    workload();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  measured = {
    ms: round(times[Math.floor(RUNS / 2)] as number),
    minMs: round(times[0] as number),
    maxMs: round(times[RUNS - 1] as number),
  };
  return measured;
}
