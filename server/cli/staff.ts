import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod/mini';
import { staffAdminInviteEndpoint, staffAdminInviteRequest } from '../../domain/contracts/staff-admin.ts';
import { inviteStaff } from '../console/staff/invitations.ts';
import { operatorLinkOrigin } from '../console/staff/staff-admin.routes.ts';
import { createMailer } from '../mail/mailer.ts';
import { findStoreOwner, StoreHeldError } from '../store/store-owner.ts';
import { loadTenants } from '../tenants/load.ts';
import { askHoldingServer, DATA_DIR, withOwnStore } from './holding-server.ts';

/**
 * `npm run staff -- --tenant <slug> --invite <email> --role manager|sales`: the operator invites a
 * member of a dealer's staff to its console (issue 36 item 2). The invitation — a one-use link on the
 * dealer's site that works 72 hours — is emailed at once. Through the server that holds the store of
 * this data folder when one runs (its admin route, with the admin token), else into the store itself
 * with the mail settings of the environment (`SMTP_URL`, else `.eml` files in `<DATA_DIR>/outbox`).
 */
const USAGE = 'usage: npm run staff -- --tenant <slug> --invite <email> --role manager|sales';

type Answer = z.infer<typeof staffAdminInviteEndpoint.answer>;

async function intoStore(input: {
  tenant: string;
  email: string;
  role: 'manager' | 'sales';
}): Promise<Answer> {
  const site = loadTenants(process.env.TENANTS_DIR || undefined).find((s) => s.slug === input.tenant);
  if (!site) throw new Error(`unknown tenant ${input.tenant}`);
  const mailer = createMailer({
    ...(process.env.SMTP_URL ? { smtpUrl: process.env.SMTP_URL } : {}),
    outbox: join(DATA_DIR, 'outbox'),
  });
  const from = process.env.LEADS_FROM || 'leads@forecourt.local';
  return withOwnStore('staff', async (db) => {
    const sent = await inviteStaff(
      { db, now: () => new Date(), mail: { mailer, from } },
      {
        site,
        email: input.email,
        role: input.role,
        invitedBy: null,
        origin: operatorLinkOrigin(
          site,
          Number(process.env.PORT) || 3000,
          (process.env.FORECOURT_ENV ?? 'demo') === 'demo',
        ),
      },
    );
    if (!sent.ok) throw new Error(`${input.email} is already a member of ${site.name}'s staff`);
    return { invitation: sent.invitation, emailed: sent.emailed, to: mailer.target };
  });
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { tenant: { type: 'string' }, invite: { type: 'string' }, role: { type: 'string' } },
  });
  if (positionals.length > 0) throw new Error(USAGE);
  const parsed = z.safeParse(staffAdminInviteRequest.request().body, {
    tenant: values.tenant,
    email: values.invite,
    role: values.role,
  });
  if (!parsed.success) throw new Error(USAGE);
  const owner = findStoreOwner(DATA_DIR);
  if (owner && !owner.url) throw new StoreHeldError(DATA_DIR, owner);
  const answer = owner?.url
    ? z.parse(
        staffAdminInviteEndpoint.answer,
        await askHoldingServer({ ...owner, url: owner.url }, staffAdminInviteEndpoint.path, {
          method: 'POST',
          body: parsed.data,
        }),
      )
    : await intoStore(parsed.data);
  const where = owner ? 'through the running server' : 'into the store';
  if (!answer.emailed) {
    throw new Error(
      `Invited ${answer.invitation.email} as ${answer.invitation.role} ${where}, but the email could not be sent (${answer.to}); run this again to send a new invitation.`,
    );
  }
  console.log(
    `Invited ${answer.invitation.email} to ${parsed.data.tenant}'s console as ${answer.invitation.role} ${where}: the link (one use, until ${answer.invitation.expires_at}) was emailed (${answer.to}).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
