import type { SiteConfig } from '../../tenants/tenant.schema.ts';
import { getCarById } from '../store/cars.repo.ts';
import type { Executor } from '../store/db.ts';
import type { StoredLead } from '../store/leads.repo.ts';
import { leadToAdf } from './adf.ts';

/** How `npm run leads` prints leads. */
export type LeadFormat = 'json' | 'adf' | 'csv';

/** The columns of `npm run leads`' CSV: the lead's own, then its form's fields. */
export const LEAD_CSV_COLUMNS = [
  'lead_id',
  'created_at',
  'version',
  'category',
  'subcategory',
  'dealership_id',
  'car_id',
  'name',
  'last_name',
  'email',
  'phone',
  'postcode',
  'message',
] as const;

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  // Quoted always; a leading =, +, -, @, tab or carriage return is prefixed so a spreadsheet does not
  // run it (OWASP's CSV injection list: a tab or CR before `=` starts a formula too; issue 31 item 9).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/**
 * Leads as CSV, one row a lead: each column is the lead's own value where it has one (its id, time,
 * status…), else its form's field of that name.
 */
export function leadsCsv(leads: readonly StoredLead[], columns: readonly string[]): string {
  const rows = leads.map((lead) => {
    const own = lead as unknown as Record<string, unknown>;
    const payload = lead.payload as Record<string, unknown>;
    return columns.map((column) => csvCell(column in own ? own[column] : payload[column])).join(',');
  });
  return `${[columns.join(','), ...rows].join('\n')}\n`;
}

/**
 * Leads as text: a JSON array, ADF/XML documents one after another (each whole, as the dealer's CRM
 * receives it), or CSV with one row per lead.
 */
export async function formatLeads(
  leads: readonly StoredLead[],
  site: SiteConfig,
  format: LeadFormat,
  db: Executor | null,
): Promise<string> {
  if (format === 'json') return `${JSON.stringify(leads, null, 2)}\n`;
  if (format === 'csv') return leadsCsv(leads, LEAD_CSV_COLUMNS);
  const documents: string[] = [];
  for (const lead of leads) {
    const dealership = site.dealerships.find((d) => d.id === lead.dealership_id) ?? site.dealerships[0];
    if (!dealership) continue;
    const car = db && lead.car_id ? await getCarById(db, [dealership.id], lead.car_id) : null;
    documents.push(leadToAdf({ lead, car, site, dealership }));
  }
  return documents.join('\n');
}
