import * as content from "../../content";

/** The edition's wordmark: its short name in the display face, with the identity's gradient dot. */
export function Wordmark({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-display text-xl font-bold tracking-tight ${className}`}>
      <span aria-hidden="true" className="size-3 rounded-full bg-linear-to-br from-electric to-magenta" />
      {content.event.shortName}
    </span>
  );
}
