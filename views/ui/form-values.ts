import type { FormEvent } from 'react';
import { HONEYPOT_FIELD } from '../../domain/lead.ts';

/*
 * The one submit helper for schema-checked forms (issue 32 items 2 and 4). A view reads what the
 * shopper entered, unchecked, and sends it in its machine's event; the machine's guards run the
 * domain's zod schema and its actions assign the field errors. Nothing here checks a rule.
 */

/** What a form holds, by field name, as the shopper entered it: the payload of a machine's submit event. */
export type RawFormValues = Record<string, unknown>;

/**
 * A field as the reader needs to know it (`FormFieldDefinition` of `domain/site-form-pages.ts` fits):
 * its name, whether it is a checkbox, and whether an empty value is left out.
 */
export interface FieldReading {
  readonly name: string;
  readonly kind?: string;
  readonly required?: boolean;
}

/**
 * A form's raw values. With `fields`: those fields only, a checkbox as true or false, text as typed,
 * and an optional field left empty left out. Without: every named control, a checkbox as true or false,
 * a name used more than once (ticked options) as the list of its values, and no files. The honeypot
 * is never among them (see `honeypotValue`).
 */
export function readFormValues(form: HTMLFormElement, fields?: readonly FieldReading[]): RawFormValues {
  const data = new FormData(form);
  const values: RawFormValues = {};
  if (fields) {
    for (const field of fields) {
      if (field.kind === 'checkbox') {
        values[field.name] = data.get(field.name) !== null;
        continue;
      }
      const value = data.get(field.name);
      const text = typeof value === 'string' ? value : '';
      if (text === '' && !field.required) continue;
      values[field.name] = text;
    }
    return values;
  }
  const controls = Array.from(form.elements) as HTMLInputElement[];
  for (const { name, type } of controls) {
    if (!name || name === HONEYPOT_FIELD || name in values || type === 'file') continue;
    const all = data.getAll(name).filter((value): value is string => typeof value === 'string');
    const single = controls.filter((control) => control.name === name).length === 1;
    if (type === 'checkbox' && single) values[name] = all.length > 0;
    else values[name] = all.length > 1 ? all : (all[0] ?? '');
  }
  return values;
}

/**
 * What a bot left in the honeypot (issue 31 item 6), to send beside the values so the server refuses
 * the lead; nothing when it is empty, as it is for people.
 */
export function honeypotValue(form: HTMLFormElement): Record<string, string> {
  const value = new FormData(form).get(HONEYPOT_FIELD);
  return typeof value === 'string' && value !== '' ? { [HONEYPOT_FIELD]: value } : {};
}

/**
 * A form's `onSubmit`: stops the browser's own submit, reads the raw values (of `fields`, or of every
 * named control) and hands them to `send`, which sends the machine's event:
 *
 * ```tsx
 * <form noValidate onSubmit={onSubmitValues((values) => actorRef.send({ type: 'form.submit', values }), fields)}>
 * ```
 *
 * `send` also receives the form element, for what travels beside the values (`honeypotValue(form)`).
 */
export function onSubmitValues(
  send: (values: RawFormValues, form: HTMLFormElement) => void,
  fields?: readonly FieldReading[],
): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    event.preventDefault();
    send(readFormValues(event.currentTarget, fields), event.currentTarget);
  };
}
