import PDFDocument from 'pdfkit';
import type { Car } from '../../domain/car.ts';
import { priceDisplay } from '../../domain/car-price.ts';
import type { CarDealer } from '../../domain/contracts/vehicle.ts';
import { keyInformationRows, type ShownSpecRow, specificationRows } from '../../domain/spec-rows.ts';

/** What the PDF names besides the car. */
export interface CarPdfContext {
  siteName: string;
  dealer: CarDealer;
  /** The car page's absolute URL. */
  url: string;
  noPriceText: string;
  now: Date;
}

const MARGIN = 50;
const KEY_SPECS = 14;

function priceLine(car: Car, noPriceText: string): string {
  const price = priceDisplay(car, { no_price: noPriceText });
  switch (price.kind) {
    case 'subscription':
      return `${price.text} ${price.period}`;
    case 'price':
      return [price.text, price.priceType, price.wasText ? `(was ${price.wasText})` : null]
        .filter(Boolean)
        .join(' ');
    default:
      return price.text;
  }
}

function keySpecs(car: Car, now: Date): ShownSpecRow[] {
  const seen = new Set<string>();
  return [...keyInformationRows(car), ...specificationRows(car, now)]
    .filter((row) => !seen.has(row.label) && seen.add(row.label))
    .slice(0, KEY_SPECS);
}

function locationLines(car: Car, dealer: CarDealer): string[] {
  const location = car.location;
  if (!location) return [dealer.name, ...(dealer.phone ? [`Phone ${dealer.phone}`] : [])];
  const { street, city, state, postcode } = location.address;
  const phone = location.phone ?? dealer.phone;
  return [
    dealer.name,
    location.name,
    `${street}, ${city} ${state.toUpperCase()} ${postcode}`,
    ...(phone ? [`Phone ${phone}`] : []),
  ];
}

/**
 * A one-page PDF of a car (issue 5, §7 Car PDF download): title, price, key specifications, the
 * dealer and the location, and the page's address. Built with pdfkit's standard fonts (no files read).
 */
export function renderCarPdf(car: Car, context: CarPdfContext): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: car.name, Author: context.siteName, Subject: `${car.name} — ${context.siteName}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).text(car.name);
  doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#444444');
  doc.text(`Stock number ${car.stocknum}${car.vin ? ` · VIN ${car.vin}` : ''}`);
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(16).fillColor('#000000');
  doc.text(car.status === 'sold' || car.sold ? 'SOLD' : priceLine(car, context.noPriceText));
  doc.moveDown(0.8).fontSize(13).text('Key specifications');
  doc.moveDown(0.3).fontSize(11);
  for (const row of keySpecs(car, context.now)) {
    doc.font('Helvetica-Bold').text(`${row.label}: `, { continued: true });
    doc.font('Helvetica').text(row.value);
  }
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text('Dealer and location');
  doc.moveDown(0.3).font('Helvetica').fontSize(11);
  for (const line of locationLines(car, context.dealer)) doc.text(line);
  doc.moveDown(0.8).fillColor('#444444').text(context.url, { link: context.url, underline: true });
  doc.end();
  return done;
}
