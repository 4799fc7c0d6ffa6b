import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  dismissToast,
  subscribeToToasts,
  toast,
  toastReducer,
  toastRemoveDelay,
  toastsSnapshot,
  type Toast,
} from "./toast-store";

const make = (id: string, extra: Partial<Toast> = {}): Toast => ({
  id,
  title: `Toast ${id}`,
  tone: "success",
  open: true,
  ...extra,
});

describe("The toast reducer", () => {
  it("adds a toast in front, keeping one visible at a time", () => {
    const one = toastReducer([], { type: "added", toast: make("1") });
    expect(one).toEqual([make("1")]);
    expect(toastReducer(one, { type: "added", toast: make("2") })).toEqual([make("2")]);
  });

  it("updates a toast by id, leaving the others", () => {
    const state = [make("1")];
    expect(toastReducer(state, { type: "updated", toast: { id: "1", title: "Changed" } })).toEqual([
      make("1", { title: "Changed" }),
    ]);
    expect(toastReducer(state, { type: "updated", toast: { id: "9", title: "Nobody" } })).toEqual(state);
  });

  it("dismisses a toast by closing it, or every toast without an id", () => {
    expect(toastReducer([make("1")], { type: "dismissed", id: "1" })).toEqual([make("1", { open: false })]);
    expect(toastReducer([make("1")], { type: "dismissed", id: "2" })).toEqual([make("1")]);
    expect(toastReducer([make("1")], { type: "dismissed" })).toEqual([make("1", { open: false })]);
  });

  it("removes a toast by id, or every toast without an id", () => {
    expect(toastReducer([make("1")], { type: "removed", id: "1" })).toEqual([]);
    expect(toastReducer([make("1")], { type: "removed", id: "2" })).toEqual([make("1")]);
    expect(toastReducer([make("1")], { type: "removed" })).toEqual([]);
  });

  it("never changes the state it was given", () => {
    const state = Object.freeze([Object.freeze(make("1"))]);
    toastReducer(state, { type: "dismissed" });
    toastReducer(state, { type: "updated", toast: { id: "1", title: "x" } });
    expect(state).toEqual([make("1")]);
  });
});

describe("Toasts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    dismissToast();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it("show the newest one, tell subscribers, and can be updated", () => {
    const seen: number[] = [];
    const unsubscribe = subscribeToToasts(() => seen.push(toastsSnapshot().length));
    toast({ title: "Vote recorded", description: "Thanks for voting for Notewell!" });
    const second = toast({ title: "Already voted", tone: "error" });
    expect(toastsSnapshot()).toEqual([{ id: second.id, title: "Already voted", tone: "error", open: true }]);
    second.update({ description: "You have already voted for Notewell." });
    expect(toastsSnapshot()[0]?.description).toBe("You have already voted for Notewell.");
    unsubscribe();
    toast({ title: "Unseen" });
    expect(seen).toEqual([1, 1, 1]);
  });

  it("stay in the state for 1,000,000 ms after they are dismissed, then go", () => {
    const shown = toast({ title: "Vote recorded" });
    shown.dismiss();
    expect(toastsSnapshot()).toEqual([expect.objectContaining({ id: shown.id, open: false })]);
    vi.advanceTimersByTime(toastRemoveDelay - 1);
    expect(toastsSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastsSnapshot()).toEqual([]);
  });
});
