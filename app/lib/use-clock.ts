import { useSyncExternalStore } from "react";

/**
 * One shared clock for the page, ticking on each wall-clock second (spec §9: every 1000 ms) while anything
 * watches it. The prerendered HTML and the hydrating render both read the build's instant, so they agree; the
 * browser's own time takes over right after hydration.
 */
const builtAt = Math.floor(Date.parse(__BUILT_AT__) / 1000) * 1000;
const listeners = new Set<() => void>();
let now = currentSecond();
let timer: ReturnType<typeof setTimeout> | undefined;

function currentSecond() {
  return Math.floor(Date.now() / 1000) * 1000;
}

function tick() {
  now = currentSecond();
  for (const listener of listeners) listener();
  // Aim at the next whole second, so a slow tick never makes the display skip or repeat one.
  timer = setTimeout(tick, 1000 - (Date.now() % 1000));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    now = currentSecond();
    timer = setTimeout(tick, 1000 - (Date.now() % 1000));
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

/**
 * A value derived from the current time, re-rendering only when it changes. `select` must return a primitive
 * (a phase, a number of seconds), since the result is compared with Object.is at every tick.
 */
export function useClock<T extends string | number | boolean>(select: (now: Date) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(new Date(now)),
    () => select(new Date(builtAt)),
  );
}
