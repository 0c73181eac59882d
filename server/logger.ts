/** One served request, as the log records it. Paths only: query strings may carry search keys. */
export interface RequestLog {
  method: string;
  path: string;
  status: number;
  ms: number;
  host: string;
}

/** The server's logger. Never given secrets, query strings or request bodies. */
export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  request(entry: RequestLog): void;
  error(message: string, error?: unknown): void;
}

/** JSON lines on stdout/stderr; `quiet` drops request lines (tests). */
export function createLogger(options: { quiet?: boolean } = {}): Logger {
  const line = (level: string, message: string, data?: Record<string, unknown>) =>
    JSON.stringify({ time: new Date().toISOString(), level, message, ...data });
  return {
    info: (message, data) => {
      if (!options.quiet) console.log(line('info', message, data));
    },
    request: (entry) => {
      if (!options.quiet) console.log(line('info', 'request', { ...entry }));
    },
    error: (message, error) => {
      const detail =
        error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
      console.error(line('error', message, detail));
    },
  };
}
