import { randomUUID } from "node:crypto";
import http from "node:http";
import { voterIssued } from "../../../common/api-contract";
import { adminQuestionUrl, sessionQuestionsUrl, upvoteUrl } from "../../../common/question-contract";
import { Histogram, type ChangeLatencies } from "./question-streams";

/**
 * An audience asking and upvoting, and a moderator approving, over real HTTP: `clients` people, each with a
 * loopback address of its own (127.0.1.0 onwards, so the server's per-address limits see a crowd, not one host)
 * and its own voter cookie, kept as the browser keeps it. What each was told is recorded, to be compared with what
 * the store holds and what the streams showed.
 *
 * A person's first request reads their session's questions, as the page does before it offers to ask: that read
 * earns the voter cookie their asks and upvotes need (decision 083). A write refused 403 with `voter: "issued"` is
 * sent once more with the cookie the refusal brought, as the page does.
 *
 * Each person, at times spread over the run: asks a question (some ask a second, a few with a double-click: two
 * requests at once with one Idempotency-Key), and upvotes questions of their session that are public and not their
 * own. Some asks and upvotes are retried once after their answer (a browser resending), which must change nothing.
 * The moderator approves each question as soon as it is asked (under pre-moderation).
 */

export interface CrowdPlan {
  /** http://host:port of the server the crowd talks to. */
  base: string;
  /** The sessions people sit in: person i in sessions[i % length]. */
  sessions: readonly string[];
  clients: number;
  /** Questions per person: 1.2 means everyone asks one and one in five asks a second. */
  asksPerClient: number;
  upvotesPerClient: number;
  /** The run's length: asks fall in its first 40 %, upvotes from 20 % to its end. */
  seconds: number;
  moderation: "pre" | "post";
  /** Bearer token of the moderator's API (MODERATOR_TOKEN or ADMIN_TOKEN). */
  moderatorToken: string;
  /** The voter cookie's name, read from the server's Set-Cookie. */
  cookieName: string;
  /** Share of asks and upvotes resent once after their answer. */
  retryShare?: number;
  /** A deterministic run: the same plan gives the same choices. */
  seed?: number;
}

interface Person {
  index: number;
  address: string;
  session: string;
  cookie: string | undefined;
  agent: http.Agent;
  chain: Promise<void>;
  own: Set<string>;
  upvoted: Set<string>;
}

interface Answer {
  status: number;
  body: unknown;
  setCookie: string[] | undefined;
}

