import type { ActorRefFrom } from 'xstate';
import type { LeadSuccess } from '../../domain/lead.ts';
import { createPageLoader } from '../shared/page-loader.ts';

/**
 * `/success` (both documents §2: "Shown after a lead is created"): `loading → ready | failed`. It
 * reads what the sent form stored locally (the category, and the car of an enquiry), so the page can
 * thank the shopper for the right thing; with nothing stored (a first load, the server) it thanks
 * them in general.
 */
export const successPageMachine = createPageLoader<LeadSuccess | null>('successPage');

/** A running success page. */
export type SuccessPageActorRef = ActorRefFrom<typeof successPageMachine>;
