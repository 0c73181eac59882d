import type { InboxDealership, LeadInbox } from '../../../domain/contracts/console-leads.ts';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadFilters } from '../../../domain/lead-inbox.ts';
import { css } from '../../../styled-system/css';
import { pageStyles } from '../../ui/page-styles.ts';

const grid = css({
  display: 'grid',
  gap: '3',
  mt: '4',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  alignItems: 'end',
});

/**
 * The inbox's filters as a plain GET form on `/dealer/leads`: submitting it opens the filtered list at
 * its own address, so Back returns to the last one and a filtered list can be bookmarked.
 */
export function LeadFiltersForm({
  filters,
  options,
}: {
  filters: LeadFilters;
  options: Pick<LeadInbox, 'types'> & { dealerships: readonly InboxDealership[] };
}) {
  return (
    <form method="get" action="/dealer/leads" aria-label="Filter leads" className={grid}>
      <label className={pageStyles.label}>
        Search
        <input
          className={pageStyles.input}
          type="search"
          name="q"
          defaultValue={filters.q ?? ''}
          placeholder="Name, email, phone or rego"
        />
      </label>
      <label className={pageStyles.label}>
        Type
        <select className={pageStyles.input} name="type" defaultValue={filters.type ?? ''}>
          <option value="">All types</option>
          {options.types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      <label className={pageStyles.label}>
        Status
        <select className={pageStyles.input} name="status" defaultValue={filters.status ?? ''}>
          <option value="">Any status</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <label className={pageStyles.label}>
        Dealership
        <select className={pageStyles.input} name="dealership" defaultValue={filters.dealership ?? ''}>
          <option value="">All dealerships</option>
          {options.dealerships.map((dealership) => (
            <option key={dealership.slug} value={dealership.slug}>
              {dealership.name}
            </option>
          ))}
        </select>
      </label>
      <label className={pageStyles.label}>
        From
        <input className={pageStyles.input} type="date" name="from" defaultValue={filters.from ?? ''} />
      </label>
      <label className={pageStyles.label}>
        To
        <input className={pageStyles.input} type="date" name="to" defaultValue={filters.to ?? ''} />
      </label>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
        <button type="submit" className={pageStyles.primary}>
          Filter
        </button>
        <a href="/dealer/leads" className={pageStyles.link}>
          Clear filters
        </a>
      </div>
    </form>
  );
}
