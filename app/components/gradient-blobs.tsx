/**
 * The identity's soft blue and magenta light, drawn behind a section. Purely decorative: hidden from assistive
 * technology, and still under reduced motion.
 */
export function GradientBlobs({ className = "" }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`pointer-events-none absolute inset-0 overflow-hidden ${className}`}>
      <div className="absolute -top-1/4 -left-1/4 aspect-square w-[max(70%,26rem)] animate-drift rounded-full bg-electric/55 blur-[100px]" />
      <div className="absolute -right-1/4 -bottom-1/3 aspect-square w-[max(65%,24rem)] animate-drift rounded-full bg-magenta/40 blur-[110px] [animation-delay:-9s]" />
    </div>
  );
}
