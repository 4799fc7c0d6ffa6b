import { afterAll, vi } from "vitest";

/**
 * The fast project runs its files one after the other in each worker without isolating them (decision 075): what a
 * file stubs for all its tests (a browser's `window`, `fetch` or `localStorage`, fake timers, a spied console) is
 * put back when the file ends, so that the next file in the worker sees Node's own globals.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
