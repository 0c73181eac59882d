import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env.ts';
import { loadSecrets, serverSecrets } from '../../../server/secrets.ts';

/** Where a server's secrets come from in each mode (issue 33 item 5, decision 113). */
const given = {
  SEARCH_PARENT_KEY: 'a-search-parent-key-from-the-environment',
  SEARCH_ADMIN_KEY: 'a-search-admin-key-from-the-environment!',
  ADMIN_TOKEN: 'an-admin-token-from-the-environment-00000',
  LINK_SECRET: 'a-link-secret-from-the-environment-000000',
};
const dataDir = () => mkdtempSync(join(tmpdir(), 'forecourt-secrets-'));

describe('server secrets', () => {
  it('in production come from the environment alone, and nothing is written to the data folder', () => {
    const dir = dataDir();
    const secrets = serverSecrets(readEnv({ FORECOURT_ENV: 'production', DATA_DIR: dir, ...given }));
    expect(secrets).toEqual({
      searchKey: given.SEARCH_PARENT_KEY,
      searchAdminKey: given.SEARCH_ADMIN_KEY,
      adminToken: given.ADMIN_TOKEN,
      linkSecret: given.LINK_SECRET,
    });
    expect(existsSync(join(dir, 'secrets.json'))).toBe(false);
  });

  it('in production are never generated: a missing one is named', () => {
    const { LINK_SECRET: _link, ADMIN_TOKEN: _admin, ...some } = given;
    expect(() =>
      serverSecrets(readEnv({ FORECOURT_ENV: 'production', DATA_DIR: dataDir(), ...some })),
    ).toThrow('set ADMIN_TOKEN, LINK_SECRET');
  });

  it('in the demo are generated into secrets.json, and one the environment gives wins', () => {
    const dir = dataDir();
    const generated = loadSecrets(dir);
    const secrets = serverSecrets(readEnv({ DATA_DIR: dir, LINK_SECRET: given.LINK_SECRET }));
    expect(secrets).toEqual({ ...generated, linkSecret: given.LINK_SECRET });
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual(generated);
  });

  it('a short one stops start-up, saying how to make one', () => {
    expect(() => readEnv({ ADMIN_TOKEN: 'too-short' })).toThrow(
      'ADMIN_TOKEN: must be at least 32 characters: generate one with `openssl rand -base64 32`',
    );
  });
});
