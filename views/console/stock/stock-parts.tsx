import { useState } from 'react';
import type {
  CsvPreview,
  FeedSettings,
  StockCar,
  StockCarAction,
  StockFeed,
  StockFormat,
  StockRun,
} from '../../../domain/contracts/console-stock.ts';
import { formatPrice } from '../../../domain/format.ts';
import type { CsvMapping } from '../../../domain/stock-csv.ts';
import type { ChosenFile } from '../../../machines/console-stock/stock-page.machine.ts';
import { css } from '../../../styled-system/css';
import { button, card } from '../../../styled-system/recipes';
import { pageStyles } from '../../ui/page-styles.ts';
import { consoleStyles } from '../layout/console-styles.ts';

const formatOf = (name: string): StockFormat => (/\.csv$/i.test(name) ? 'csv' : 'json');

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
  ' UTC';

/** The upload form: a JSON or CSV file, and whether it is the whole stock. */
export function UploadForm({ busy, onChosen }: { busy: boolean; onChosen: (file: ChosenFile) => void }) {
  return (
    <form
      className={pageStyles.form}
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const input = form.elements.namedItem('file') as HTMLInputElement;
        const file = input.files?.[0];
        if (!file) return;
        const replace = (form.elements.namedItem('replace') as HTMLInputElement).checked;
        onChosen({ name: file.name, format: formatOf(file.name), content: await file.text(), replace });
      }}
    >
      <label className={`${pageStyles.label} ${css({ minW: '0' })}`}>
        Stock file (JSON or CSV)
        <input
          name="file"
          type="file"
          accept=".json,.csv,application/json,text/csv"
          required
          className={`${pageStyles.input} ${css({ minW: '0', w: 'full', maxW: 'full' })}`}
        />
      </label>
      <label className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <input name="replace" type="checkbox" />
        This file is the whole stock: remove cars that are not in it
      </label>
      <div>
        <button type="submit" className={button()} disabled={busy}>
          Upload
        </button>
      </div>
    </form>
  );
}

