import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { AuditPageActorRef } from '../../../machines/console-staff/audit-page.machine.ts';
import {
  selectError,
  selectIsLoading,
  selectLog,
} from '../../../machines/console-staff/audit-page.selectors.ts';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { consoleStyles } from '../layout/console-styles.ts';
import { auditPageLogic } from './wiring.ts';

const detailText = (detail: Record<string, unknown>): string =>
  Object.entries(detail)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');

/** `/dealer/audit` (managers): every change made in the console, newest first, 50 a page. */
export function AuditPage({ actorRef }: { actorRef: AuditPageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const log = useSelector(actorRef, selectLog);
  const error = useSelector(actorRef, selectError);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading || !log) return <PageSkeleton label="Loading the audit log" />;
  return (
    <section className={consoleStyles.page}>
      <h1 className={pageStyles.heading}>Audit log</h1>
      {log.entries.length === 0 ? (
        <p className={pageStyles.text}>Nothing has been changed in the console yet.</p>
      ) : (
        <div className={consoleStyles.tableWrap}>
          <table className={consoleStyles.table}>
            <caption
              className={pageStyles.text}
            >{`Page ${log.page} of ${log.pages} (${log.total} changes)`}</caption>
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">To</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {log.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.at.slice(0, 16).replace('T', ' ')}</td>
                  <td>{entry.by ? `${entry.by.name} (${entry.by.email})` : 'The operator'}</td>
                  <td>{entry.action}</td>
                  <td>{entry.subject}</td>
                  <td>{detailText(entry.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Audit log pages" className={pageStyles.row}>
        {log.page > 1 && (
          <Link className={pageStyles.link} href={`/dealer/audit?page=${log.page - 1}`}>
            Newer
          </Link>
        )}
        {log.page < log.pages && (
          <Link className={pageStyles.link} href={`/dealer/audit?page=${log.page + 1}`}>
            Older
          </Link>
        )}
      </nav>
    </section>
  );
}

/** Route `/dealer/audit`; the page is `?page=` (from 1). */
export const auditPage = defineConsolePage({
  logic: auditPageLogic,
  input: ({ search }) => {
    const page = Number(new URLSearchParams(search).get('page'));
    return { page: Number.isInteger(page) && page > 0 && page <= 100_000 ? page : 1 };
  },
  queryKeyed: true,
  head: (snapshot, { site }) => ({
    title: consolePageTitle('Audit log', site),
    status: snapshot.matches('failed') ? 500 : 200,
  }),
  View: AuditPage,
});
