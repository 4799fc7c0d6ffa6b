import * as m from "../i18n/messages";

/** How far the session on air has come, as the live strip and the stage show it. */
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
      <div className="h-full bg-electric" style={{ width: `${progress.toFixed(2)}%` }} />
    </div>
  );
}
