import {
  leadCvRequest,
  leadDetailRequest,
  leadExportRequest,
  leadInboxRequest,
  leadNoteRequest,
  leadResendRequest,
  leadStatusRequest,
} from '../../../domain/contracts/console-leads.ts';
import type { LeadFilters } from '../../../domain/lead-inbox.ts';
import type { StaffMember } from '../../../domain/staff.ts';
import { apiError } from '../../api/api-error.ts';
import type { ApiContext } from '../../api/serve.ts';
import { type ServedEndpoint, serve } from '../../api/serve.ts';
import { cvDownload } from '../../careers/cv-links.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { careersCvOfLead } from '../../store/careers-cvs.repo.ts';
import type { Db } from '../../store/db.ts';
import {
  addLeadNote,
  exportInbox,
  leadPage as inboxLeadPage,
  listInbox,
  NotGivenUpError,
  resendDelivery,
  setLeadStatus,
  UnknownDealershipError,
} from './lead-inbox.ts';

/** What the leads inbox's routes use: the store, and the media storage a careers CV is in. */
export interface LeadsConsoleDeps {
  db: Db;
  media?: MediaStore | null;
}

const NOT_FOUND = 'No such lead on this site';

const notFound = (c: ApiContext) => apiError(c, 404, 'not_found', NOT_FOUND);
const unknownDealership = (c: ApiContext, error: UnknownDealershipError) =>
  apiError(c, 400, 'invalid_request', error.message, { dealership: 'No such dealership on this site' });

/** The signed-in member; `serve()` has refused the request before the handler runs without one. */
const memberOf = (c: ApiContext): StaffMember => c.get('staff') as StaffMember;

/** The filters without the page cursor. */
const filtersOf = ({ type, status, dealership, from, to, q }: LeadFilters): LeadFilters => ({
  ...(type ? { type } : {}),
  ...(status ? { status } : {}),
  ...(dealership ? { dealership } : {}),
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
  ...(q ? { q } : {}),
});

/**
 * The leads inbox's endpoints (issue 36 item 3; contracts in `domain/contracts/console-leads.ts`),
 * each for any signed-in member of this site's staff: the list, its CSV, a lead's page, and its status,
 * notes and resend. The export is registered before `:id`, which would otherwise take its path.
 */
export function leadsConsoleEndpoints(deps: LeadsConsoleDeps): ServedEndpoint[] {
  const { db } = deps;
  // A lead's page says whether a careers CV came with it (issue 37 item 9).
  const leadPage = async (...args: Parameters<typeof inboxLeadPage>) => {
    const page = await inboxLeadPage(...args);
    if (!page) return page;
    const cv = await careersCvOfLead(db, args[1].id, page.lead_id);
    return { ...page, cv: cv ? { name: cv.display_name, size: cv.size } : null };
  };
  return [
    serve(leadInboxRequest, async (c, { query }) => {
      try {
        return await listInbox(db, c.get('site'), filtersOf(query), query.after);
      } catch (error) {
        if (error instanceof UnknownDealershipError) return unknownDealership(c, error);
        throw error;
      }
    }),
    serve(leadExportRequest, async (c, { query }) => {
      const site = c.get('site');
      let csv: string;
      try {
        csv = await exportInbox(db, site, filtersOf(query));
      } catch (error) {
        if (error instanceof UnknownDealershipError) return unknownDealership(c, error);
        throw error;
      }
      const day = new Date().toISOString().slice(0, 10);
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="leads-${site.slug}-${day}.csv"`);
      c.header('x-content-type-options', 'nosniff');
      return c.body(csv);
    }),
    serve(leadDetailRequest, async (c, { params }) => {
      return (await leadPage(db, c.get('site'), params.id)) ?? notFound(c);
    }),
    serve(leadCvRequest, async (c, { params }) => {
      const cv = await careersCvOfLead(db, c.get('site').id, params.id.toLowerCase());
      if (!cv || !deps.media) return apiError(c, 404, 'not_found', 'This lead has no CV');
      return cvDownload(c, deps.media, cv);
    }),
    serve(leadStatusRequest, async (c, { params, body }) => {
      const site = c.get('site');
      if (!(await setLeadStatus(db, site, memberOf(c), params.id, body.status))) return notFound(c);
      return (await leadPage(db, site, params.id)) ?? notFound(c);
    }),
    serve(leadNoteRequest, async (c, { params, body }) => {
      const site = c.get('site');
      if (!(await addLeadNote(db, site, memberOf(c), params.id, body.text))) return notFound(c);
      return (await leadPage(db, site, params.id)) ?? notFound(c);
    }),
    serve(leadResendRequest, async (c, { params, body }) => {
      const site = c.get('site');
      try {
        if (!(await resendDelivery(db, site, memberOf(c), params.id, body.delivery))) return notFound(c);
      } catch (error) {
        if (error instanceof NotGivenUpError) return apiError(c, 409, 'not_given_up', error.message);
        throw error;
      }
      return (await leadPage(db, site, params.id)) ?? notFound(c);
    }),
  ];
}
