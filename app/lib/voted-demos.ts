/** Spec §7: the ids of the demos this browser has voted for, the fallback when the vote status cannot be checked. */
export const votedDemosKey = "voted-demos";

/** Browser storage, when there is one and the visitor allows it (reading `localStorage` can itself throw). */
function browserStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readVotedDemos(storage: Storage | null = browserStorage()): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(votedDemosKey) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function rememberVote(demoId: string, storage: Storage | null = browserStorage()) {
  const voted = readVotedDemos(storage);
  if (voted.includes(demoId)) return;
  try {
    storage?.setItem(votedDemosKey, JSON.stringify([...voted, demoId]));
  } catch {
    // Storage full or refused: the server still knows the vote; only the offline fallback misses it.
  }
}