/** The CSV mapping step: each column's car field, chosen from the proposal. */
export function MappingStep({
  preview,
  mapping,
  fileName,
  busy,
  onSet,
  onConfirm,
  onCancel,
}: {
  preview: CsvPreview;
  mapping: CsvMapping;
  fileName: string;
  busy: boolean;
  onSet: (header: string, field: string | null) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const chosen = new Set(Object.values(mapping).filter((field): field is string => field !== null));
  const missing = preview.required.filter((field) => !chosen.has(field));
  return (
    <section aria-labelledby="mapping-heading" className={css({ mt: '6' })}>
      <h3 id="mapping-heading" className={css({ fontWeight: 'bold', fontSize: 'lg' })}>
        Map the columns of {fileName}
      </h3>
      <p className={pageStyles.text}>
        {preview.rows} rows.{' '}
        {preview.saved
          ? 'Your saved mapping is used for the columns it knows.'
          : 'Columns named like a car field are mapped for you.'}{' '}
        The mapping is saved for your next file.
      </p>
      <div className={consoleStyles.tableWrap}>
        <table className={consoleStyles.table}>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Car field</th>
            </tr>
          </thead>
          <tbody>
            {preview.headers.map((header) => (
              <tr key={header}>
                <th scope="row">{header}</th>
                <td>
                  <select
                    aria-label={`Car field for ${header}`}
                    className={pageStyles.input}
                    value={mapping[header] ?? ''}
                    onChange={(event) => onSet(header, event.target.value === '' ? null : event.target.value)}
                  >
                    <option value="">Leave out</option>
                    {preview.fields.map((field) => (
                      <option
                        key={field}
                        value={field}
                        disabled={chosen.has(field) && mapping[header] !== field}
                      >
                        {field}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {missing.length > 0 && (
        <p className={consoleStyles.status}>
          Not mapped yet: {missing.join(', ')}. Rows without them are refused.
        </p>
      )}
      <div className={pageStyles.row}>
        <button type="button" className={button()} disabled={busy} onClick={onConfirm}>
          Import with this mapping
        </button>
        <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}

/** An import's report: its figures and each refused record. */
export function RunReport({ run, heading }: { run: StockRun; heading: string }) {
  const { root } = card();
  return (
    <section aria-label={heading} className={`${root} ${css({ mt: '4' })}`}>
      <h3 className={css({ fontWeight: 'bold' })}>{heading}</h3>
      <p className={consoleStyles.status}>
        {run.source === 'upload' ? 'Upload' : 'Feed pull'} ({run.format.toUpperCase()}) · {when(run.at)}
        {run.staff_name ? ` · ${run.staff_name}` : ''}
      </p>
      {run.report ? (
        <>
          <dl className={consoleStyles.facts}>
            <dt>Added</dt>
            <dd>{run.report.added}</dd>
            <dt>Changed</dt>
            <dd>{run.report.changed}</dd>
            <dt>Removed</dt>
            <dd>{run.report.removed}</dd>
            <dt>Refused</dt>
            <dd>{run.report.refused.length}</dd>
            <dt>Photos queued</dt>
            <dd>{run.report.photos_queued}</dd>
          </dl>
          {run.report.refused.length > 0 && (
            <ul
              aria-label="Refused records"
              className={css({ mt: '2', pl: '4', listStyle: 'disc', fontSize: 'sm' })}
            >
              {run.report.refused.map((refusal) => (
                <li key={`${refusal.record}-${refusal.field}`}>
                  {refusal.line !== null ? `Line ${refusal.line}` : `Record ${(refusal.record ?? 0) + 1}`}
                  {refusal.stocknum ? ` (stock ${refusal.stocknum})` : ''}: {refusal.field || 'record'} —{' '}
                  {refusal.message}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className={pageStyles.alert}>Failed: {run.error}</p>
      )}
    </section>
  );
}

/** The feed's settings form and its "pull now". */
export function FeedForm({
  feed,
  busy,
  onSave,
  onRun,
}: {
  feed: StockFeed | null;
  busy: boolean;
  onSave: (settings: FeedSettings) => void;
  onRun: () => void;
}) {
  return (
    <form
      className={pageStyles.form}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        onSave({
          url: String(data.get('url') ?? ''),
          format: data.get('format') === 'csv' ? 'csv' : 'json',
          every_minutes: Number(data.get('every_minutes')),
          enabled: data.get('enabled') === 'on',
          replace: data.get('replace') === 'on',
        });
      }}
    >
      <label className={pageStyles.label}>
        Feed address (https)
        <input
          name="url"
          type="url"
          required
          defaultValue={feed?.url ?? ''}
          placeholder="https://"
          className={pageStyles.input}
        />
      </label>
      <label className={pageStyles.label}>
        Format
        <select name="format" defaultValue={feed?.format ?? 'json'} className={pageStyles.input}>
          <option value="json">JSON</option>
          <option value="csv">CSV (with your saved mapping)</option>
        </select>
      </label>
      <label className={pageStyles.label}>
        Pull every (minutes)
        <input
          name="every_minutes"
          type="number"
          min={15}
          max={10080}
          required
          defaultValue={feed?.every_minutes ?? 60}
          className={pageStyles.input}
        />
      </label>
      <label className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <input name="enabled" type="checkbox" defaultChecked={feed?.enabled ?? true} />
        Pull on this schedule
      </label>
      <label className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <input name="replace" type="checkbox" defaultChecked={feed?.replace ?? false} />
        The feed is the whole stock: remove cars that are not in it
      </label>
      {feed?.next_run_at && feed.enabled && (
        <p className={consoleStyles.status}>Next pull: {when(feed.next_run_at)}</p>
      )}
      <div className={pageStyles.row}>
        <button type="submit" className={button()} disabled={busy}>
          Save the feed
        </button>
        {feed && (
          <button
            type="button"
            className={button({ variant: 'outline', size: 'sm' })}
            disabled={busy}
            onClick={onRun}
          >
            Pull now
          </button>
        )}
      </div>
    </form>
  );
}

/** One car's row: its facts, and hide/show, sold and a new price. */
export function CarRow({
  car,
  busy,
  onAct,
}: {
  car: StockCar;
  busy: boolean;
  onAct: (action: StockCarAction) => void;
}) {
  const [price, setPrice] = useState(String(car.price));
  const { root } = card();
  return (
    <li className={root} aria-label={car.name}>
      <p className={css({ fontWeight: 'semibold' })}>{car.name}</p>
      <p className={consoleStyles.status}>
        Stock {car.stocknum} · {formatPrice(car.price)} ·{' '}
        {car.status === 'sold' ? 'Sold' : car.status === 'coming_soon' ? 'Coming soon' : 'In stock'}
        {car.shown ? '' : ' · Hidden'}
      </p>
      <form
        className={pageStyles.row}
        onSubmit={(event) => {
          event.preventDefault();
          onAct({ action: 'price', price: Number(price) });
        }}
      >
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          Price
          <input
            type="number"
            min={0}
            step={1}
            required
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            className={`${pageStyles.input} ${css({ w: '32' })}`}
            aria-label={`Price of ${car.name}`}
          />
        </label>
        <button type="submit" className={button({ variant: 'outline', size: 'sm' })} disabled={busy}>
          Change price
        </button>
        <button
          type="button"
          className={button({ variant: 'outline', size: 'sm' })}
          disabled={busy}
          onClick={() => onAct({ action: car.hidden || !car.shown ? 'show' : 'hide' })}
        >
          {car.hidden || !car.shown ? 'Show on the site' : 'Hide'}
        </button>
        {car.status !== 'sold' && (
          <button
            type="button"
            className={button({ variant: 'outline', size: 'sm' })}
            disabled={busy}
            onClick={() => onAct({ action: 'sold' })}
          >
            Mark sold
          </button>
        )}
      </form>
    </li>
  );
}
