import type { LeadDelivery, LeadDetail } from '../../../domain/contracts/console-leads.ts';
import { formatLeadTime, leadFieldFact } from '../../../domain/lead-inbox.ts';
import { css } from '../../../styled-system/css';
import { pageStyles } from '../../ui/page-styles.ts';
import { consoleStyles } from '../layout/console-styles.ts';

const RECIPIENTS: Readonly<Record<LeadDelivery['recipient'], string>> = {
  crm: 'CRM (ADF)',
  team: 'Sales team',
  shopper: 'Shopper’s acknowledgement',
};

const outcomeText = (delivery: LeadDelivery, timeZone: string): string => {
  const at = delivery.at ? formatLeadTime(delivery.at, timeZone) : '';
  if (delivery.outcome === 'sent') return `Sent ${at}`;
  if (delivery.outcome === 'given_up') return `Given up ${at}`;
  return delivery.attempts === 0 ? 'Waiting to be sent' : `Failed; next try ${at}`;
};

/**
 * What the shopper sent, field by field (a booking's time, the odometer and the model to drive
 * labelled and written out; the CV is the link above), and their visit.
 */
export function LeadFields({ lead }: { lead: LeadDetail }) {
  return (
    <>
      <h2 className={pageStyles.subheading}>What they sent</h2>
      <dl className={consoleStyles.facts}>
        {lead.fields.map((field) => {
          const fact = leadFieldFact(field, lead.time_zone);
          return (
            fact && (
              <div key={field.name} className={css({ display: 'contents' })}>
                <dt>{fact.label}</dt>
                <dd className={css({ whiteSpace: 'pre-wrap' })}>{fact.value}</dd>
              </div>
            )
          );
        })}
      </dl>
      <h2 className={pageStyles.subheading}>Their visit</h2>
      {lead.visit.pages.length === 0 && lead.visit.params.length === 0 ? (
        <p className={pageStyles.text}>The form sent nothing about the visit.</p>
      ) : (
        <>
          {lead.visit.pages.length > 0 && (
            <ol className={css({ listStyle: 'decimal', pl: '6', mt: '2', overflowWrap: 'anywhere' })}>
              {lead.visit.pages.map((page, index) => (
                // A shopper may see one page twice: its place in the visit is what tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the visit's order is the identity
                <li key={`${index}-${page}`}>{page}</li>
              ))}
            </ol>
          )}
          {lead.visit.params.length > 0 && (
            <dl className={consoleStyles.facts}>
              {lead.visit.params.map((param) => (
                <div key={param.name} className={css({ display: 'contents' })}>
                  <dt>{param.name}</dt>
                  <dd>{param.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
      <details className={css({ mt: '6' })}>
        <summary className={css({ cursor: 'pointer', fontWeight: 'semibold' })}>
          ADF document (as the CRM receives it)
        </summary>
        <pre
          className={css({
            mt: '2',
            p: '3',
            bg: 'surface',
            borderWidth: '1px',
            borderColor: 'border',
            fontSize: 'xs',
            overflowX: 'auto',
            whiteSpace: 'pre',
          })}
        >
          {lead.adf}
        </pre>
      </details>
    </>
  );
}

/** The lead's deliveries per recipient, with a given-up one's "send again". */
export function LeadDeliveries({
  lead,
  resending,
  disabled,
  onResend,
}: {
  lead: LeadDetail;
  resending: string | null;
  disabled: boolean;
  onResend: (delivery: string) => void;
}) {
  return (
    <>
      <h2 className={pageStyles.subheading}>Deliveries</h2>
      <ul className={css({ display: 'grid', gap: '3', mt: '3' })}>
        {lead.deliveries.map((delivery) => (
          <li key={`${delivery.key}-${delivery.recipient}`} className={css({ overflowWrap: 'anywhere' })}>
            <strong>{RECIPIENTS[delivery.recipient]}</strong>
            {delivery.version !== null && lead.version > 1 ? ` (version ${delivery.version})` : ''}
            {delivery.address ? ` to ${delivery.address}` : ''}: {outcomeText(delivery, lead.time_zone)}
            {delivery.attempts > 0
              ? ` · ${delivery.attempts} ${delivery.attempts === 1 ? 'try' : 'tries'}`
              : ''}
            {delivery.last_error && (
              <span className={css({ display: 'block', color: 'fgMuted', fontSize: 'sm' })}>
                Last error: {delivery.last_error}
              </span>
            )}
            {delivery.can_resend && (
              <button
                type="button"
                className={`${pageStyles.secondary} ${css({ ml: '2' })}`}
                disabled={disabled}
                onClick={() => onResend(delivery.key)}
              >
                {resending === delivery.key ? 'Sending again…' : 'Send again'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
