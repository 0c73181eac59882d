import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../../tenants/tenant.schema.ts';

/**
 * Issue 34 item 4 (decision 120): a dealer's own Stripe connected account and statement descriptor
 * in its site config, checked where the config is read, so a typo fails the start rather than a
 * shopper's payment.
 */
const bayside = JSON.parse(readFileSync('tenants/bayside-mazda/site.json', 'utf8')) as Record<
  string,
  unknown
>;
const withPayments = (payments: unknown) => siteConfigSchema.safeParse({ ...bayside, payments });

describe('a dealer’s payments settings', () => {
  it('are optional: without them the platform’s own Stripe account takes the deposits', () => {
    expect(siteConfigSchema.parse(bayside).payments).toBeUndefined();
  });

  it('take a connected account id and a statement descriptor of up to 22 characters', () => {
    const parsed = withPayments({
      stripe_account: 'acct_1NbaysideMazda',
      statement_descriptor: 'BAYSIDE MAZDA DEPOSIT',
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.payments).toEqual({
      stripe_account: 'acct_1NbaysideMazda',
      statement_descriptor: 'BAYSIDE MAZDA DEPOSIT',
    });
  });

  it.each([
    ['an account that is not a connected account id', { stripe_account: 'sk_live_123' }, 'stripe_account'],
    [
      'a descriptor over Stripe’s 22 characters',
      { statement_descriptor: 'BAYSIDE MAZDA RESERVATIONS' },
      'statement_descriptor',
    ],
    [
      'a descriptor with a character Stripe refuses',
      { statement_descriptor: 'BAYSIDE <MAZDA>' },
      'statement_descriptor',
    ],
    [
      'an unknown setting (a secret key has no place in a tenant file)',
      { secret_key: 'sk_live_123' },
      'payments',
    ],
  ])('refuse %s, naming the field', (_, payments, field) => {
    const parsed = withPayments(payments);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.')).join(' ')).toContain(field);
  });
});
