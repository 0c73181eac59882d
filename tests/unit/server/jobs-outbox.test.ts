import { describe, expect, it } from 'vitest';
import { type Outbox, retryDelaySeconds, sendOutbox } from '../../../server/jobs/outbox.ts';

interface Row {
  id: number;
  attempts: number;
  due: number;
  sent: boolean;
  gaveUp: boolean;
  error: string | null;
}

/** An outbox in memory: rows due at a time, a sender that refuses while `refusing`. */
function memoryOutbox(options: { giveUpAfter?: number } = {}) {
  const rows: Row[] = [1, 2].map((id) => ({
    id,
    attempts: 0,
    due: 0,
    sent: false,
    gaveUp: false,
    error: null,
  }));
  const state = { refusing: false, leases: [] as number[] };
  const outbox: Outbox<Row> = {
    name: 'Test item',
    claim: async (now, leaseUntil) => {
      const due = rows.filter((row) => !row.sent && !row.gaveUp && row.due <= now.getTime());
      for (const row of due) row.due = leaseUntil.getTime();
      state.leases.push(leaseUntil.getTime() - now.getTime());
      return due;
    },
    attempts: (row) => row.attempts,
    send: async (row) => {
      if (state.refusing) throw new Error(`451 busy for ${row.id}`);
    },
    sent: async (row) => {
      row.sent = true;
      row.attempts += 1;
    },
    retry: async (row, { attempts, error, retryAt }) => {
      Object.assign(row, { attempts, error, due: retryAt.getTime() });
    },
    describe: (row) => ({ id: row.id }),
    ...(options.giveUpAfter
      ? {
          giveUpAfter: options.giveUpAfter,
          giveUp: async (row: Row, { attempts, error }: { attempts: number; error: string }) => {
            Object.assign(row, { attempts, error, gaveUp: true });
          },
        }
      : {}),
  };
  return { rows, state, outbox };
}

const logger = () => {
  const lines: { level: string; message: string; data: unknown }[] = [];
  return {
    lines,
    info: (message: string, data?: unknown) => lines.push({ level: 'info', message, data }),
    error: (message: string, data?: unknown) => lines.push({ level: 'error', message, data }),
  };
};

describe('sendOutbox: claim, retry with backoff, give up and report', () => {
  it('claims what is due with a five-minute lease and records each sent', async () => {
    const { rows, state, outbox } = memoryOutbox();
    expect(await sendOutbox(outbox, { now: () => new Date(0) })).toBe(2);
    expect(rows.every((row) => row.sent && row.attempts === 1)).toBe(true);
    expect(state.leases).toEqual([5 * 60_000]);
    expect(await sendOutbox(outbox, { now: () => new Date(0) })).toBe(0);
  });

  it('keeps a failure with its error, retries on the backoff schedule, and reports each try', async () => {
    const { rows, state, outbox } = memoryOutbox();
    const log = logger();
    let clock = 0;
    const now = () => new Date(clock);
    state.refusing = true;
    expect(await sendOutbox(outbox, { now, logger: log })).toBe(0);
    expect(rows[0]).toMatchObject({ attempts: 1, error: '451 busy for 1', due: 30_000, sent: false });
    expect(log.lines[0]).toEqual({
      level: 'info',
      message: 'Test item not sent; will retry',
      data: { id: 1, attempt: 1, retry_at: new Date(30_000).toISOString(), reason: '451 busy for 1' },
    });
    clock = 29_999;
    expect(await sendOutbox(outbox, { now, logger: log })).toBe(0);
    expect(rows[0]?.attempts).toBe(1);
    clock = 30_000;
    await sendOutbox(outbox, { now, logger: log });
    expect(rows[0]).toMatchObject({ attempts: 2, due: 30_000 + 60_000 });
    state.refusing = false;
    clock = 90_000;
    expect(await sendOutbox(outbox, { now, logger: log })).toBe(2);
    expect(rows[0]).toMatchObject({ attempts: 3, sent: true });
  });

  it('the delay doubles from 30 seconds to at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelaySeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });

  it('gives up after its tries when the outbox allows, and reports it as an error', async () => {
    const { rows, state, outbox } = memoryOutbox({ giveUpAfter: 2 });
    const log = logger();
    let clock = 0;
    state.refusing = true;
    await sendOutbox(outbox, { now: () => new Date(clock), logger: log });
    clock = 60_000;
    await sendOutbox(outbox, { now: () => new Date(clock), logger: log });
    expect(rows[0]).toMatchObject({ attempts: 2, gaveUp: true, error: '451 busy for 1' });
    expect(log.lines.filter((line) => line.level === 'error')).toEqual([
      {
        level: 'error',
        message: 'Test item not sent; given up',
        data: { id: 1, attempts: 2, error: '451 busy for 1' },
      },
      {
        level: 'error',
        message: 'Test item not sent; given up',
        data: { id: 2, attempts: 2, error: '451 busy for 2' },
      },
    ]);
    clock = 10_000_000;
    state.refusing = false;
    expect(await sendOutbox(outbox, { now: () => new Date(clock), logger: log })).toBe(0);
  });

  it('an outbox without giveUp retries for ever (a lead is never dropped)', async () => {
    const { rows, state, outbox } = memoryOutbox();
    state.refusing = true;
    let clock = 0;
    for (let i = 0; i < 30; i += 1) {
      await sendOutbox(outbox, { now: () => new Date(clock) });
      clock += 3_600_000;
    }
    expect(rows[0]).toMatchObject({ attempts: 30, gaveUp: false, sent: false });
  });
});
