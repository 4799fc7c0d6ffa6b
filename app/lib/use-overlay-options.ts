import { useMemo } from "react";
import { overlayOptions, type OverlayOptions } from "./overlay";
import { useHydrated } from "./use-hydrated";

/**
 * The overlay's options from its address, once the page runs (null before: the prerendered page has no query, and
 * hydration must render what it rendered). Motion is off with `?motion=off` and under reduced motion alike.
 */
export function useOverlayOptions(): OverlayOptions | null {
  const hydrated = useHydrated();
  return useMemo(() => {
    if (!hydrated) return null;
    const options = overlayOptions(window.location.search);
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    return { ...options, motion: options.motion && !reduced };
  }, [hydrated]);
}
