import { CONSOLE_HOURS_ENDPOINTS } from './console-hours.ts';
import {
  leadCvRequest,
  leadDetailRequest,
  leadExportRequest,
  leadInboxRequest,
  leadNoteRequest,
  leadResendRequest,
  leadStatusRequest,
} from './console-leads.ts';
import { CONSOLE_OFFER_ENDPOINTS } from './console-offers.ts';
import {
  confirmReservationRequest,
  consoleReservationsRequest,
  releaseReservationRequest,
} from './console-reservations.ts';
import {
  auditLogRequest,
  invitationAcceptRequest,
  invitationLookupRequest,
  staffInviteRequest,
  staffListEndpoint,
  staffMeEndpoint,
  staffRemoveRequest,
  staffRoleRequest,
  staffSignInRequest,
  staffSignOutEndpoint,
  totpConfirmRequest,
  totpDisableRequest,
  totpEnrolRequest,
} from './console-staff.ts';
import {
  csvMappingRequest,
  csvPreviewRequest,
  feedRunRequest,
  feedSettingsRequest,
  stockCarActionRequest,
  stockOverviewRequest,
  stockUploadRequest,
} from './console-stock.ts';
import type { Endpoint } from './endpoint.ts';

/**
 * Every dealer-console endpoint (`/api/dealer/…`), in one list that the security probe
 * (`tests/unit/console/console-probe.test.ts`) reads: each is tried signed out, as another dealer's
 * manager, as a sales member where it needs a manager, and cross-site (issue 36 item 8). An area ADDS
 * its contracts here (with their request schemas, `…Request`), so a new endpoint is probed at once.
 * Server-only: the browser imports each contract from its own module.
 */
export const CONSOLE_ENDPOINTS: readonly Endpoint[] = [
  // Staff, sessions and audit (F1).
  staffSignInRequest,
  staffSignOutEndpoint,
  staffMeEndpoint,
  invitationLookupRequest,
  invitationAcceptRequest,
  staffListEndpoint,
  staffInviteRequest,
  staffRoleRequest,
  staffRemoveRequest,
  totpEnrolRequest,
  totpConfirmRequest,
  totpDisableRequest,
  auditLogRequest,
  // The leads inbox (L).
  leadInboxRequest,
  leadExportRequest,
  leadDetailRequest,
  leadStatusRequest,
  leadNoteRequest,
  leadResendRequest,
  // A careers enquiry's CV (issue 37 item 9).
  leadCvRequest,
  // Reservations: held, confirmed, released, expired; confirm a sale, release a hold (R, issue 36 item 4).
  consoleReservationsRequest,
  confirmReservationRequest,
  releaseReservationRequest,
  // Stock: uploads, the feed, cars by hand (S, issue 36 item 5).
  stockOverviewRequest,
  csvPreviewRequest,
  stockUploadRequest,
  csvMappingRequest,
  feedSettingsRequest,
  feedRunRequest,
  stockCarActionRequest,
  // Offers and opening hours (O, issue 36 item 6).
  ...CONSOLE_OFFER_ENDPOINTS,
  ...CONSOLE_HOURS_ENDPOINTS,
];
