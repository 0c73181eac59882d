import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** One scrypt derivation, as `node:crypto`'s `scrypt` takes it. */
export interface HashJob {
  password: string;
  salt: Buffer;
  keyLength: number;
  options: { N: number; r: number; p: number; maxmem: number };
}

/** Every hashing thread is busy and the queue is full: answer 429 with `Retry-After`. */
export class HashingBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Password hashing is busy');
    this.name = 'HashingBusyError';
  }
}

/** How many hashing threads and how many waiting hashes a process keeps. */
export interface HasherOptions {
  /** Threads, each one hash at a time (default: one fewer than the cores, 1 to 4). */
  threads?: number;
  /** Hashes that may wait for a thread; one more is refused (default 16). */
  maxWaiting?: number;
}

// Plain CommonJS evaluated in the thread, so it runs the same under tsx, vitest and the build. On
// Linux the thread lowers its own priority (nice 10, by its thread id): when the cores are short,
// pages get them before hashing does. Elsewhere it runs at the process's priority.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) require('node:os').setPriority(tid, 10);
} catch {}
parentPort.on('message', ({ password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, Buffer.from(salt), keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
});
`;

interface Pending {
  job: HashJob;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  current: Pending | null;
}

/**
 * scrypt on threads of its own, with a bounded queue (issue 14 item 2). Node's own `scrypt` runs
 * on libuv's pool of four threads, the pool that also gzips pages and reads files: a flood of
 * sign-ins there stalls every page. Here each hash runs `scryptSync` on a dedicated worker thread,
 * at most `threads` at once; up to `maxWaiting` more wait, and the next is refused at once with the
 * seconds a client should wait, so a flood costs a bounded share of the machine and no memory
 * beyond `threads` × 32 MiB.
 */
export class PasswordHasher {
  private readonly threads: Thread[] = [];
  private readonly waiting: Pending[] = [];
  private readonly maxThreads: number;
  private readonly maxWaiting: number;
  /** A running average of one hash's time, for `Retry-After`. */
  private averageMs = 250;

  constructor(options: HasherOptions = {}) {
    this.maxThreads = Math.max(1, options.threads ?? defaultThreads());
    this.maxWaiting = Math.max(0, options.maxWaiting ?? 16);
  }

  /** The derived key; rejects with `HashingBusyError` when the queue is full. */
  derive(job: HashJob): Promise<Buffer> {
    const idle = this.idleThread();
    if (!idle && this.waiting.length >= this.maxWaiting) {
      const rounds = Math.ceil((this.waiting.length + 1) / this.maxThreads);
      return Promise.reject(new HashingBusyError(Math.max(1, Math.ceil((rounds * this.averageMs) / 1000))));
    }
    return new Promise<Buffer>((resolve, reject) => {
      const pending = { job, resolve, reject };
      if (idle) this.run(idle, pending);
      else this.waiting.push(pending);
    });
  }

  /** Hashes running and waiting (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.threads.filter((t) => t.current).length, waiting: this.waiting.length };
  }

  /** Stops the threads (tests; a server's threads are unreferenced and end with it). */
  async close(): Promise<void> {
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  private idleThread(): Thread | null {
    const idle = this.threads.find((thread) => !thread.current);
    if (idle) return idle;
    if (this.threads.length >= this.maxThreads) return null;
    const thread = this.spawn();
    this.threads.push(thread);
    return thread;
  }

  private spawn(): Thread {
    const thread: Thread = { worker: new Worker(WORKER_SOURCE, { eval: true }), current: null };
    thread.worker.unref();
    thread.worker.on('error', (error) => this.lose(thread, error));
    thread.worker.on('exit', () => this.lose(thread, new Error('hashing thread stopped')));
    return thread;
  }

  private run(thread: Thread, pending: Pending): void {
    thread.current = pending;
    thread.worker.ref();
    const started = performance.now();
    thread.worker.once('message', (answer: { key?: Uint8Array; error?: string }) => {
      thread.current = null;
      thread.worker.unref();
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      if (answer.key) pending.resolve(Buffer.from(answer.key));
      else pending.reject(new Error(answer.error ?? 'hashing failed'));
      this.next();
    });
    const { password, salt, keyLength, options } = pending.job;
    thread.worker.postMessage({ password, salt, keyLength, options });
  }

  private next(): void {
    while (this.waiting.length > 0) {
      const idle = this.idleThread();
      if (!idle) return;
      this.run(idle, this.waiting.shift() as Pending);
    }
  }

  private lose(thread: Thread, error: Error): void {
    const index = this.threads.indexOf(thread);
    if (index === -1) return;
    this.threads.splice(index, 1);
    thread.current?.reject(error);
    thread.current = null;
    this.next();
  }
}

function defaultThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

let shared: PasswordHasher | undefined;

/** The process's hasher (one per process: the threads and the queue are the machine's). */
export function sharedHasher(): PasswordHasher {
  shared ??= new PasswordHasher();
  return shared;
}

/** Sets up the process's hasher before its first use (`HASH_THREADS`); later calls change nothing. */
export function configureSharedHasher(options: HasherOptions): void {
  shared ??= new PasswordHasher(options);
}
