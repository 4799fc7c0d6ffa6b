import type { ReactNode } from "react";
import { overlayFrameClass } from "../lib/overlay";

/**
 * The stage of a stream overlay: the streaming tool's 1920x1080 frame, fixed to the window so that a smaller window
 * (a phone opening the link) clips it rather than scrolling. It paints nothing itself: the page's background is
 * transparent (root.tsx's `transparent`), and only the graphics inside are opaque. The heading is for assistive
 * technology alone; the video already says what the overlay is.
 */
export function OverlayFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="pointer-events-none fixed inset-0 overflow-hidden">
      <h1 className="sr-only">{title}</h1>
      <div className={`relative ${overlayFrameClass}`}>{children}</div>
    </main>
  );
}

/**
 * Where a graphic is in its life: coming in as it mounts, or `leaving`; still when motion is off. The duration is
 * read on the graphic itself, inside the frame that sets it (a theme variable would resolve it at the root, unset).
 */
export function graphicMotion(motion: boolean, leaving: boolean): string {
  if (!motion) return "";
  return leaving
    ? "animate-[overlay-out_var(--overlay-ms)_ease-in_both]"
    : "animate-[overlay-in_var(--overlay-ms)_ease-out_both]";
}
