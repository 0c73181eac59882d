import type { FormFieldDefinition } from '../../domain/site-form-pages.ts';
import {
  CAR_CONDITIONS,
  DEFAULT_TRADE_IN_STATE,
  SERVICE_HISTORY,
  TRADE_IN_STATES,
} from '../../domain/trade-in.ts';
import { css } from '../../styled-system/css';

/** Step One's fields (§5): rego and state, qld by default. */
export const REGO_FIELDS: FormFieldDefinition[] = [
  { name: 'rego', label: 'Registration number', kind: 'text', required: true },
  {
    name: 'state',
    label: 'State',
    kind: 'select',
    required: true,
    defaultValue: DEFAULT_TRADE_IN_STATE,
    options: TRADE_IN_STATES.map((state) => ({ value: state, label: state.toUpperCase() })),
  },
];

/** Step Two's one field: the description chosen. */
export const SELECTION_FIELDS: FormFieldDefinition[] = [
  { name: 'manualEntry', label: 'Your car', kind: 'select', required: true },
];

/** Step Four's fields (§5 "Final step"). */
export const DETAIL_FIELDS: FormFieldDefinition[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel', required: true, autoComplete: 'tel' },
  { name: 'postcode', label: 'Postcode', kind: 'postcode', required: true, autoComplete: 'postal-code' },
  { name: 'odometer', label: 'Odometer (km)', kind: 'text', required: true },
  {
    name: 'service_history',
    label: 'Service history',
    kind: 'select',
    required: true,
    options: SERVICE_HISTORY.map((value) => ({ value, label: value })),
  },
  { name: 'number_of_keys', label: 'Number of keys', kind: 'text', required: true },
  {
    name: 'car_condition',
    label: 'Condition',
    kind: 'select',
    required: true,
    options: CAR_CONDITIONS.map((value) => ({ value, label: value })),
  },
  { name: 'comments', label: 'Anything we should know about the car?', kind: 'textarea', required: true },
];

/** The four steps' headings: `Step One Vehicle Details` … (§4). */
export const STEP_HEADINGS = [
  'Step One Vehicle Details',
  'Step Two Vehicle Selection',
  'Step Three Upload Images',
  'Step Four Your Details',
] as const;

/** The wizard's panels (a step, the offer, a question). */
export const card = css({
  p: '4',
  bg: 'surface',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border',
});

/** A screen's heading that is not a step's (not found, the offer, accepted). */
export const screenHeading = css({ fontSize: 'xl', fontWeight: 'bold' });
