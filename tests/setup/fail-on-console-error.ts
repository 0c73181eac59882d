import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Any unexpected `console.error` fails the test (ARCHITECTURE §6). A test that expects one spies on
 * `console.error` itself and asserts on the call; that spy replaces this one for its duration.
 */
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  const unexpected = calls;
  calls = [];
  vi.restoreAllMocks();
  if (unexpected.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${unexpected.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
