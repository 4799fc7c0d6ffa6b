import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { startOfflineAfterLoad } from "./lib/offline-after-load";

/** Lets the browser run whatever is waiting (a tap, a frame) before the next piece of work. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve);
  });

// The first Intl.DateTimeFormat a page makes loads the browser's date formatting data: 64 ms under a 4x CPU
// slowdown, in the middle of hydration, which formats every time the page shows. Made in a task of its own, it
// is paid where nothing else waits on it.
await nextTask();
new Intl.DateTimeFormat("en-US").format(0);
await nextTask();
// Hydrating in a transition lets React yield to the browser every few milliseconds (a default-priority hydration
// runs in one task), so a tap or a frame is never held behind the whole page: on a slow phone the agenda's
// hydration is several times the 50 ms that counts as blocking.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
startOfflineAfterLoad();
