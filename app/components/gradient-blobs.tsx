/**
 * The identity's soft blue and magenta light, drawn behind a section. Purely decorative: hidden from assistive
 * technology, and still under reduced motion. The softness is a radial gradient, not a blur filter: a blurred
 * element is repainted on every frame of its drift, which kept a phone's main thread busy for seconds (Lighthouse
 * measured 2.2 s of blocking time on the home page); a gradient layer only moves.
 *
 * Only the home page's hero and the stream screens let the light drift (the spec asks it of the be-right-back
 * screen). Even a moving layer is composited anew on every frame for as long as the page is open: without a GPU,
 * as in the browser tests and Lighthouse, one page at rest kept 80 % of a core busy. Behind every other page's
 * header the light stays where it is.
 */
export function GradientBlobs({ className = "", drifting = false }: { className?: string; drifting?: boolean }) {
  const motion = drifting ? "animate-drift will-change-transform" : "";
  return (
    <div aria-hidden="true" className={`pointer-events-none absolute inset-0 overflow-hidden ${className}`}>
      <div
        className={`absolute -top-1/3 -left-1/3 aspect-square w-[max(95%,36rem)] rounded-full bg-[radial-gradient(closest-side,rgb(0_56_255/0.55),rgb(0_56_255/0.25)_45%,transparent)] ${motion}`}
      />
      <div
        className={`absolute -right-1/3 -bottom-1/2 aspect-square w-[max(90%,34rem)] rounded-full bg-[radial-gradient(closest-side,rgb(255_0_199/0.4),rgb(255_0_199/0.18)_45%,transparent)] ${motion} [animation-delay:-9s]`}
      />
    </div>
  );
}
