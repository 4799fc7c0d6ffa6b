import { storedValue } from "./stored-value";

/** Spec §7: the ids of the demos this browser has voted for, the fallback when the vote status cannot be checked. */
export const votedDemosKey = "voted-demos";

const votedDemos = storedValue(votedDemosKey, (raw): string[] => {
  try {
    const parsed: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
});

export const readVotedDemos = (): readonly string[] => votedDemos.read();

/** Remembers a vote; where storage refuses (full, blocked), the server still knows it: only the fallback misses it. */
export function rememberVote(demoId: string): void {
  const voted = readVotedDemos();
  if (!voted.includes(demoId)) votedDemos.write(JSON.stringify([...voted, demoId]));
}
