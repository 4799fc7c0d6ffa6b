import { remainingUntil, type Remaining } from "./countdown";
import type { VotingWindow } from "./server-contract";

export type VotingPhase = "upcoming" | "open" | "ended";

/** Where `now` falls in the voting window: votes count from the opening instant up to, not including, the close. */
export function votingPhase(now: Date, { opens, closes }: VotingWindow): VotingPhase {
  if (now < opens) return "upcoming";
  return now < closes ? "open" : "ended";
}

/**
 * The voting countdown widget at `now`: the phase, and the days, hours, minutes and seconds left until the
 * opening (while voting has not begun) or the close, clamped at zero once voting has ended.
 */
export function votingCountdown(now: Date, window: VotingWindow): { phase: VotingPhase; remaining: Remaining } {
  const phase = votingPhase(now, window);
  return { phase, remaining: remainingUntil(now, phase === "upcoming" ? window.opens : window.closes) };
}
