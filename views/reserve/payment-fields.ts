import type { FormFieldDefinition } from '../../domain/site-form-pages.ts';

/** The deposit's terms, beside any processor's component. */
export const TERMS_FIELD: FormFieldDefinition = {
  name: 'terms',
  label: 'I understand my deposit is fully refundable and the car is held for me for 48 hours',
  kind: 'checkbox',
  required: true,
};
/** Our local demonstration provider's payment component: the card, turned into a token in the browser. */
export const CARD_FIELDS: FormFieldDefinition[] = [
  { name: 'card_number', label: 'Card number', kind: 'text', required: true, autoComplete: 'cc-number' },
  { name: 'expiry', label: 'Expiry (MM/YY)', kind: 'text', required: true, autoComplete: 'cc-exp' },
  { name: 'cvc', label: 'Security code (CVC)', kind: 'text', required: true, autoComplete: 'cc-csc' },
  TERMS_FIELD,
];
