import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimStore, findStoreOwner, StoreHeldError } from '../../../server/store/store-owner.ts';

const folder = () => mkdtempSync(join(tmpdir(), 'fc-claim-'));
/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid as number;

describe('one process per embedded store (issue 13 item 7)', () => {
  it('a claim records the owner and where it serves, and release lets go', () => {
    const dir = folder();
    const claim = claimStore(dir, 'server');
    expect(findStoreOwner(dir)).toEqual({ pid: process.pid, role: 'server', url: null });
    claim.serving('http://127.0.0.1:4123');
    expect(findStoreOwner(dir)?.url).toBe('http://127.0.0.1:4123');
    claim.release();
    expect(findStoreOwner(dir)).toBeNull();
    expect(existsSync(join(dir, 'owner.json'))).toBe(false);
  });

  it('another live process’s claim is refused with its role, pid and URL', () => {
    const dir = folder();
    const other = { pid: process.ppid, role: 'server', url: 'http://127.0.0.1:4999' };
    writeFileSync(join(dir, 'owner.json'), JSON.stringify(other));
    expect(() => claimStore(dir, 'seed')).toThrow(StoreHeldError);
    expect(() => claimStore(dir, 'seed')).toThrow(
      `(server, pid ${process.ppid}, serving http://127.0.0.1:4999)`,
    );
    const shared = claimStore(dir, 'server', { shared: true });
    shared.release();
    expect(JSON.parse(readFileSync(join(dir, 'owner.json'), 'utf8'))).toEqual(other);
  });

  it('a record left by a process that has gone is stale and taken over', () => {
    const dir = folder();
    writeFileSync(join(dir, 'owner.json'), JSON.stringify({ pid: deadPid(), role: 'server', url: null }));
    expect(findStoreOwner(dir)).toBeNull();
    const claim = claimStore(dir, 'stock:import');
    expect(findStoreOwner(dir)?.role).toBe('stock:import');
    claim.release();
  });
});