/** A small deterministic generator (mulberry32): the same seed plans the same run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class QuestionCrowd {
  /** Every question acknowledged, by id: its session and its asker. */
  readonly questions = new Map<string, { session: string; asker: number }>();
  /** Per question, the people told their upvote counted (the first 2xx of each; a retry is not a change). */
  readonly upvotes = new Map<string, Set<number>>();
  /** Public questions per session, in the order they became public: what people can upvote. */
  private readonly publicBySession = new Map<string, string[]>();
  readonly made = {
    asks: 0,
    askRetries: 0,
    doubleClicks: 0,
    approvals: 0,
    upvotes: 0,
    upvoteRetries: 0,
    /** Writes refused 403 `voter: "issued"` and sent once more with the cookie the refusal issued. */
    voterRetries: 0,
  };
  /** Answers that broke a promise: a retried ask given another question, a retried upvote not kept... */
  readonly broken: string[] = [];
  /** Answers outside 2xx by request kind and status, and failed requests by error code. */
  readonly errors: Record<string, number> = {};
  readonly requestMs = { ask: new Histogram(), approve: new Histogram(), upvote: new Histogram() };
  private readonly people: Person[];
  private readonly moderatorAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  private readonly random: () => number;
  private readonly moderation: Promise<void>[] = [];

  constructor(
    private readonly plan: CrowdPlan,
    private readonly latencies: ChangeLatencies,
  ) {
    this.random = random(plan.seed ?? 29);
    this.people = Array.from({ length: plan.clients }, (_, index) => ({
      index,
      address: `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`,
      session: plan.sessions[index % plan.sessions.length] ?? "",
      cookie: undefined,
      // Two sockets at most: a double-click is two requests at once.
      agent: new http.Agent({ keepAlive: true, maxSockets: 2 }),
      chain: Promise.resolve(),
      own: new Set(),
      upvoted: new Set(),
    }));
  }

  private count(kind: string) {
    this.errors[kind] = (this.errors[kind] ?? 0) + 1;
  }

  private request(
    person: Person | undefined,
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer | undefined> {
    const text = body === undefined ? "" : JSON.stringify(body);
    const url = new URL(path, this.plan.base);
    return new Promise((resolve) => {
      const request = http.request(
        {
          method,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          agent: person?.agent ?? this.moderatorAgent,
          ...(person ? { localAddress: person.address } : {}),
          headers: {
            origin: this.plan.base,
            "accept-encoding": "identity",
            "content-length": String(Buffer.byteLength(text)),
            ...(text ? { "content-type": "application/json" } : {}),
            ...(person?.cookie ? { cookie: person.cookie } : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = raw;
            try {
              parsed = JSON.parse(raw);
            } catch {
              // not JSON: kept as text for the error report
            }
            resolve({ status: response.statusCode ?? 0, body: parsed, setCookie: response.headers["set-cookie"] });
          });
          response.on("error", () => {
            this.count(`${method} ${kindOf(path)}: response error`);
            resolve(undefined);
          });
        },
      );
      request.on("error", (error: NodeJS.ErrnoException) => {
        this.count(`${method} ${kindOf(path)}: ${error.code ?? error.message}`);
        resolve(undefined);
      });
      request.end(text);
    });
  }

  /** Keeps the voter cookie the server issued, as a browser would. */
  private keepCookie(person: Person, answer: Answer) {
    for (const header of answer.setCookie ?? []) {
      const pair = header.split(";")[0] ?? "";
      if (pair.startsWith(`${this.plan.cookieName}=`)) person.cookie = pair;
    }
  }

  /** The page's first read, which earns the person's voter cookie. */
  private async earnVoter(person: Person) {
    const answer = await this.request(person, "GET", sessionQuestionsUrl(person.session), undefined);
    if (!answer) return;
    this.keepCookie(person, answer);
    if (answer.status !== 200) this.count(`GET questions: ${answer.status}`);
    else if (!person.cookie) this.count("GET questions: no voter cookie issued");
  }

  /** A write as the page sends it: once more when refused for want of the voter cookie the refusal issued. */
  private async write(person: Person, path: string, body: unknown, headers: Record<string, string> = {}) {
    const answer = await this.request(person, "POST", path, body, headers);
    if (answer?.status !== 403 || (answer.body as { voter?: string } | undefined)?.voter !== voterIssued) return answer;
    this.keepCookie(person, answer);
    this.made.voterRetries++;
    return this.request(person, "POST", path, body, headers);
  }

  private later(person: Person, at: number, action: () => Promise<void>, start: number) {
    const act = async () => {
      if (!person.cookie) await this.earnVoter(person);
      await action();
    };
    setTimeout(
      () => {
        person.chain = person.chain.then(act, act);
      },
      Math.max(0, start + at - performance.now()),
    );
  }

  private async ask(person: Person, number: number, doubleClick: boolean) {
    const key = randomUUID();
    const body = {
      text: `Question ${number} from person ${person.index} in ${person.session}: how does this hold up at scale?`,
      name: person.index % 3 === 0 ? null : `Person ${person.index}`,
    };
    const send = () => this.write(person, sessionQuestionsUrl(person.session), body, { "idempotency-key": key });
    const startedAt = performance.now();
    const answers = doubleClick ? await Promise.all([send(), send()]) : [await send()];
    const at = performance.now();
    this.made.asks++;
    if (doubleClick) this.made.doubleClicks++;
    const ids = new Set<string>();
    for (const answer of answers) {
      if (!answer) continue;
      this.keepCookie(person, answer);
      if (answer.status < 200 || answer.status > 299) {
        this.count(`POST ask: ${answer.status}`);
        continue;
      }
      this.requestMs.ask.add(at - startedAt);
      const { id, status } = answer.body as { id: string; status: string };
      ids.add(id);
      if (!this.questions.has(id)) {
        this.questions.set(id, { session: person.session, asker: person.index });
        person.own.add(id);
        this.latencies.index(id);
        if (status === "approved") this.madePublic(person.session, id, at);
        else if (this.plan.moderation === "pre") this.moderation.push(this.approve(person.session, id));
      }
    }
    if (ids.size > 1) this.broken.push(`A double-click made ${ids.size} questions (${[...ids].join(", ")})`);
    const [id] = ids;
    if (id === undefined || ids.size > 1 || this.random() >= (this.plan.retryShare ?? 0.1)) return;
    this.made.askRetries++;
    const again = await send();
    if (again && (again.status < 200 || again.status > 299)) this.count(`POST ask (retry): ${again.status}`);
    const againId = (again?.body as { id?: string } | undefined)?.id;
    if (again && again.status < 300 && againId !== id) {
      this.broken.push(`A retried ask (same Idempotency-Key) answered ${String(againId)}, not ${id}`);
    }
  }

  private madePublic(session: string, id: string, at: number) {
    this.latencies.madePublic(id, at);
    let list = this.publicBySession.get(session);
    if (!list) this.publicBySession.set(session, (list = []));
    list.push(id);
  }

  private async approve(session: string, id: string) {
    const startedAt = performance.now();
    const answer = await this.request(
      undefined,
      "POST",
      adminQuestionUrl(id),
      { action: "approve" },
      { authorization: `Bearer ${this.plan.moderatorToken}` },
    );
    const at = performance.now();
    if (!answer) return;
    if (answer.status < 200 || answer.status > 299) {
      this.count(`POST approve: ${answer.status}`);
      return;
    }
    this.made.approvals++;
    this.requestMs.approve.add(at - startedAt);
    this.madePublic(session, id, at);
  }

  private async upvote(person: Person) {
    const candidates = (this.publicBySession.get(person.session) ?? []).filter(
      (id) => !person.own.has(id) && !person.upvoted.has(id),
    );
    const id = candidates[Math.floor(this.random() * candidates.length)];
    if (id === undefined) return;
    person.upvoted.add(id);
    const startedAt = performance.now();
    const answer = await this.write(person, upvoteUrl(id), undefined);
    const at = performance.now();
    if (!answer) return;
    this.keepCookie(person, answer);
    if (answer.status < 200 || answer.status > 299) {
      this.count(`POST upvote: ${answer.status}`);
      return;
    }
    this.made.upvotes++;
    this.requestMs.upvote.add(at - startedAt);
    const { upvotes } = answer.body as { upvotes: number };
    this.latencies.upvoteAcknowledged(id, upvotes, at);
    let voters = this.upvotes.get(id);
    if (!voters) this.upvotes.set(id, (voters = new Set()));
    voters.add(person.index);
    if (this.random() >= (this.plan.retryShare ?? 0.1)) return;
    this.made.upvoteRetries++;
    const again = await this.write(person, upvoteUrl(id), undefined);
    if (again && (again.status < 200 || again.status > 299)) this.count(`POST upvote (retry): ${again.status}`);
    else if (again && !(again.body as { upvotedByYou?: boolean }).upvotedByYou) {
      this.broken.push(`A retried upvote of ${id} answered upvotedByYou false`);
    }
  }

  /** Plays the plan; resolves once every request made has been answered, the moderator's too. */
  async run() {
    const { seconds, asksPerClient, upvotesPerClient } = this.plan;
    const ms = seconds * 1000;
    const start = performance.now();
    let number = 0;
    for (const person of this.people) {
      const asks = Math.floor(asksPerClient) + (this.random() < asksPerClient % 1 ? 1 : 0);
      // Each ask after the one before (the person's requests run one after another anyway), and half of the second
      // asks are double-clicks; one person in fifty double-clicks their first ask too.
      let at = 0;
      for (let ask = 0; ask < asks; ask++) {
        at += this.random() * (0.4 * ms - at);
        const doubleClick = ask > 0 ? this.random() < 0.5 : person.index % 50 === 7;
        const questionNumber = ++number;
        this.later(person, at, () => this.ask(person, questionNumber, doubleClick), start);
      }
      for (let upvote = 0; upvote < upvotesPerClient; upvote++) {
        this.later(person, (0.2 + this.random() * 0.8) * ms, () => this.upvote(person), start);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, ms + 50));
    await Promise.all(this.people.map((person) => person.chain));
    await Promise.all(this.moderation);
  }

  /** Each session's public questions and their upvotes, as the acknowledgements say they must be now. */
  expected(): Map<string, Map<string, number>> {
    const bySession = new Map<string, Map<string, number>>();
    for (const [session, ids] of this.publicBySession) {
      bySession.set(session, new Map(ids.map((id) => [id, this.upvotes.get(id)?.size ?? 0])));
    }
    return bySession;
  }

  close() {
    for (const person of this.people) person.agent.destroy();
    this.moderatorAgent.destroy();
  }
}

const kindOf = (path: string) =>
  path.includes("/upvote")
    ? "upvote"
    : path.includes("/admin/")
      ? "approve"
      : path.endsWith("/questions")
        ? "ask"
        : path;
