import { Suspense, type ReactNode } from "react";

/**
 * Hydration in slices. Preact hydrates a page in one task, where React yields every few milliseconds; on a slow
 * phone a long page (the agenda's table and its cards) then kept the main thread for 150 ms at a stretch, and a
 * tap in that time waits (docs/decisions/032). A part wrapped in `HydrateLater` suspends the first time it is
 * hydrated: Preact keeps its prerendered DOM as it is and hydrates it in a later task of its own, one part per
 * task, in page order. After the first hydration (a page the router renders) it renders at once.
 *
 * It must wrap exactly one element: Preact keeps one DOM node for a part that suspends while hydrating.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

/** Each part's turn, by its props (the one object that a suspended part keeps until it resumes). */
const turns = new WeakMap<object, Promise<void> | "open">();
let lastTurn: Promise<void> = Promise.resolve();
let firstHydrationOver = false;

/** Resolves once every part has hydrated, parts within parts too; then the page counts as hydrated (app/root.tsx). */
export async function hydrationSlices(): Promise<void> {
  let awaited: Promise<void>;
  do {
    awaited = lastTurn;
    await awaited;
  } while (awaited !== lastTurn);
  firstHydrationOver = true;
}

function Gate(props: { children: ReactNode }) {
  const turn = turns.get(props);
  if (typeof document === "undefined" || firstHydrationOver || turn === "open") return props.children;
  // Suspending is done by throwing the promise to wait for: Suspense catches it, as it does for lazy().
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (turn) throw turn;
  const next = lastTurn
    .then(() => new Promise<void>((resolve) => setTimeout(resolve)))
    .then(() => {
      turns.set(props, "open");
    });
  lastTurn = next;
  turns.set(props, next);
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw next;
}
