import { useSyncExternalStore } from "react";
import { previewInstant } from "./preview";

/**
 * One shared clock for the page, ticking on each whole second (spec §9: every 1000 ms) while anything watches
 * it. `?now=<ISO instant>` on the page's URL starts it at that moment instead (organisers preview the live day
 * with it, and tests pin it), and it ticks on from there. The prerendered HTML and the hydrating render both read
 * the build's instant, so they agree; the browser's time takes over right after hydration.
 */
const listeners = new Set<() => void>();
let shift: number | undefined;
let now = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

const wholeSecond = (time: number) => Math.floor(time / 1000) * 1000;

function shiftedNow() {
  shift ??= (previewInstant(window.location.search)?.getTime() ?? Date.now()) - Date.now();
  return Date.now() + shift;
}

function tick() {
  now = wholeSecond(shiftedNow());
  for (const listener of listeners) listener();
  // Aim at the next whole second, so a slow tick never makes the display skip or repeat one.
  timer = setTimeout(tick, 1000 - (shiftedNow() % 1000));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    now = wholeSecond(shiftedNow());
    timer = setTimeout(tick, 1000 - (shiftedNow() % 1000));
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

/**
 * The build's instant, to the second: what the prerendered HTML and the hydrating render show, and what a loader
 * that works out at build time what they show takes as now.
 */
export function builtInstant(): Date {
  return new Date(wholeSecond(Date.parse(__BUILT_AT__)));
}

/**
 * A value derived from the current time, re-rendering only when it changes. `select` must return a primitive
 * (a phase, a number of seconds), since the result is compared with Object.is at every tick.
 */
export function useClock<T extends string | number | boolean>(select: (now: Date) => T): T {
  return useSyncExternalStore(
    subscribe,
    // Before the first subscription (a page's first render after client-side navigation) the clock reads afresh.
    () => select(new Date(listeners.size > 0 ? now : wholeSecond(shiftedNow()))),
    () => select(builtInstant()),
  );
}
