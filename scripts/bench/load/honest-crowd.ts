import http from "node:http";
import { demoEventsPath, demosUrl, issuedVoterCookie } from "../../../common/api-contract";
import {
  adminQuestionUrl,
  sessionQuestionEventsUrl,
  sessionQuestionsUrl,
  upvoteUrl,
} from "../../../common/question-contract";
import { Histogram } from "./question-streams";

/**
 * A crowd of honest visitors for `npm run bench`'s hostile rows: each over real keep-alive connections of its own,
 * all from one address (a hall's Wi-Fi), each with the voter cookie its first read earned. In a round each visitor
 * acts at random times, about every `actEveryMs`: mostly reading the leaderboard or its session's questions, sometimes
 * upvoting a public question of its session, voting for a demo it has not voted for, or asking; and a share of them
 * hold a live stream (the leaderboard's or their session's) through the round. What is measured is what they felt:
 * each request's time to its last byte, each stream's time to its first event, and every answer that was not what an
 * honest visitor expects (any non-2xx) or a connection that failed.
 */

export interface CrowdOptions {
  base: string;
  /** The address every visitor's requests come from. */
  address: string;
  clients: number;
  sessions: readonly string[];
  demos: readonly string[];
  moderatorToken: string;
  /** Mean time between one visitor's actions. */
  actEveryMs: number;
  /** Share of visitors holding a live stream during a round. */
  streamShare: number;
}

interface Visitor {
  index: number;
  session: string;
  cookie: string;
  agent: http.Agent;
  voted: Set<string>;
  upvoted: Set<string>;
}

export interface RoundFigures {
  requests: number;
  latency: Histogram;
  streamsOpened: number;
  streamLatency: Histogram;
  /** What went wrong, by request kind and status or error code. */
  errors: Record<string, number>;
  /** Votes answered 201. */
  votes: number;
  seconds: number;
}

export const emptyFigures = (): RoundFigures => ({
  requests: 0,
  latency: new Histogram(),
  streamsOpened: 0,
  streamLatency: new Histogram(),
  errors: {},
  votes: 0,
  seconds: 0,
});

/** `into` plus `figures`: the rounds of one condition summed. */
export function addFigures(into: RoundFigures, figures: RoundFigures) {
  into.requests += figures.requests;
  into.latency.merge(figures.latency);
  into.streamsOpened += figures.streamsOpened;
  into.streamLatency.merge(figures.streamLatency);
  for (const [kind, count] of Object.entries(figures.errors)) into.errors[kind] = (into.errors[kind] ?? 0) + count;
  into.votes += figures.votes;
  into.seconds += figures.seconds;
}

