import { createRoot } from "react-dom/client";
import * as m from "../i18n/messages";

/**
 * "The programme has been updated", with a Reload button (issue 32): shown by app/lib/offline.ts when a new
 * build's service worker is waiting. Its own small React root at the end of <body>, made only then, so that no
 * page carries it, and the home page, served without React, can show it too. A status: a screen reader says it
 * once, without moving the visitor's focus from what they are reading.
 */
function UpdateNotice({ onReload }: { onReload: () => void }) {
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-[70] mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 rounded-2xl border border-white/30 bg-panel p-4 text-white shadow-2xl shadow-black/60"
    >
      <p className="font-semibold">{m.programmeUpdated}</p>
      <button
        type="button"
        onClick={onReload}
        className="inline-flex min-h-11 items-center justify-center rounded-full bg-electric px-5 text-base font-semibold text-white transition-colors hover:bg-electric-hover"
      >
        {m.programmeReload}
      </button>
    </div>
  );
}

export function showUpdateNotice(onReload: () => void): void {
  const container = document.createElement("div");
  document.body.append(container);
  createRoot(container).render(<UpdateNotice onReload={onReload} />);
}
