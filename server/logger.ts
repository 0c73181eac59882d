import pino, { type DestinationStream, type Level } from 'pino';
import { REDACT_PATHS, REDACTED, scrubData, scrubText, serializeError } from './ops/redact.ts';

/**
 * One served request, as the log records it (issue 33 item 3): the route's pattern, never the raw
 * path (a path may carry a search, a token or a shopper's email), with the request's id and tenant.
 */
export interface RequestLog {
  /** The request's id, also sent back in `X-Request-Id`. */
  reqId: string;
  /** The dealer site's slug, once the host named one. */
  tenant?: string;
  method: string;
  /** The route's pattern (`/api/cars/:id`, `page:vehicle`), not the path asked for. */
  route: string;
  status: number;
  /** Milliseconds from the request's arrival to its answer. */
  ms: number;
  /** A call a page's render made to its own site (logged at `debug`). */
  inProcess?: boolean;
}

/** The levels `LOG_LEVEL` accepts, quietest last. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
/** A level `LOG_LEVEL` accepts. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The server's logger: one JSON line per event with `level`, `time`, `msg`, the process's `pid` and
 * `hostname`, and whatever its `child` bindings add (a request's `reqId` and `tenant`). Data and
 * messages are scrubbed of emails, phone numbers, card numbers and tokens before they are written
 * (`server/ops/redact.ts`); still, never hand it secrets, query strings or request bodies.
 */
export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  /**
   * An error, with its stack once. `error` is an `Error` (logged as `err` with type, message, stack
   * and cause), a plain object of data (logged as its fields), or anything else (logged as `error`).
   */
  error(message: string, error?: unknown, data?: Record<string, unknown>): void;
  request(entry: RequestLog): void;
  /** A logger whose every line also carries `bindings` (a request's id and tenant). */
  child(bindings: Record<string, unknown>): Logger;
}

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** Tests: only errors are written, through `console.error`, so the suite's guard fails the test on one. */
  quiet?: boolean;
  /** The quietest level written (default `LOG_LEVEL`, else `info`). */
  level?: LogLevel;
  /** Where lines go (default stdout, written synchronously so nothing is lost on exit); tests read them. */
  destination?: DestinationStream;
}

/** `LOG_LEVEL` from the environment when it names a level, else `info` (`readEnv` reports a bad value). */
function levelFromEnvironment(): LogLevel {
  const wanted = process.env.LOG_LEVEL?.toLowerCase();
  return LOG_LEVELS.find((level) => level === wanted) ?? 'info';
}

/** Writes each line through `console.error`: a quiet logger's errors still fail a test. */
const consoleErrors: DestinationStream = {
  write: (line: string) => console.error(line.trimEnd()),
};

/** Data as a line carries it: scrubbed, with an error under `err`. */
function errorFields(error: unknown): Record<string, unknown> {
  if (error === undefined) return {};
  if (error instanceof Error) return { err: serializeError(error) };
  if (error !== null && typeof error === 'object' && !Array.isArray(error)) {
    return error as Record<string, unknown>;
  }
  return { error: String(error) };
}

/** Fields every line has already: data under these names moves to `data` rather than repeat a key. */
const LINE_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/** Data as a line's fields, a name the line already has (a worker's `pid`) kept apart under `data`. */
function fieldsOf(data: Record<string, unknown>): Record<string, unknown> {
  if (!Object.keys(data).some((key) => LINE_FIELDS.has(key))) return data;
  const fields: Record<string, unknown> = {};
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) (LINE_FIELDS.has(key) ? kept : fields)[key] = value;
  return { ...fields, data: kept };
}

function wrap(base: pino.Logger): Logger {
  const write = (level: Level, message: string, data: Record<string, unknown>) => {
    base[level](scrubData(fieldsOf(data)) as Record<string, unknown>, scrubText(message));
  };
  return {
    info: (message, data = {}) => write('info', message, data),
    warn: (message, data = {}) => write('warn', message, data),
    error: (message, error, data = {}) => write('error', message, { ...data, ...errorFields(error) }),
    // A request line holds only what the server chose (ids, a pattern, numbers): nothing to scrub.
    // Call it on the root logger: the entry carries the request's id and tenant itself.
    request: ({ inProcess, ...entry }) =>
      inProcess ? base.debug({ ...entry, inProcess }, 'request') : base.info(entry, 'request'),
    child: (bindings) => wrap(base.child(scrubData(bindings) as Record<string, unknown>)),
  };
}

/**
 * The server's logger on pino (decision 114): JSON lines on stdout, `LOG_LEVEL` and up; `quiet`
 * (tests) writes errors only, through `console.error`.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const destination =
    options.destination ?? (options.quiet ? consoleErrors : pino.destination({ dest: 1, sync: true }));
  const base = pino(
    {
      level: options.quiet ? 'error' : (options.level ?? levelFromEnvironment()),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACT_PATHS], censor: REDACTED },
      // Errors arrive serialised and scrubbed (`scrubData`): pino's own serialiser would redo it.
      serializers: { err: (err: unknown) => err },
    },
    destination,
  );
  return wrap(base);
}
