import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False in the prerendered HTML and while React hydrates it, true afterwards: for what only a running page can
 * honestly say (such as "Loading demos..."), without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
