import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * What changed in the store that every server process must know at once (issue 20 item 2): each
 * process keeps the search index and rendered pages in memory, so a stock import, a reservation or its
 * release through one process must reach the others. On PostgreSQL the processes tell each other
 * with `NOTIFY` on one channel (decision 092); PGlite admits one process, so it needs no feed.
 */
export type StoreChange =
  | { kind: 'stock' }
  | { kind: 'cars'; ids: number[] }
  /** The dealers' offers or special opening hours, changed in the console (issue 36 item 6). */
  | { kind: 'content' };

export interface ChangeFeed {
  /** Tells the other processes (not this one) what changed. */
  publish(change: StoreChange): Promise<void>;
  close(): Promise<void>;
}

/** The most car ids one notification names (NOTIFY's payload is at most 8,000 bytes). */
const MAX_IDS = 500;

/** The channel, per schema: tests on one database in schemas of their own do not hear each other. */
export const changeChannel = (schema = 'public') => `forecourt_changes_${schema}`;

interface Message {
  from: string;
  change: StoreChange;
}

function parseMessage(payload: string | undefined): Message | null {
  try {
    const message = JSON.parse(payload ?? '') as Partial<Message>;
    const change = message.change;
    if (typeof message.from !== 'string' || !change) return null;
    if (change.kind === 'stock') return { from: message.from, change: { kind: 'stock' } };
    if (change.kind === 'content') return { from: message.from, change: { kind: 'content' } };
    if (change.kind === 'cars' && Array.isArray(change.ids) && change.ids.every(Number.isSafeInteger)) {
      return { from: message.from, change: { kind: 'cars', ids: change.ids } };
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * Listens on PostgreSQL for the other processes' changes and calls `onChange` with each; a dropped
 * connection is opened again (after `retryMs`), and a change missed meanwhile is made up by treating
 * the reconnection as a stock change (everything is refreshed once).
 */
export async function openChangeFeed(options: {
  databaseUrl: string;
  schema?: string;
  onChange: (change: StoreChange) => void;
  onError?: (error: unknown) => void;
  retryMs?: number;
}): Promise<ChangeFeed> {
  const self = randomUUID();
  const channel = changeChannel(options.schema);
  const retryMs = options.retryMs ?? 1000;
  let closed = false;
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  // A pool of one: a dropped connection is replaced on the next publish.
  const publisher = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
  publisher.on('error', (error) => options.onError?.(error));

  const listen = async (reconnected: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('notification', (notification) => {
      const message = parseMessage(notification.payload);
      if (message && message.from !== self) options.onChange(message.change);
    });
    client.on('error', (error) => {
      options.onError?.(error);
      client.end().catch(() => undefined);
      if (listener === client) listener = null;
      if (!closed) retry = setTimeout(() => void listen(true).catch(options.onError), retryMs);
    });
    await client.connect();
    await client.query(`LISTEN "${channel}"`);
    listener = client;
    if (reconnected) options.onChange({ kind: 'stock' });
  };
  await listen(false);

  return {
    async publish(change) {
      // NOTIFY carries at most 8,000 bytes: a change of very many cars is told as a stock change.
      const told =
        change.kind === 'cars' && change.ids.length > MAX_IDS ? { kind: 'stock' as const } : change;
      const message: Message = { from: self, change: told };
      await publisher.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(message)]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await Promise.all([listener?.end(), publisher.end()].map((ending) => ending?.catch(() => undefined)));
    },
  };
}
