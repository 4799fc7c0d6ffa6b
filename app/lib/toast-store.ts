/** Spec §9's toast constants. */
export const toastLimit = 1;
/** How long a dismissed toast stays in the state (for its exit animation and screen readers) before it goes. */
export const toastRemoveDelay = 1_000_000;
export const toastDuration = 5000;
export const toastSwipeDirection = "right";
export const toastSwipeThreshold = 50;
export const toastHotkey = ["F8"];

export interface Toast {
  id: string;
  title: string;
  description?: string;
  tone: "success" | "error";
  /** False once dismissed: still in the state until removed. */
  open: boolean;
}

/** Spec §4's states of a toast: added, updated, dismissed, removed. Without an id, dismiss and remove act on all. */
export type ToastAction =
  | { type: "added"; toast: Toast }
  | { type: "updated"; toast: Partial<Toast> & Pick<Toast, "id"> }
  | { type: "dismissed"; id?: string }
  | { type: "removed"; id?: string };

/** The newest toast first; past the limit, older ones drop out at once. */
export function toastReducer(state: readonly Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case "added":
      return [action.toast, ...state].slice(0, toastLimit);
    case "updated":
      return state.map((toast) => (toast.id === action.toast.id ? { ...toast, ...action.toast } : toast));
    case "dismissed":
      return state.map((toast) =>
        action.id === undefined || toast.id === action.id ? { ...toast, open: false } : toast,
      );
    case "removed":
      return action.id === undefined ? [] : state.filter((toast) => toast.id !== action.id);
  }
}

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction) {
  toasts = toastReducer(toasts, action);
  if (action.type === "dismissed") {
    for (const toast of toasts) {
      if (toast.open || removals.has(toast.id)) continue;
      removals.set(
        toast.id,
        setTimeout(() => {
          removals.delete(toast.id);
          dispatch({ type: "removed", id: toast.id });
        }, toastRemoveDelay),
      );
    }
  }
  for (const listener of listeners) listener();
}

/** What a toast says, and its tone (a success unless said otherwise). */
export type ToastContent = Pick<Toast, "title" | "description"> & { tone?: Toast["tone"] };

/** Shows a toast (replacing the one on screen); returns handles to change or dismiss it. */
export function toast({ title, description, tone = "success" }: ToastContent) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: "added", toast: { id, title, description, tone, open: true } });
  return {
    id,
    update: (changes: Partial<Omit<Toast, "id">>) => {
      dispatch({ type: "updated", toast: { ...changes, id } });
    },
    dismiss: () => {
      dispatch({ type: "dismissed", id });
    },
  };
}

export function dismissToast(id?: string) {
  dispatch({ type: "dismissed", id });
}

/** For useSyncExternalStore: the current toasts, and a subscription to their changes. */
export function toastsSnapshot(): readonly Toast[] {
  return toasts;
}

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
