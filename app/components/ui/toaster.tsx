import * as ToastPrimitive from "@radix-ui/react-toast";
import { useSyncExternalStore } from "react";
import {
  dismissToast,
  subscribeToToasts,
  toastDuration,
  toastHotkey,
  toastsSnapshot,
  toastSwipeDirection,
  toastSwipeThreshold,
  type Toast,
} from "../../lib/toast-store";
import * as m from "../../i18n/messages";

const noToasts: readonly Toast[] = [];

const tones = {
  success: "border-sky/60",
  error: "border-orchid/70",
};

/**
 * Where toasts appear: bottom right (top on phones), one at a time, swiped away to the right, reached with F8.
 * Radix announces each to screen readers; the constants are spec §9's.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, toastsSnapshot, () => noToasts);
  return (
    <ToastPrimitive.Provider
      duration={toastDuration}
      label={m.toastLabel}
      swipeDirection={toastSwipeDirection}
      swipeThreshold={toastSwipeThreshold}
    >
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          className={`group pointer-events-auto relative flex w-full items-start justify-between gap-4 rounded-2xl border bg-panel p-5 pr-12 shadow-2xl shadow-black/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-toast-in data-[swipe=end]:animate-swipe-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${tones[toast.tone]}`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-display text-base font-bold">{toast.title}</ToastPrimitive.Title>
            {toast.description ? (
              <ToastPrimitive.Description className="text-sm leading-relaxed text-white/85">
                {toast.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label={m.toastClose}
            className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-full text-white/70 transition-colors hover:bg-white/10 hover:text-white"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor">
              <path strokeLinecap="round" strokeWidth="2" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={toastHotkey}
        label={m.toastRegion({ hotkey: toastHotkey.join("+") })}
        className="fixed top-16 right-0 z-[60] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-md"
      />
    </ToastPrimitive.Provider>
  );
}
