import { useState } from "react";
import { ApiCache } from "../lib/api-cache";
import { DemoLeaderboard } from "./demo-leaderboard";

/**
 * The leaderboard with its data layer (the API's answers in a cache, voting). The cache lives here rather than in
 * the root, so the other pages never load it (nor Radix's toasts); a cache per visit shows fresh counts each time.
 * The demo-voting page loads this module lazily, after its first paint.
 */
export default function LiveLeaderboard() {
  const [cache] = useState(() => new ApiCache());
  return <DemoLeaderboard cache={cache} />;
}
