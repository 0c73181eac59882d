import { z } from 'zod/mini';
import type { PurgeReport } from '../../domain/contracts/retention.ts';
import { describeKeepingTime, keepingTimeSchema } from '../../domain/retention.ts';

/** Why a lead past its keeping time stays, in the operator's words. */
const KEPT_BECAUSE: Record<PurgeReport['kept'][number]['reason'], string> = {
  'not delivered': 'past the keeping time but not yet delivered to the dealer (kept until delivered)',
  'reservation active': 'past the keeping time but named by a reservation still pending or held',
  'test drive to come': 'past the keeping time with a test drive still to come',
};

/** A keeping time in words and the day it reached back to: `24 months (before 2024-11-27)`. */
const reach = (keeping: { text: string; before: string }) =>
  `${describeKeepingTime(z.parse(keepingTimeSchema, keeping.text))} (before ${keeping.before.slice(0, 10)})`;

/** A purge's report as `npm run purge` prints it: the keeping times, each kind's count, what stayed. */
export function formatPurgeReport(report: PurgeReport): string {
  const { leads, activity, unfinished } = report.keeping;
  const width = Math.max(...report.deleted.map((entry) => entry.kind.length));
  const lines = [
    report.dry_run ? `Dry run at ${report.at}: nothing was deleted.` : `Purged at ${report.at}.`,
    `Keeping times: leads ${reach(leads)}, activity ${reach(activity)}, unfinished ${reach(unfinished)};`,
    '  sessions and account links go when they expire; a careers CV no enquiry names, 2 hours after upload.',
    report.dry_run ? 'Would delete:' : 'Deleted:',
    ...report.deleted.map((entry) => `  ${entry.kind.padEnd(width)}  ${entry.count}`),
    'Never deleted, whatever their age:',
  ];
  for (const kept of report.kept) {
    lines.push(`  ${kept.count} ${kept.count === 1 ? 'lead' : 'leads'} ${KEPT_BECAUSE[kept.reason]}`);
  }
  for (const failure of report.failures) lines.push(`Could not delete the file ${failure}`);
  return `${lines.join('\n')}\n`;
}
