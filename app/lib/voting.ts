export interface VotingWindow {
  opens: Date;
  closes: Date;
}

export type VotingPhase = "upcoming" | "open" | "ended";

/** Where `now` falls in the voting window: votes count from the opening instant up to, not including, the close. */
export function votingPhase(now: Date, { opens, closes }: VotingWindow): VotingPhase {
  if (now < opens) return "upcoming";
  return now < closes ? "open" : "ended";
}

/**
 * What the countdown counts to: the opening while voting has not begun, otherwise the close (which it reaches,
 * and stays at zero, once voting has ended).
 */
export function countdownTarget(now: Date, window: VotingWindow): Date {
  return votingPhase(now, window) === "upcoming" ? window.opens : window.closes;
}
