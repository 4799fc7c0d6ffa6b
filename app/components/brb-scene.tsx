import * as content from "../../content";
import * as m from "../i18n/messages";
import { GradientBlobs } from "./gradient-blobs";

/**
 * The be-right-back scene: the identity's drifting light behind a short message. The stream's screen between
 * sessions (/brb, the whole window) and a stage's slate when the show switches it away from its stream (issue 44, in
 * the player's box). Sized by its own box (container units), so it reads the same at 1920x1080 and in a phone's
 * player; the small words keep a legible least size there. `title` is the heading's element: the page's h1 on /brb,
 * a paragraph on a stage, whose h1 is the stage's. `className` places it (its position and its size: a box of
 * container units has no height of its own).
 */
export function BrbScene({ title: Title = "h1", className = "" }: { title?: "h1" | "p"; className?: string }) {
  return (
    <div
      className={`isolate flex flex-col items-center justify-center overflow-hidden text-center [container-type:size] ${className}`}
    >
      <GradientBlobs className="-z-10" drifting />
      <p className="rounded-full border-2 border-white px-[1.6cqw] py-[0.6cqw] font-display text-[max(0.75rem,1.6cqw)] font-bold tracking-[0.3em] uppercase">
        {content.event.name}
      </p>
      <Title className="mt-[4cqh] font-display text-[9cqw] leading-none font-bold tracking-tight">{m.brbTitle}</Title>
      <p className="mt-[3cqh] px-[4cqw] text-[max(0.875rem,2.2cqw)] text-white/85">{m.brbLead}</p>
    </div>
  );
}