interface Answer {
  status: number;
  body: string;
  setCookie: string[] | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class HonestCrowd {
  private visitors: Visitor[] = [];
  /** Approved questions per session: what visitors may upvote. */
  private readonly public = new Map<string, string[]>();

  constructor(private readonly options: CrowdOptions) {}

  private request(
    agent: http.Agent | false,
    localAddress: string,
    method: string,
    path: string,
    { body = "", headers = {} }: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const url = new URL(path, this.options.base);
      const request = http.request(
        {
          method,
          host: url.hostname,
          port: url.port,
          path,
          agent,
          localAddress,
          headers: {
            origin: this.options.base,
            "content-length": String(Buffer.byteLength(body)),
            ...(body ? { "content-type": "application/json" } : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString("utf8"),
              setCookie: response.headers["set-cookie"],
            });
          });
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  }

  /**
   * Each visitor's first read, which earns its voter: from an address of its own (127.0.1.1 onwards), as each phone
   * loaded the page before the talk, so that issuing stays within the default RATE_LIMIT_NEW_VOTERS per address.
   * Then `perSession` questions asked and approved in each session, for the crowd to upvote.
   */
  async arrive(perSession: number) {
    const { clients, sessions } = this.options;
    for (let index = 0; index < clients; index += 50) {
      const batch = Array.from({ length: Math.min(50, clients - index) }, async (_, offset) => {
        const at = index + offset;
        const firstAddress = `127.0.${String(1 + Math.floor(at / 250))}.${String(1 + (at % 250))}`;
        const answer = await this.request(false, firstAddress, "GET", demosUrl);
        const cookie = issuedVoterCookie(answer.setCookie);
        if (!cookie) throw new Error(`The first read of visitor ${String(at)} issued no voter (${answer.status})`);
        return {
          index: at,
          session: sessions[at % sessions.length] ?? "",
          cookie,
          agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
          voted: new Set<string>(),
          upvoted: new Set<string>(),
        };
      });
      this.visitors.push(...(await Promise.all(batch)));
    }
    for (const [index, session] of sessions.entries()) {
      const ids: string[] = [];
      for (let ask = 0; ask < perSession; ask++) {
        const visitor = this.visitors[(index + ask * sessions.length) % this.visitors.length];
        if (!visitor) continue;
        const asked = await this.request(visitor.agent, this.options.address, "POST", sessionQuestionsUrl(session), {
          body: JSON.stringify({ text: `What would you do differently next time? (${String(ask)})`, name: null }),
          headers: { cookie: visitor.cookie },
        });
        const { id } = JSON.parse(asked.body) as { id: string };
        const approved = await this.request(false, this.options.address, "POST", adminQuestionUrl(id), {
          body: JSON.stringify({ action: "approve" }),
          headers: { authorization: `Bearer ${this.options.moderatorToken}` },
        });
        if (asked.status !== 201 || approved.status !== 200) {
          throw new Error(`Seeding questions: ask ${String(asked.status)}, approve ${String(approved.status)}`);
        }
        ids.push(id);
      }
      this.public.set(session, ids);
    }
  }

  /** Approved questions, for the hostile client to upvote without a voter. */
  publicQuestions() {
    return [...this.public.values()].flat();
  }

  /** One round of `seconds`: every visitor acts, a share holds a stream; resolves when every answer is in. */
  async round(seconds: number, seed: number): Promise<RoundFigures> {
    const figures = emptyFigures();
    const ms = seconds * 1000;
    const startedAt = performance.now();
    let random = seed >>> 0;
    // A seeded sequence (a linear congruential generator), so that a run can be replayed.
    const next = () => (random = (Math.imul(random, 1664525) + 1013904223) >>> 0) / 4294967296;
    const fail = (kind: string) => (figures.errors[kind] = (figures.errors[kind] ?? 0) + 1);
    const timed = async (visitor: Visitor, kind: string, method: string, path: string, body?: string) => {
      const sentAt = performance.now();
      try {
        const answer = await this.request(visitor.agent, this.options.address, method, path, {
          headers: { cookie: visitor.cookie },
          ...(body === undefined ? {} : { body }),
        });
        figures.requests++;
        figures.latency.add(performance.now() - sentAt);
        if (answer.status < 200 || answer.status > 299) fail(`${kind} ${String(answer.status)}`);
        return answer.status;
      } catch (error) {
        figures.requests++;
        fail(`${kind} ${(error as NodeJS.ErrnoException).code ?? "error"}`);
        return 0;
      }
    };
    const act = async (visitor: Visitor) => {
      const pick = next();
      const upvotable = (this.public.get(visitor.session) ?? []).filter((id) => !visitor.upvoted.has(id));
      const demo = this.options.demos.find((id) => !visitor.voted.has(id));
      if (pick < 0.2 && upvotable.length > 0) {
        const id = upvotable[Math.floor(next() * upvotable.length)] ?? "";
        visitor.upvoted.add(id);
        await timed(visitor, "upvote", "POST", upvoteUrl(id));
      } else if (pick < 0.32 && demo !== undefined) {
        visitor.voted.add(demo);
        if ((await timed(visitor, "vote", "POST", `/api/demos/${demo}/vote`)) === 201) figures.votes++;
      } else if (pick < 0.35) {
        const text = `How does this work with more than one room? (visitor ${String(visitor.index)})`;
        await timed(visitor, "ask", "POST", sessionQuestionsUrl(visitor.session), JSON.stringify({ text, name: null }));
      } else if (pick < 0.675) {
        await timed(visitor, "read leaderboard", "GET", demosUrl);
      } else {
        await timed(visitor, "read questions", "GET", sessionQuestionsUrl(visitor.session));
      }
    };
    const visit = async (visitor: Visitor) => {
      let at = next() * this.options.actEveryMs;
      while (at < ms) {
        await sleep(startedAt + at - performance.now());
        await act(visitor);
        at += -Math.log(1 - next()) * this.options.actEveryMs;
      }
    };
    const streams: http.ClientRequest[] = [];
    let ended = false;
    const hold = async (visitor: Visitor, path: string) => {
      await sleep(next() * ms * 0.2);
      const sentAt = performance.now();
      await new Promise<void>((resolve) => {
        const { hostname, port } = new URL(this.options.base);
        const local = this.options.address;
        const request = http.get(
          { host: hostname, port, path, agent: false, localAddress: local, headers: { cookie: visitor.cookie } },
          (response) => {
            if (response.statusCode !== 200) {
              fail(`stream ${String(response.statusCode)}`);
              response.resume();
              resolve();
              return;
            }
            response.once("data", () => {
              figures.streamsOpened++;
              figures.streamLatency.add(performance.now() - sentAt);
              resolve();
            });
            response.on("error", () => undefined);
            response.on("close", resolve);
          },
        );
        request.on("error", (error: NodeJS.ErrnoException) => {
          fail(ended ? "stream not open by the end of the round" : `stream ${error.code ?? "error"}`);
          resolve();
        });
        streams.push(request);
      });
    };
    const holding = this.visitors
      .filter(() => next() < this.options.streamShare)
      .map((visitor) =>
        hold(visitor, visitor.index % 2 === 0 ? demoEventsPath : sessionQuestionEventsUrl(visitor.session)),
      );
    await Promise.all(this.visitors.map(visit));
    figures.seconds = (performance.now() - startedAt) / 1000;
    ended = true;
    for (const stream of streams) stream.destroy();
    await Promise.all(holding);
    return figures;
  }

  close() {
    for (const visitor of this.visitors) visitor.agent.destroy();
  }
}
