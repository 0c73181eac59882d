import { useSelector } from '@xstate/react';
import type { StockPageActorRef } from '../../../machines/console-stock/stock-page.machine.ts';
import {
  selectActivity,
  selectCars,
  selectError,
  selectFeed,
  selectIsBusy,
  selectIsLoading,
  selectMappingStep,
  selectNotice,
  selectProblem,
  selectQuery,
  selectReport,
  selectRuns,
  selectTotal,
} from '../../../machines/console-stock/stock-page.selectors.ts';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { consoleStyles } from '../layout/console-styles.ts';
import { CarRow, FeedForm, MappingStep, RunReport, UploadForm } from './stock-parts.tsx';
import { stockPageLogic } from './wiring.ts';

/**
 * `/dealer/stock` (issue 36 item 5): upload a stock file (a CSV through the column mapping step) and
 * see its report; the feed's address and schedule with its last runs; the dealer's cars, searched,
 * each hidden, marked sold or repriced by hand.
 */
export function StockPage({ actorRef }: { actorRef: StockPageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const busy = useSelector(actorRef, selectIsBusy);
  const error = useSelector(actorRef, selectError);
  const cars = useSelector(actorRef, selectCars);
  const total = useSelector(actorRef, selectTotal);
  const query = useSelector(actorRef, selectQuery);
  const feed = useSelector(actorRef, selectFeed);
  const runs = useSelector(actorRef, selectRuns);
  const mappingStep = useSelector(actorRef, selectMappingStep);
  const report = useSelector(actorRef, selectReport);
  const notice = useSelector(actorRef, selectNotice);
  const problem = useSelector(actorRef, selectProblem);
  const activity = useSelector(actorRef, selectActivity);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading) return <PageSkeleton label="Loading the stock" />;
  return (
    <section className={consoleStyles.page}>
      <h1 className={pageStyles.heading}>Stock</h1>
      <p className={pageStyles.text}>
        Upload your stock file, set up the feed the site pulls on its own, and hide, sell or reprice a car.
      </p>
      <div aria-live="polite" className={css({ mt: '4' })}>
        {activity && <p className={consoleStyles.status}>{activity}</p>}
        {notice && (
          <p role="status" className={css({ fontWeight: 'semibold', color: 'accent' })}>
            {notice}
          </p>
        )}
      </div>
      {problem && (
        <p role="alert" className={pageStyles.alert}>
          {problem}
        </p>
      )}

      <h2 className={pageStyles.subheading}>Upload a stock file</h2>
      {mappingStep ? (
        <MappingStep
          preview={mappingStep.preview}
          mapping={mappingStep.mapping}
          fileName={mappingStep.fileName}
          busy={busy}
          onSet={(header, field) => actorRef.send({ type: 'mapping.set', header, field })}
          onConfirm={() => actorRef.send({ type: 'mapping.confirm' })}
          onCancel={() => actorRef.send({ type: 'upload.cancel' })}
        />
      ) : (
        <UploadForm busy={busy} onChosen={(file) => actorRef.send({ type: 'file.chosen', file })} />
      )}
      {report && <RunReport run={report} heading="Import report" />}

      <h2 className={pageStyles.subheading}>Feed</h2>
      <FeedForm
        feed={feed}
        busy={busy}
        onSave={(settings) => actorRef.send({ type: 'feed.save', settings })}
        onRun={() => actorRef.send({ type: 'feed.run' })}
      />
      <h3 className={css({ fontWeight: 'bold', mt: '6' })}>Last runs</h3>
      {runs.length === 0 ? (
        <p className={consoleStyles.status}>No imports yet.</p>
      ) : (
        <div>
          {runs.map((run) => (
            <RunReport
              key={run.id}
              run={run}
              heading={`${run.ok ? 'Imported' : 'Failed'}: ${run.source === 'upload' ? 'upload' : 'feed pull'} ${run.id}`}
            />
          ))}
        </div>
      )}

      <h2 className={pageStyles.subheading}>Cars</h2>
      <form
        aria-label="Search the cars"
        className={pageStyles.row}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          actorRef.send({ type: 'search', query: String(data.get('q') ?? '') });
        }}
      >
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          Search by name, stock number, VIN or rego
          <input name="q" type="search" defaultValue={query} className={pageStyles.input} />
        </label>
        <button type="submit" className={button({ variant: 'outline', size: 'sm' })} disabled={busy}>
          Search
        </button>
      </form>
      <p className={consoleStyles.status}>
        {total === cars.length ? `${total} cars` : `Showing ${cars.length} of ${total} cars`}
      </p>
      <ul
        aria-label="Cars"
        className={css({ display: 'grid', gap: '3', mt: '3', listStyle: 'none', p: '0' })}
      >
        {cars.map((car) => (
          <CarRow
            key={`${car.id}-${car.price}`}
            car={car}
            busy={busy}
            onAct={(action) => actorRef.send({ type: 'car.act', id: car.id, action })}
          />
        ))}
      </ul>
    </section>
  );
}

/** Route `/dealer/stock`: uploads, the feed and the dealer's cars (managers only). */
export const stockPage = defineConsolePage({
  logic: stockPageLogic,
  input: ({ search }) => ({ query: new URLSearchParams(search).get('q') ?? '' }),
  head: (snapshot, { site }) => ({
    title: consolePageTitle('Stock', site),
    status: snapshot.matches('failed') ? 500 : 200,
  }),
  View: StockPage,
});
