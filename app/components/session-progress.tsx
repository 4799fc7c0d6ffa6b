import * as m from "../i18n/messages";

/**
 * How far the session on air has come, as the live strip and the stage show it. The bar is an SVG rectangle whose
 * width is an attribute: a style attribute would need the pages' policy to allow inline styles (decision 081).
 */
export function SessionProgress({ progress, className = "" }: { progress: number; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={m.sessionProgressLabel}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.floor(progress)}
      className={`h-1.5 overflow-hidden rounded-full bg-white/15 ${className}`}
    >
      <svg viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true" className="block size-full">
        <rect width={progress.toFixed(2)} height="1" className="fill-electric" />
      </svg>
    </div>
  );
}
