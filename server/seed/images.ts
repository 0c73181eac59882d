import type { VehicleKind } from '../../domain/car.ts';
import type { ImageBody, MakeSpec } from './catalog.ts';
import { COLOURS, IMAGE_BODIES, slugify } from './catalog.ts';
import { CAR_MAKES } from './catalog-cars.ts';
import { CARAVAN_MAKES, MOTORCYCLE_MAKES } from './catalog-leisure.ts';
import { shapeOf } from './vehicle-shapes.ts';

/** What a generated vehicle picture shows. */
export interface VehicleSvgInput {
  body: ImageBody;
  /** A palette name ("Dark Blue"), its slug ("dark-blue") or a hex colour ("#2c5fa8"). */
  colour: string;
  /** Caravans and motorcycles always get their own silhouette, whatever `body` says. */
  kind?: VehicleKind;
  /** Caption under the vehicle; none when absent. */
  label?: string;
}

const ALL_MAKES: readonly MakeSpec[] = [...CAR_MAKES, ...MOTORCYCLE_MAKES, ...CARAVAN_MAKES];

/** The URL of a vehicle picture: `/media/vehicles/{body}-{colour-slug}.svg`. */
export function vehicleImageUrl(body: ImageBody, colourSlug: string): string {
  return `/media/vehicles/${body}-${colourSlug}.svg`;
}

/** The URL of a make logo, or null for makes that have none. */
export function makeLogoUrl(make: MakeSpec): string | null {
  return make.logo ? `/media/makes/${make.slug}.svg` : null;
}

/** The URL of a promotion banner. */
export function promotionImageUrl(slug: string): string {
  return `/media/promotions/${slug}.svg`;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function paintOf(colour: string): string {
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour;
  const slug = slugify(colour);
  return COLOURS.find((c) => c.slug === slug)?.hex ?? '#8a9099';
}

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour by a fraction. */
function shade(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const out = channels.map((c) => Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function wheel(cx: number, cy: number, r: number, arch: boolean): string {
  const spokes = [0, 72, 144, 216, 288]
    .map((deg) => {
      const rad = (deg * Math.PI) / 180;
      const x = (cx + Math.cos(rad) * r * 0.55).toFixed(1);
      const y = (cy + Math.sin(rad) * r * 0.55).toFixed(1);
      return `<path d="M${cx} ${cy} L${x} ${y}" stroke="#8d949d" stroke-width="${(r * 0.12).toFixed(1)}"/>`;
    })
    .join('');
  return [
    arch ? `<circle cx="${cx}" cy="${cy}" r="${r + 6}" fill="#17191c"/>` : '',
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#222428"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.62).toFixed(1)}" fill="url(#rim)"/>`,
    spokes,
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.16).toFixed(1)}" fill="#5f656d"/>`,
  ].join('');
}

/** A side-view picture of a vehicle in its colour, as an SVG document (800×500). */
export function renderVehicleSvg(input: VehicleSvgInput): string {
  const body: ImageBody =
    input.kind === 'motorcycles' ? 'motorcycle' : input.kind === 'caravans' ? 'caravan' : input.body;
  const shape = shapeOf(body);
  const paint = paintOf(input.colour);
  const edge = shade(paint, -0.35);
  const ground = Math.max(...shape.wheels.map(([, y]) => y)) + shape.radius;
  const wheels = shape.wheels.map(([x, y]) => wheel(x, y, shape.radius, body !== 'motorcycle')).join('');
  const detail = (shape.detail ?? '').replaceAll('{paint}', paint).replaceAll('{stripe}', shade(paint, -0.3));
  const name = input.label ?? `${COLOURS.find((c) => c.hex === paint)?.name ?? 'Painted'} ${body}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500" role="img" aria-label="${escapeXml(name)}">`,
    '<defs>',
    '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5f7fa"/><stop offset="1" stop-color="#dde3ea"/></linearGradient>',
    '<linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset=".42" stop-color="#fff" stop-opacity=".06"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></linearGradient>',
    '<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6c8196"/><stop offset=".55" stop-color="#2a3746"/><stop offset="1" stop-color="#18212b"/></linearGradient>',
    '<radialGradient id="rim"><stop offset="0" stop-color="#e9edf1"/><stop offset="1" stop-color="#9aa1aa"/></radialGradient>',
    '</defs>',
    '<rect width="800" height="500" fill="url(#bg)"/>',
    `<rect y="${ground}" width="800" height="${500 - ground}" fill="#cfd6de"/>`,
    `<ellipse cx="400" cy="${ground}" rx="340" ry="14" fill="#000" opacity=".2"/>`,
    body === 'motorcycle' ? wheels + detail : '',
    `<path d="${shape.body}" fill="${paint}" stroke="${edge}" stroke-width="3" stroke-linejoin="round"/>`,
    body === 'motorcycle' ? '' : detail,
    `<path d="${shape.body}" fill="url(#shine)"/>`,
    ...shape.windows.map((d) => `<path d="${d}" fill="url(#glass)" stroke="${edge}" stroke-width="2"/>`),
    ...(shape.lines ?? []).map(
      (d) => `<path d="${d}" fill="none" stroke="${edge}" stroke-width="2" opacity=".55"/>`,
    ),
    `<ellipse cx="${shape.lights.front[0]}" cy="${shape.lights.front[1]}" rx="10" ry="7" fill="#fff3c4" stroke="${edge}"/>`,
    `<ellipse cx="${shape.lights.rear[0]}" cy="${shape.lights.rear[1]}" rx="6" ry="9" fill="#c4202e" stroke="${edge}"/>`,
    body === 'motorcycle' ? '' : wheels,
    input.label
      ? `<text x="400" y="468" text-anchor="middle" font-family="system-ui, sans-serif" font-size="28" fill="#3a4350">${escapeXml(input.label)}</text>`
      : '',
    '</svg>',
  ].join('');
}

