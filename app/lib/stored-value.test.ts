import { afterEach, describe, expect, it, vi } from "vitest";
import { storedValue } from "./stored-value";

/** Browser storage as far as the helper uses it; `blocked` makes every access throw, as privacy settings do. */
function memoryStorage(blocked = false): Storage {
  const items = new Map<string, string>();
  const check = () => {
    if (blocked) throw new DOMException("The operation is insecure.", "SecurityError");
  };
  return {
    length: 0,
    clear: () => undefined,
    key: () => null,
    getItem: (key) => (check(), items.get(key) ?? null),
    removeItem: (key) => {
      check();
      items.delete(key);
    },
    setItem: (key, value) => {
      check();
      items.set(key, value);
    },
  };
}

const window = new EventTarget();
vi.stubGlobal("window", window);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal("window", window);
});

const ids = (raw: string | null) => (raw ? raw.split(",") : []);

describe("A value in browser storage", () => {
  it("reads what is stored, parsed once per stored text, and what nothing parses to when there is none", () => {
    const storage = memoryStorage();
    const value = storedValue("my-schedule:test", ids, () => storage);
    expect(value.read()).toEqual([]);
    expect(value.read()).toBe(value.empty);
    storage.setItem("my-schedule:test", "a,b");
    const first = value.read();
    expect(first).toEqual(["a", "b"]);
    expect(value.read()).toBe(first);
  });

  it("writes, removes, and tells its subscribers and those of other tabs' changes", () => {
    const storage = memoryStorage();
    const value = storedValue(
      "zone",
      (raw) => raw ?? "event",
      () => storage,
    );
    const listener = vi.fn();
    const unsubscribe = value.subscribe(listener);
    value.write("local");
    expect(storage.getItem("zone")).toBe("local");
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event("storage"));
    expect(listener).toHaveBeenCalledTimes(2);
    value.write(null);
    expect(value.read()).toBe("event");
    unsubscribe();
    value.write("local");
    window.dispatchEvent(new Event("storage"));
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("keeps the value for the page where storage throws, and gives junk to the parser to judge", () => {
    const value = storedValue("blocked", ids, () => memoryStorage(true));
    expect(value.read()).toEqual([]);
    expect(() => {
      value.write("a");
    }).not.toThrow();
    expect(value.read()).toEqual(["a"]);

    const missing = storedValue("none", ids, () => {
      throw new ReferenceError("localStorage is not defined");
    });
    expect(missing.read()).toEqual([]);

    const storage = memoryStorage();
    storage.setItem("zone", "{junk");
    expect(
      storedValue(
        "zone",
        (raw) => (raw === "local" ? "local" : "event"),
        () => storage,
      ).read(),
    ).toBe("event");
  });
});
