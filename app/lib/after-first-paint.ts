/**
 * Images that wait for the page's first paint (docs/decisions/034). An SVG image is a small document of its own,
 * which the browser parses and lays out on the page's main thread; a grid of logos written into the page makes a
 * dozen such tasks just as the first paint goes to the screen, and a slow phone shows the page's largest text that
 * much later. Inside an element marked with `afterFirstPaint`, a browser that runs scripts displays no image, and so
 * loads none of its lazy images (app/app.css), until the page's script, which starts once the first paint is on
 * screen (scripts/build/defer-hydration.ts), calls `showAfterFirstPaint`. Without scripts the mark does nothing: the
 * images load as the page is read. Mark only what the first screen never shows, and reserve each image's space, so
 * that nothing moves when it appears.
 */
const mark = "data-after-first-paint";
export const afterFirstPaint = { [mark]: "" } as const;

/** Shows what `afterFirstPaint` held back. */
export function showAfterFirstPaint() {
  for (const element of document.querySelectorAll(`[${mark}]`)) element.removeAttribute(mark);
}
