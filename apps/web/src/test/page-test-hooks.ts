/**
 * Imported by a test file that renders screens against the fake API (test-utils' `server`): starts MSW for the file
 * (an unhandled request fails the test), runs each test on fake timers that still advance, and fails a test that
 * logs console.error.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { server } from './test-utils';

let consoleError: ReturnType<typeof vi.spyOn> | undefined;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  server.resetHandlers();
  // A quiz under way is kept for the tab (features/quiz/offline/quiz-runs.ts): each test starts without one.
  sessionStorage.clear();
  vi.useRealTimers();
  expect(consoleError).not.toHaveBeenCalled();
  consoleError?.mockRestore();
});
afterAll(() => server.close());
