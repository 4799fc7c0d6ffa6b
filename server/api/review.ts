import type { StoredVote } from "../store";

/**
 * What makes votes worth an organiser's look (decision 029). Neither rule proves anything: a venue's Wi-Fi puts a
 * whole room behind one address, so a cluster is listed with how many voters and user agents it holds, for a
 * person to judge; nothing is voided without them.
 */
/** A burst: at least this many votes for one demo from one address... */
export const burstMinVotes = 10;
/** ...within this long. */
export const burstWindowMs = 5 * 60_000;
/** A sweep: one address voting for every demo (of two or more) within this long. */
export const sweepWindowMs = 30_000;
/** Characters of a hash shown: enough to tell clients apart in a review, less to carry around. */
const shownHashLength = 16;

export interface ReviewVote {
  demoId: string;
  voterId: string;
  votedAt: string;
  addressHash: string;
  agentHash: string | null;
}

export interface Cluster {
  kind: "burst" | "sweep";
  addressHash: string;
  /** The demo a burst voted for; null for a sweep, which voted for all. */
  demoId: string | null;
  firstVoteAt: string;
  lastVoteAt: string;
  voters: number;
  userAgents: number;
  votes: ReviewVote[];
}

export interface Review {
  thresholds: {
    burst: { minVotes: number; windowSeconds: number };
    sweep: { demos: number; windowSeconds: number };
  };
  clusters: Cluster[];
}

type OriginVote = StoredVote & { addressHash: string };

/** The clusters among counted votes with a known origin, largest first. */
export function reviewClusters(votes: readonly OriginVote[], demoCount: number): Review {
  const clusters: Cluster[] = [];
  for (const group of groupBy(votes, (vote) => `${vote.addressHash}\0${vote.demoId}`)) {
    for (const run of suspiciousRuns(group, burstWindowMs, (window) => window.length >= burstMinVotes)) {
      clusters.push(cluster("burst", run));
    }
  }
  if (demoCount >= 2) {
    for (const group of groupBy(votes, (vote) => vote.addressHash)) {
      const runs = suspiciousRuns(
        group,
        sweepWindowMs,
        (window) => new Set(window.map((v) => v.demoId)).size >= demoCount,
      );
      for (const run of runs) clusters.push(cluster("sweep", run));
    }
  }
  clusters.sort((a, b) => b.votes.length - a.votes.length || a.firstVoteAt.localeCompare(b.firstVoteAt));
  return {
    thresholds: {
      burst: { minVotes: burstMinVotes, windowSeconds: burstWindowMs / 1000 },
      sweep: { demos: demoCount, windowSeconds: sweepWindowMs / 1000 },
    },
    clusters,
  };
}

function groupBy(votes: readonly OriginVote[], key: (vote: OriginVote) => string): OriginVote[][] {
  const groups = new Map<string, OriginVote[]>();
  for (const vote of votes) {
    const name = key(vote);
    const group = groups.get(name);
    if (group) group.push(vote);
    else groups.set(name, [vote]);
  }
  return [...groups.values()];
}

/**
 * The runs of votes (oldest first) lying in some window no longer than `windowMs` that `suspicious` flags; windows
 * that overlap or follow each other closely make one run, so one episode is one cluster.
 */
function suspiciousRuns(
  group: OriginVote[],
  windowMs: number,
  suspicious: (window: OriginVote[]) => boolean,
): OriginVote[][] {
  const sorted = group.map((vote) => ({ vote, at: Date.parse(vote.votedAt) })).sort((a, b) => a.at - b.at);
  const flagged = new Array<boolean>(sorted.length).fill(false);
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    const endAt = sorted[end]?.at ?? 0;
    while ((sorted[start]?.at ?? endAt) < endAt - windowMs) start++;
    const window = sorted.slice(start, end + 1).map((entry) => entry.vote);
    if (suspicious(window)) flagged.fill(true, start, end + 1);
  }
  const runs: OriginVote[][] = [];
  let run: OriginVote[] = [];
  let lastAt = -Infinity;
  sorted.forEach(({ vote, at }, index) => {
    if (!flagged[index] || at - lastAt > windowMs) {
      if (run.length > 0) runs.push(run);
      run = [];
    }
    if (flagged[index]) {
      run.push(vote);
      lastAt = at;
    }
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

function cluster(kind: Cluster["kind"], run: OriginVote[]): Cluster {
  const shown = (hash: string) => hash.slice(0, shownHashLength);
  const first = run[0];
  const last = run.at(-1);
  return {
    kind,
    addressHash: shown(first?.addressHash ?? ""),
    demoId: kind === "burst" ? (first?.demoId ?? null) : null,
    firstVoteAt: first?.votedAt ?? "",
    lastVoteAt: last?.votedAt ?? "",
    voters: new Set(run.map((vote) => vote.voterId)).size,
    userAgents: new Set(run.map((vote) => vote.agentHash)).size,
    votes: run.map((vote) => ({
      demoId: vote.demoId,
      voterId: vote.voterId,
      votedAt: vote.votedAt,
      addressHash: shown(vote.addressHash),
      agentHash: vote.agentHash === null ? null : shown(vote.agentHash),
    })),
  };
}
