/**
 * The identity's soft blue and magenta light, drawn behind a section. Purely decorative: hidden from assistive
 * technology, and still under reduced motion. The softness is a radial gradient, not a blur filter: a blurred
 * element is repainted on every frame of its drift, which kept a phone's main thread busy for seconds (Lighthouse
 * measured 2.2 s of blocking time on the home page); a gradient layer only moves.
 */
export function GradientBlobs({ className = "" }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`pointer-events-none absolute inset-0 overflow-hidden ${className}`}>
      <div className="absolute -top-1/3 -left-1/3 aspect-square w-[max(95%,36rem)] animate-drift rounded-full bg-[radial-gradient(closest-side,rgb(0_56_255/0.55),rgb(0_56_255/0.25)_45%,transparent)] will-change-transform" />
      <div className="absolute -right-1/3 -bottom-1/2 aspect-square w-[max(90%,34rem)] animate-drift rounded-full bg-[radial-gradient(closest-side,rgb(255_0_199/0.4),rgb(255_0_199/0.18)_45%,transparent)] will-change-transform [animation-delay:-9s]" />
    </div>
  );
}
