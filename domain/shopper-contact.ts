import type { AuthUser } from './contracts/session.ts';

/**
 * What a lead form starts with for a signed-in shopper (issue 37 item 9 "Less typing"): the account's
 * own details — its email, its phone number where it has one, and a name once accounts keep one (they
 * do not yet). Only ever the session's own shopper: it is read with their cookie, and never rendered
 * into a page the cache keeps (kept pages are signed-out shoppers' only, decision 090).
 */
export interface ShopperContact {
  name: string | null;
  email: string;
  phone: string | null;
}

/** The signed-in shopper's contact details, or null for a visitor. */
export function contactOf(user: AuthUser | null): ShopperContact | null {
  return user ? { name: null, email: user.email, phone: user.phone_number } : null;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A form's values with the shopper's details filled in where the form's field is still blank: what
 * the shopper typed is never overwritten, and a detail the account lacks stays blank.
 */
export function prefillContact(
  values: Readonly<Record<string, unknown>>,
  contact: ShopperContact | null,
): Record<string, unknown> {
  if (!contact) return { ...values };
  const filled: Record<string, unknown> = { ...values };
  for (const [field, value] of [
    ['name', contact.name],
    ['email', contact.email],
    ['phone', contact.phone],
  ] as const) {
    if (value && isBlank(filled[field])) filled[field] = value;
  }
  return filled;
}