/** A round badge logo with the make's name, as an SVG document (240×240). */
export function renderMakeLogo(make: Pick<MakeSpec, 'name' | 'brand'>): string {
  const size = make.name.length > 10 ? 22 : make.name.length > 6 ? 28 : 36;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${escapeXml(make.name)} logo">`,
    `<circle cx="120" cy="120" r="112" fill="${make.brand}"/>`,
    '<circle cx="120" cy="120" r="98" fill="none" stroke="#fff" stroke-width="6" opacity=".9"/>',
    `<text x="120" y="${120 + size / 3}" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${escapeXml(make.name.toUpperCase())}</text>`,
    '</svg>',
  ].join('');
}

/** A 1920×540 promotion banner with a title. */
export function renderPromotionSvg(title: string, colour = '#1d2f55'): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1920 540" width="1920" height="540" role="img" aria-label="${escapeXml(title)}">`,
    `<defs><linearGradient id="p" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${shade(colour, -0.5)}"/></linearGradient></defs>`,
    '<rect width="1920" height="540" fill="url(#p)"/>',
    '<path d="M1300 540 L1560 0 H1920 V540 Z" fill="#fff" opacity=".08"/>',
    `<text x="140" y="290" font-family="system-ui, sans-serif" font-weight="800" font-size="96" fill="#fff">${escapeXml(title)}</text>`,
    '<rect x="140" y="340" width="220" height="8" fill="#fff" opacity=".8"/>',
    '</svg>',
  ].join('');
}

const cache = new Map<string, string>();

function render(pathname: string): string | null {
  const vehicle = /^\/media\/vehicles\/([a-z]+)-([a-z-]+)\.svg$/.exec(pathname);
  if (vehicle) {
    const body = IMAGE_BODIES.find((b) => b === vehicle[1]);
    const colour = COLOURS.find((c) => c.slug === vehicle[2]);
    return body && colour ? renderVehicleSvg({ body, colour: colour.hex }) : null;
  }
  const logo = /^\/media\/makes\/([a-z0-9-]+)\.svg$/.exec(pathname);
  if (logo) {
    const make = ALL_MAKES.find((m) => m.slug === logo[1] && m.logo);
    return make ? renderMakeLogo(make) : null;
  }
  const promotion = /^\/media\/promotions\/([a-z0-9]+(?:-[a-z0-9]+){0,11})\.svg$/.exec(pathname);
  if (promotion?.[1]) {
    const title = promotion[1].replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
    return renderPromotionSvg(title);
  }
  return null;
}

/**
 * The SVG for a `/media/…` pathname the seed hands out — vehicle pictures, make logos and promotion
 * banners — or null when the path names nothing (answer 404). The query string is ignored.
 */
export function vehicleImage(pathname: string): string | null {
  const path = pathname.split('?')[0] ?? '';
  const cached = cache.get(path);
  if (cached !== undefined) return cached;
  const svg = render(path);
  if (svg !== null && !path.startsWith('/media/promotions/')) cache.set(path, svg);
  return svg;
}
