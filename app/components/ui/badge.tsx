import type { ReactNode } from "react";
import type { KnownSessionType, SessionType } from "../../../content";

/** Light text on a tint of the same hue, so every colour passes contrast AA on black. */
const colours = {
  blue: "border-blue-400/50 bg-blue-500/15 text-blue-200",
  purple: "border-purple-400/50 bg-purple-500/15 text-purple-200",
  indigo: "border-indigo-400/50 bg-indigo-500/15 text-indigo-200",
  green: "border-green-400/50 bg-green-500/15 text-green-200",
  amber: "border-amber-400/50 bg-amber-500/15 text-amber-200",
  rose: "border-rose-400/50 bg-rose-500/15 text-rose-200",
  neutral: "border-white/30 bg-white/5 text-white",
};
export type BadgeColour = keyof typeof colours;

/** Each session type's colour on the agenda (spec §9). Briefing pages colour by their own rule (lib/briefing.ts). */
const sessionColours: Record<KnownSessionType, BadgeColour> = {
  Talk: "blue",
  "Q&A": "purple",
  Panel: "indigo",
  "Featured Demo": "green",
  "Submitted Demo": "amber",
  Break: "rose",
};
// Types an edition names beyond the known ones ("Workshop") are neutral.
const typeColours: Partial<Record<SessionType, BadgeColour>> = { ...sessionColours, "Green room": "green" };

/** Every session type, in the order the legend lists them. */
export const sessionTypeOrder = Object.keys(sessionColours) as KnownSessionType[];

/**
 * A small label; the type is always written out, so colour is never the only cue. `tone` colours it as the agenda
 * colours that session type; `colour` names the colour outright.
 */
export function Badge({
  children,
  tone = "neutral",
  colour,
}: {
  children: ReactNode;
  tone?: SessionType;
  colour?: BadgeColour;
}) {
  const style = colours[colour ?? (tone === "neutral" ? "neutral" : (typeColours[tone] ?? "neutral"))];
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${style}`}>
      {children}
    </span>
  );
}
