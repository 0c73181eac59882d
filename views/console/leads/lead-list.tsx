import { Link } from 'wouter';
import type { InboxLead } from '../../../domain/contracts/console-leads.ts';
import { formatLeadTime, LEAD_STATUS_LABELS } from '../../../domain/lead-inbox.ts';
import { css } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { pageStyles } from '../../ui/page-styles.ts';
import { consoleStyles } from '../layout/console-styles.ts';

const phoneOnly = css({ display: { base: 'grid', md: 'none' }, gap: '3', mt: '4' });
const wideOnly = css({ display: { base: 'none', md: 'block' } });
const muted = css({ color: 'fgMuted', fontSize: 'sm' });

const leadName = (lead: InboxLead) => lead.name || lead.email || 'No name given';
const contactOf = (lead: InboxLead) => [lead.email, lead.phone].filter(Boolean).join(' · ');

/** The leads as cards on a phone and as a table from `md` up; each opens the lead's page. */
export function LeadList({ leads, timeZone }: { leads: readonly InboxLead[]; timeZone: string }) {
  const { root } = card();
  return (
    <>
      <ul className={phoneOnly} aria-label="Leads">
        {leads.map((lead) => (
          <li key={lead.lead_id} className={root}>
            <Link href={`/dealer/leads/${lead.lead_id}`} className={pageStyles.link}>
              {leadName(lead)}
            </Link>
            <p>
              {lead.category} · {LEAD_STATUS_LABELS[lead.status]}
            </p>
            <p className={muted}>{contactOf(lead)}</p>
            <p className={muted}>
              {formatLeadTime(lead.created_at, timeZone)} · {lead.dealership.name}
              {lead.car ? ` · ${lead.car}` : ''}
              {lead.rego ? ` · Rego ${lead.rego}` : ''}
            </p>
          </li>
        ))}
      </ul>
      <div className={`${consoleStyles.tableWrap} ${wideOnly}`}>
        <table className={consoleStyles.table}>
          <caption className={css({ srOnly: true })}>Leads, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Contact</th>
              <th scope="col">Dealership</th>
              <th scope="col">About</th>
            </tr>
          </thead>
          <tbody>
            {leads.map((lead) => (
              <tr key={lead.lead_id}>
                <td>{formatLeadTime(lead.created_at, timeZone)}</td>
                <td>
                  <Link href={`/dealer/leads/${lead.lead_id}`} className={pageStyles.link}>
                    {leadName(lead)}
                  </Link>
                </td>
                <td>{lead.category}</td>
                <td>{LEAD_STATUS_LABELS[lead.status]}</td>
                <td>{contactOf(lead)}</td>
                <td>{lead.dealership.name}</td>
                <td>{[lead.car, lead.rego ? `Rego ${lead.rego}` : null].filter(Boolean).join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
