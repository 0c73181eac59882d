import type { ActorRefFrom } from 'xstate';
import type { LeadSuccess } from '../../domain/lead.ts';
import { createPageLoader } from '../shared/page-loader.ts';

/**
 * `/success` (both documents §2: "Shown after a lead is created"): the page loader, `loading → ready`.
 * It reads what the sent form stored locally (the category, and the car of an enquiry), so the page
 * can thank the shopper for the right thing; with nothing stored (a first load, the server, storage
 * switched off) it thanks them in general. Reading never fails (`services/leads/lead-success.storage.ts`),
 * so the loader's `failed` is never entered in a browser, and a thank-you is never an error page.
 */
export const successPageMachine = createPageLoader<undefined, LeadSuccess | null>({ id: 'successPage' });

/** A running success page. */
export type SuccessPageActorRef = ActorRefFrom<typeof successPageMachine>;
