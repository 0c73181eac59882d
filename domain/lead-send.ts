/**
 * A lead as a machine hands it to the leads service (`services/leads/leads.service.ts` `sendLead`):
 * the form it comes from, whose rules the server checks again, and the fields it sends, already
 * checked by the machine. The service shapes the request body (`siteFormSubmission`: the category,
 * ticked options, the honeypot) and adds where it was sent from, so the machine's actor input and the
 * service's parameter are this one type.
 */
export interface LeadSend {
  /** The form's id (`SITE_FORM_IDS` of `domain/site-forms.ts`). */
  form: string | null;
  /** The checked values with what the page added (the car, the calculator's figures). */
  values: Record<string, unknown>;
}

/** What a refused lead leaves for the form to show: the server's message, its error code and its messages per field. */
export interface LeadRefusal {
  /** The server's (or the network's) message, or null when it sent none. */
  message: string | null;
  /** The server's error code (`slot_taken`, `car_unavailable`…), or null. */
  code: string | null;
  fields: Record<string, string>;
}
