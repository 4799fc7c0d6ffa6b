import { remainingUntil, type Remaining } from "./countdown";
import { votingPhase, type VotingPhase, type VotingWindow } from "../../common/voting-window";

/**
 * The voting countdown widget at `now`: the phase, and the days, hours, minutes and seconds left until the
 * opening (while voting has not begun) or the close, clamped at zero once voting has ended.
 */
export function votingCountdown(now: Date, window: VotingWindow): { phase: VotingPhase; remaining: Remaining } {
  const phase = votingPhase(now, window);
  return { phase, remaining: remainingUntil(now, phase === "upcoming" ? window.opens : window.closes) };
}
