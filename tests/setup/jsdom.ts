import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllPages } from '../../views/app/pages.ts';

// jsdom has no ResizeObserver, which Ark UI uses (toolchain guide).
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom has no CSS.escape, which Ark's Combobox uses to find an item by its value.
globalThis.CSS ??= { escape: (value: string) => value.replace(/[^\w-]/g, '\\$&') } as typeof CSS;

// Pages load lazily (views/app/pages.ts): view tests render them as the browser does once its idle
// preload is done, so a render never suspends on a module import.
await loadAllPages();

// `findBy…` and `waitFor` wait on a condition; Testing Library's 1 s limit is shorter than a render
// takes on a 2-core machine running both vitest workers (a view test failed so, passing alone), and a
// longer limit costs a passing test nothing.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
