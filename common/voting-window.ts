/**
 * The demo voting window, as instants and as the content and GET /api/voting write it, and where an instant falls in
 * it: the content, the server and the pages all judge it here.
 */

/** When votes count: from `opens` up to, not including, `closes`. */
export interface VotingWindow {
  opens: Date;
  closes: Date;
}

/** The voting window as the content and GET /api/voting write it: ISO 8601 instants. */
export interface VotingWindowRecord {
  opens: string;
  closes: string;
}

export function votingWindowOf({ opens, closes }: VotingWindowRecord): VotingWindow {
  return { opens: new Date(opens), closes: new Date(closes) };
}

export type VotingPhase = "upcoming" | "open" | "ended";

/** Where `now` falls in the voting window: votes count from the opening instant up to, not including, the close. */
export function votingPhase(now: Date, { opens, closes }: VotingWindow): VotingPhase {
  if (now < opens) return "upcoming";
  return now < closes ? "open" : "ended";
}

export function votingWindowRecord({ opens, closes }: VotingWindow): VotingWindowRecord {
  return { opens: opens.toISOString(), closes: closes.toISOString() };
}
