import { cpuSeconds, rssMb, wrk, type WrkResult } from "./harness";

/**
 * Servers compared in turns, as `npm run bench` compares them (decision 012): each contender's time is cut into
 * rounds, in every round each contender runs once, a different one first each time, and a ratio is the median of
 * the rounds' own ratios, so a shared machine getting busier or quieter during the run moves both sides alike.
 */

export interface Contender {
  name: string;
  url: string;
  pid: () => number | undefined;
  options?: Omit<Parameters<typeof wrk>[1], "seconds">;
}

export interface RoundsRow {
  name: string;
  /** The rounds as one result: medians of rate and latency, totals of requests and errors. */
  result: WrkResult;
  /** Each round's result, in round order. */
  rounds: WrkResult[];
  /** The server's resident memory after its row, MB. */
  rss: number | undefined;
  /** Share of its one core the server used while measured: under 100 % means the load generator was the limit. */
  cpuPercent: number | undefined;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

function combined(results: WrkResult[]): WrkResult {
  const total = (pick: (result: WrkResult) => number) => results.reduce((sum, result) => sum + pick(result), 0);
  return {
    requestsPerSecond: median(results.map((result) => result.requestsPerSecond)),
    p50Ms: median(results.map((result) => result.p50Ms)),
    p99Ms: median(results.map((result) => result.p99Ms)),
    requests: total((result) => result.requests),
    non2xx: total((result) => result.non2xx),
    socketErrors: total((result) => result.socketErrors),
  };
}

/**
 * wrk once, and once more if it ends without a summary: on this shared machine it has been seen to exit with no
 * output at all once in a long run, which should cost a round, not the whole bench.
 */
async function wrkOnce(url: string, options: Parameters<typeof wrk>[1]) {
  try {
    return await wrk(url, options);
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return wrk(url, options);
  }
}

/** Measures `contenders` in turns: `warmupSeconds` each, then `rounds` rounds of `roundSeconds` (whole seconds: wrk's unit). */
export async function compete(
  contenders: Contender[],
  { rounds, roundSeconds, warmupSeconds }: { rounds: number; roundSeconds: number; warmupSeconds: number },
): Promise<RoundsRow[]> {
  for (const contender of contenders) await wrkOnce(contender.url, { ...contender.options, seconds: warmupSeconds });
  const tallies = contenders.map((contender) => ({ contender, results: [] as WrkResult[], cpu: 0, wall: 0 }));
  for (let round = 0; round < rounds; round++) {
    for (const tally of [...tallies.slice(round % tallies.length), ...tallies.slice(0, round % tallies.length)]) {
      const cpuBefore = cpuSeconds(tally.contender.pid());
      const startedAt = performance.now();
      tally.results.push(await wrkOnce(tally.contender.url, { ...tally.contender.options, seconds: roundSeconds }));
      const cpuAfter = cpuSeconds(tally.contender.pid());
      if (cpuBefore !== undefined && cpuAfter !== undefined) {
        tally.cpu += cpuAfter - cpuBefore;
        tally.wall += (performance.now() - startedAt) / 1000;
      }
    }
  }
  return tallies.map(({ contender, results, cpu, wall }) => ({
    name: contender.name,
    result: combined(results),
    rounds: results,
    rss: rssMb(contender.pid()),
    cpuPercent: wall ? (cpu / wall) * 100 : undefined,
  }));
}

/** Row `a` against row `b`: the median of the rounds' ratios, their spread, and the ratio per second of server CPU. */
export function ratioOf(a: RoundsRow, b: RoundsRow) {
  const perRound = a.rounds.map(
    (round, index) => round.requestsPerSecond / (b.rounds[index]?.requestsPerSecond ?? NaN),
  );
  const perCpu =
    a.cpuPercent && b.cpuPercent
      ? a.result.requestsPerSecond / a.cpuPercent / (b.result.requestsPerSecond / b.cpuPercent)
      : NaN;
  return { median: median(perRound), min: Math.min(...perRound), max: Math.max(...perRound), perCpu };
}
