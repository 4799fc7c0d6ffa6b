import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { createQueryClient } from "../lib/query-client";
import { DemoLeaderboard } from "./demo-leaderboard";

/**
 * The leaderboard with its data layer (TanStack Query, the API, voting). Its query client lives here rather than in
 * the root, so the other pages never load TanStack Query (nor Radix's toasts); a client per visit shows fresh counts
 * each time. The demo-voting page loads this module lazily, after its first paint.
 */
export default function LiveLeaderboard() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <DemoLeaderboard />
    </QueryClientProvider>
  );
}
