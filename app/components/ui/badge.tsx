import type { ReactNode } from "react";
import type { SessionType } from "../../../content";

/** Each session type's colour (spec §9), as light text on a tint so it passes contrast AA on black. */
const sessionStyles: Record<SessionType, string> = {
  Talk: "border-blue-400/50 bg-blue-500/15 text-blue-200",
  "Q&A": "border-purple-400/50 bg-purple-500/15 text-purple-200",
  Panel: "border-indigo-400/50 bg-indigo-500/15 text-indigo-200",
  "Featured Demo": "border-green-400/50 bg-green-500/15 text-green-200",
  "Submitted Demo": "border-amber-400/50 bg-amber-500/15 text-amber-200",
  Break: "border-rose-400/50 bg-rose-500/15 text-rose-200",
};
const typeStyles: Record<SessionType | "Green room", string> = {
  ...sessionStyles,
  "Green room": "border-green-400/50 bg-green-500/15 text-green-200",
};

/** Every session type, in the order the legend lists them. */
export const sessionTypeOrder = Object.keys(sessionStyles) as SessionType[];

/** A small label; the type is always written out, so colour is never the only cue. */
export function Badge({
  children,
  tone = "neutral",
}: {
  children: ReactNode;
  tone?: SessionType | "Green room" | "neutral";
}) {
  const style = tone === "neutral" ? "border-white/30 bg-white/5 text-white" : typeStyles[tone];
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${style}`}>
      {children}
    </span>
  );
}
