import { useEffect, useState } from "react";

/**
 * A graphic that leaves before the next comes in. `key` names what `value` is (a session's id, a question's; "" for
 * nothing): when it changes, the graphic shown so far stays for `leaveMs`, `leaving`, so it can animate out, and then
 * the new one is shown (and animates in, as it mounts). With `leaveMs` 0 (no motion) the change is immediate. While
 * the key stays the same the latest value is shown, so a graphic follows changes to what it shows.
 */
export function usePresence<T>(key: string, value: T, leaveMs: number): { shown: T; leaving: boolean } {
  const [shown, setShown] = useState({ key, value });
  const [leaving, setLeaving] = useState(false);
  const changed = key !== shown.key;
  useEffect(() => {
    if (!changed) return;
    if (shown.key === "" || leaveMs === 0) {
      setShown({ key, value });
      return;
    }
    setLeaving(true);
    const timer = setTimeout(() => {
      setLeaving(false);
      setShown({ key, value });
    }, leaveMs);
    return () => {
      clearTimeout(timer);
    };
  }, [changed, key, value, shown.key, leaveMs]);
  return changed ? { shown: shown.value, leaving } : { shown: value, leaving: false };
}
