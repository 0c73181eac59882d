import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { leadCvEndpoint } from '../../../domain/contracts/console-leads.ts';
import { urlOf } from '../../../domain/contracts/endpoint.ts';
import {
  formatLeadTime,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
} from '../../../domain/lead-inbox.ts';
import type { LeadPageActorRef } from '../../../machines/console-leads/lead-page.machine.ts';
import {
  selectActionError,
  selectError,
  selectIsAddingNote,
  selectIsBusy,
  selectIsLoading,
  selectIsSavingStatus,
  selectLead,
  selectNotesSaved,
  selectOutcome,
  selectResending,
} from '../../../machines/console-leads/lead-page.selectors.ts';
import { css } from '../../../styled-system/css';
import { onSubmitValues } from '../../ui/form-values.ts';
import { PageError } from '../../ui/page-error.tsx';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { pageStyles } from '../../ui/page-styles.ts';
import { consolePageTitle, defineConsolePage } from '../app/console-page-definition.ts';
import { consoleStyles } from '../layout/console-styles.ts';
import { LeadDeliveries, LeadFields } from './lead-parts.tsx';
import { leadPageLogic } from './wiring.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * `/dealer/leads/:id` (issue 36 item 3): everything about one lead — who sent it and what, its visit,
 * its ADF, its deliveries (a given-up one sent again), its status and the team's notes.
 */
export function LeadPage({ actorRef }: { actorRef: LeadPageActorRef }) {
  const isLoading = useSelector(actorRef, selectIsLoading);
  const error = useSelector(actorRef, selectError);
  const lead = useSelector(actorRef, selectLead);
  const busy = useSelector(actorRef, selectIsBusy);
  const savingStatus = useSelector(actorRef, selectIsSavingStatus);
  const addingNote = useSelector(actorRef, selectIsAddingNote);
  const resending = useSelector(actorRef, selectResending);
  const outcome = useSelector(actorRef, selectOutcome);
  const actionError = useSelector(actorRef, selectActionError);
  const notesSaved = useSelector(actorRef, selectNotesSaved);
  if (error !== null) return <PageError message={error} onRetry={() => actorRef.send({ type: 'retry' })} />;
  if (isLoading || !lead) return <PageSkeleton label="Loading the lead" />;
  const zone = lead.time_zone;
  return (
    <section className={consoleStyles.page}>
      <p>
        <Link href="/dealer/leads" className={pageStyles.link}>
          All leads
        </Link>
      </p>
      <h1 className={`${pageStyles.heading} ${css({ mt: '2', overflowWrap: 'anywhere' })}`}>
        {lead.name || lead.email || 'No name given'}
      </h1>
      <p className={pageStyles.text}>
        {lead.category}
        {lead.subcategory ? ` · ${lead.subcategory}` : ''} · received {formatLeadTime(lead.created_at, zone)}
      </p>
      <p role="status" className={consoleStyles.status}>
        {outcome ?? ''}
      </p>
      {actionError !== null && (
        <p role="alert" className={pageStyles.alert}>
          {actionError}
        </p>
      )}
      <dl className={consoleStyles.facts}>
        <dt>Email</dt>
        <dd>
          {lead.email ? (
            <a href={`mailto:${lead.email}`} className={pageStyles.link}>
              {lead.email}
            </a>
          ) : (
            'None given'
          )}
        </dd>
        <dt>Phone</dt>
        <dd>
          {lead.phone ? (
            <a href={`tel:${lead.phone.replace(/\s/g, '')}`} className={pageStyles.link}>
              {lead.phone}
            </a>
          ) : (
            'None given'
          )}
        </dd>
        <dt>Dealership</dt>
        <dd>{lead.dealership.name}</dd>
        <dt>Car</dt>
        <dd>
          {lead.car
            ? `${lead.car.name}${lead.car.stock_number ? ` (stock ${lead.car.stock_number})` : ''}`
            : 'None'}
        </dd>
        {lead.cv && (
          <>
            <dt>CV</dt>
            <dd>
              <a
                href={urlOf(leadCvEndpoint.path, { id: lead.lead_id })}
                className={pageStyles.link}
                data-lead-cv
              >
                Open CV ({lead.cv.name})
              </a>
            </dd>
          </>
        )}
      </dl>
      <form
        className={pageStyles.row}
        aria-label="Status"
        onSubmit={onSubmitValues((values) =>
          actorRef.send({ type: 'status.set', status: text(values.status) as LeadStatus }),
        )}
      >
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontWeight: 'semibold' })}>
          Status
          <select key={lead.status} name="status" defaultValue={lead.status} className={pageStyles.input}>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {LEAD_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={pageStyles.secondary} disabled={busy}>
          {savingStatus ? 'Saving…' : 'Save status'}
        </button>
      </form>
      <LeadFields lead={lead} />
      <LeadDeliveries
        lead={lead}
        resending={resending}
        disabled={busy}
        onResend={(delivery) => actorRef.send({ type: 'delivery.resend', delivery })}
      />
      <h2 className={pageStyles.subheading}>Notes</h2>
      {lead.notes.length === 0 ? (
        <p className={pageStyles.text}>No notes yet.</p>
      ) : (
        <ul className={css({ display: 'grid', gap: '3', mt: '3' })}>
          {lead.notes.map((note) => (
            <li key={note.id}>
              <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>{note.text}</p>
              <p className={css({ color: 'fgMuted', fontSize: 'sm' })}>
                {note.staff_name}, {formatLeadTime(note.at, zone)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        className={pageStyles.form}
        noValidate
        onSubmit={onSubmitValues((values) => actorRef.send({ type: 'note.add', text: text(values.text) }))}
      >
        <label className={pageStyles.label}>
          Add a note
          <textarea key={notesSaved} name="text" rows={3} maxLength={2000} className={pageStyles.input} />
        </label>
        <p>
          <button type="submit" className={pageStyles.primary} disabled={busy}>
            {addingNote ? 'Adding…' : 'Add note'}
          </button>
        </p>
      </form>
    </section>
  );
}

/** Route `/dealer/leads/:id`: a lead's page. */
export const leadPage = defineConsolePage({
  logic: leadPageLogic,
  input: ({ params }) => ({ leadId: params.id ?? '' }),
  head: (snapshot, { site }) => ({
    title: consolePageTitle(
      snapshot.context.lead?.name ? `Lead from ${snapshot.context.lead.name}` : 'Lead',
      site,
    ),
    status: snapshot.matches('failed') ? 404 : 200,
  }),
  View: LeadPage,
});
