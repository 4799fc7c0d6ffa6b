import { useSyncExternalStore } from "react";

/** One value a visitor's browser keeps for them (decision 061): read, written and followed the same way for all. */
export interface StoredValue<T> {
  /** The value as stored, or what `parse` makes of nothing when there is none, it is junk or storage is blocked. */
  read: () => T;
  /** Stores the value's text (null removes it), and tells every component that shows it. */
  write: (raw: string | null) => void;
  subscribe: (listener: () => void) => () => void;
  /** What nothing stored parses to: the prerender's and the hydration's value. */
  readonly empty: T;
}

/**
 * A value in `localStorage` (or `sessionStorage`) under `key`, made from its stored text by `parse`, which must take
 * anything (null when there is none; junk another version or the visitor left). Storage can throw on every access
 * (privacy settings, a full quota): the value then lives as long as the page does. The same text parses once, so
 * React sees the same snapshot until it changes; a change in another tab shows too.
 */
export function storedValue<T>(
  key: string,
  parse: (raw: string | null) => T,
  storage: () => Storage = () => localStorage,
): StoredValue<T> {
  const listeners = new Set<() => void>();
  let unstored: string | null = null;
  let snapshot = { raw: null as string | null, value: parse(null) };

  const read = () => {
    let raw: string | null;
    try {
      raw = storage().getItem(key);
    } catch {
      raw = unstored;
    }
    if (raw !== snapshot.raw) snapshot = { raw, value: parse(raw) };
    return snapshot.value;
  };

  return {
    read,
    empty: snapshot.value,
    subscribe: (listener) => {
      listeners.add(listener);
      window.addEventListener("storage", listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", listener);
      };
    },
    write: (raw) => {
      unstored = raw;
      try {
        if (raw === null) storage().removeItem(key);
        else storage().setItem(key, raw);
      } catch {
        // Kept for this page only (`unstored`); the page still answers.
      }
      for (const listener of listeners) listener();
    },
  };
}

/** The stored value in a component; the prerender and the hydration see `empty`, the visitor's own follow at once. */
export function useStored<T>(value: StoredValue<T>): T {
  return useSyncExternalStore(value.subscribe, value.read, () => value.empty);
}
