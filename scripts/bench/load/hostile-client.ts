import http from "node:http";
import net from "node:net";
import { demoEventsPath, demosUrl, issuedVoterCookie } from "../../../common/api-contract";
import { sessionQuestionEventsUrl, sessionQuestionsUrl, upvoteUrl } from "../../../common/question-contract";

/**
 * One hostile client, from one address of its own, doing at once everything issue 41's probe did (`npm run bench`
 * runs it in a process of its own beside the honest crowd, niced so that it never delays the crowd's own process):
 *
 * - streams: opens the leaderboard's and sessions' question streams, holding every one it is given and asking for
 *   another as soon as one is refused;
 * - slow bodies: `POST` with `Content-Length: 10000` and one byte of it every few seconds, half to the questions'
 *   API and half to a page, opened again whenever the server ends one; an early answer (a 429, a 404) does not
 *   stop the trickle, since the server keeps such a connection while the body comes;
 * - slow headers: a request line and one byte of a header every few seconds, likewise;
 * - cookie-less writes: votes, questions and upvotes without a voter cookie, as fast as answers come;
 * - a cookie jar: reads that mint voters as fast as the server issues them (and keeps any cookie a refusal issued),
 *   then each minted voter's votes, question and upvote.
 *
 * Runs until SIGTERM, then prints what it achieved as one line of JSON on standard output.
 *
 *   HOSTILE_BASE=http://127.0.0.1:4766 HOSTILE_ADDRESS=127.0.0.2 HOSTILE_SESSIONS=a,b HOSTILE_DEMOS=demo-1,demo-2 \
 *   HOSTILE_QUESTIONS=id1,id2 tsx scripts/bench/load/hostile-client.ts
 */

const env = process.env;
const base = new URL(env.HOSTILE_BASE ?? "http://127.0.0.1:3000");
const address = env.HOSTILE_ADDRESS ?? "127.0.0.2";
const sessions = (env.HOSTILE_SESSIONS ?? "").split(",").filter(Boolean);
const demos = (env.HOSTILE_DEMOS ?? "").split(",").filter(Boolean);
const questions = (env.HOSTILE_QUESTIONS ?? "").split(",").filter(Boolean);
const port = Number(base.port);
const origin = base.origin;

/** Slow requests of each kind kept open at once: with the streams, more than one address may hold connections. */
const slowRequests = 800;
/** How often a slow request sends its next byte. */
const slowByteEveryMs = 3000;
/** Stream requests in flight at once while asking for more than the server gives. */
const streamAttempts = 20;
/** Connections the cookie-less writes are sent over, one request at a time each. */
const floodConnections = 32;

const tally = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

export interface HostileReport {
  seconds: number;
  streams: { heldAtMost: number; heldAtEnd: number; refused: Record<string, number> };
  slowBodies: { heldAtMost: number; opened: number; ended: Record<string, number> };
  slowHeaders: { heldAtMost: number; opened: number; ended: Record<string, number> };
  /** Cookie-less writes by kind and answer ("vote 429": 1234, "ask ECONNRESET": 2). */
  cookieless: Record<string, number>;
  minted: { voters: number; reads: number; writes: Record<string, number> };
}

const report: HostileReport = {
  seconds: 0,
  streams: { heldAtMost: 0, heldAtEnd: 0, refused: {} },
  slowBodies: { heldAtMost: 0, opened: 0, ended: {} },
  slowHeaders: { heldAtMost: 0, opened: 0, ended: {} },
  cookieless: {},
  minted: { voters: 0, reads: 0, writes: {} },
};
const sockets = new Set<net.Socket>();
let running = true;
/** Read through a call: TypeScript would otherwise take `running` as still true after an await in a loop on it. */
const stopped = () => !running;

/** A raw connection from the hostile address; `status` is the first response's status once its line has arrived. */
function connect(onStatus: (status: string, socket: net.Socket) => void, onEnd: (status: string | undefined) => void) {
  const socket = net.connect({ host: base.hostname, port, localAddress: address });
  sockets.add(socket);
  let head = "";
  let status: string | undefined;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    if (status !== undefined) return;
    head += chunk;
    const line = /^HTTP\/1\.1 (\d{3})/.exec(head);
    if (line?.[1]) {
      status = line[1];
      onStatus(status, socket);
    }
  });
  socket.on("error", (error: NodeJS.ErrnoException) => {
    status ??= error.code ?? "error";
  });
  socket.on("close", () => {
    sockets.delete(socket);
    onEnd(status);
  });
  return socket;
}

/** Holds every stream the server gives, alternating the leaderboard's and the sessions' question streams. */
function streams() {
  let held = 0;
  let asked = 0;
  const attempt = () => {
    if (!running) return;
    const path = asked++ % 2 === 0 ? demoEventsPath : sessionQuestionEventsUrl(sessions[asked % sessions.length] ?? "");
    let holding = false;
    const socket = connect(
      (status, opened) => {
        if (status === "200") {
          holding = true;
          held++;
          report.streams.heldAtMost = Math.max(report.streams.heldAtMost, held);
          // Another at once: the client wants more than its share.
          attempt();
        } else {
          opened.destroy();
        }
      },
      (status) => {
        if (holding) held--;
        else tally(report.streams.refused, status ?? "closed before answering");
        report.streams.heldAtEnd = held;
        if (!holding) setTimeout(attempt, 10);
      },
    );
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${base.host}\r\nAccept: text/event-stream\r\n\r\n`);
  };
  for (let index = 0; index < streamAttempts; index++) attempt();
}

/** `slowRequests` requests that each send `head` at once and then `trickle` one byte at a time, reopened when ended. */
function slow(kind: "slowBodies" | "slowHeaders", heads: string[], trickle: string) {
  const figures = report[kind];
  let held = 0;
  const open = () => {
    if (!running) return;
    const head = heads[figures.opened % heads.length] ?? "";
    figures.opened++;
    held++;
    figures.heldAtMost = Math.max(figures.heldAtMost, held);
    let sent = 0;
    const socket = connect(
      () => undefined,
      (status) => {
        clearInterval(timer);
        held--;
        tally(figures.ended, status ?? "closed with no answer");
        setTimeout(open, 100);
      },
    );
    socket.write(head);
    const timer = setInterval(() => {
      if (!socket.writable) return;
      socket.write(trickle[sent++ % trickle.length] ?? "x");
    }, slowByteEveryMs);
  };
  for (let index = 0; index < slowRequests; index++) open();
}

interface Answer {
  status: string;
  setCookie: string[] | undefined;
}

/** One request over `agent` from the hostile address; the answer's status, or the connection's error code. */
function send(
  agent: http.Agent,
  method: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: base.hostname,
        port,
        method,
        path,
        agent,
        localAddress: address,
        headers: {
          origin,
          "content-length": String(Buffer.byteLength(body)),
          ...(body ? { "content-type": "application/json" } : {}),
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => {
          resolve({ status: String(response.statusCode), setCookie: response.headers["set-cookie"] });
        });
        response.on("error", () => {
          resolve({ status: "response error", setCookie: undefined });
        });
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      resolve({ status: error.code ?? "error", setCookie: undefined });
    });
    request.end(body);
  });
}

/** The writes a voter can make, the n-th of each kind. */
const writes = [
  (n: number) => ({ kind: "vote", path: `/api/demos/${demos[n % demos.length] ?? ""}/vote`, body: "" }),
  (n: number) => ({
    kind: "ask",
    path: sessionQuestionsUrl(sessions[n % sessions.length] ?? ""),
    body: JSON.stringify({ text: `Flood question ${String(n)}: buy cheap followers now`, name: null }),
  }),
  (n: number) => ({ kind: "upvote", path: upvoteUrl(questions[n % questions.length] ?? ""), body: "" }),
];

const jar: string[] = [];
const keep = (answer: Answer) => {
  const cookie = issuedVoterCookie(answer.setCookie);
  if (cookie) {
    jar.push(cookie);
    report.minted.voters++;
  }
};

/** Votes, questions and upvotes without a cookie, as fast as the answers come, each connection on its own. */
async function flood(agent: http.Agent, lane: number) {
  for (let n = lane; running; n += floodConnections) {
    const write = writes[n % writes.length]?.(Math.floor(n / writes.length));
    if (!write) continue;
    const answer = await send(agent, "POST", write.path, write.body);
    tally(report.cookieless, `${write.kind} ${answer.status}`);
    keep(answer);
  }
}

/** Reads that mint voters, and every minted voter's writes: each demo's vote, a question, an upvote. */
async function mint(agent: http.Agent) {
  while (running) {
    const cookie = jar.shift();
    if (cookie === undefined) {
      report.minted.reads++;
      const answer = await send(agent, "GET", demosUrl, "");
      keep(answer);
      // Nothing issued: the address had its share this minute; a read a second keeps asking.
      if (!issuedVoterCookie(answer.setCookie)) await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    const voterWrites = [
      ...demos.map((_, index) => writes[0]?.(index)),
      writes[1]?.(report.minted.voters),
      writes[2]?.(report.minted.voters),
    ];
    for (const write of voterWrites) {
      if (!write || stopped()) continue;
      const answer = await send(agent, "POST", write.path, write.body, { cookie });
      tally(report.minted.writes, `${write.kind} ${answer.status}`);
    }
  }
}

const startedAt = performance.now();
const floodAgent = new http.Agent({ keepAlive: true, maxSockets: floodConnections });
const mintAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const lanes = Array.from({ length: floodConnections }, (_, lane) => flood(floodAgent, lane));
const minting = mint(mintAgent);
streams();
const slowBody = (path: string) =>
  `POST ${path} HTTP/1.1\r\nHost: ${base.host}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n`;
slow("slowBodies", [slowBody(sessionQuestionsUrl(sessions[0] ?? "")), slowBody("/")], '{"text":"');
slow("slowHeaders", [`GET ${demosUrl} HTTP/1.1\r\nHost: ${base.host}\r\n`], "X-Slow: a");
// The bench starts its round once every kind of attack is under way.
setTimeout(() => {
  console.error("ready");
}, 1500);

process.once("SIGTERM", () => {
  running = false;
  report.seconds = (performance.now() - startedAt) / 1000;
  for (const socket of sockets) socket.destroy();
  // The writes in flight are answered before the report, so that every vote the server counted is in it.
  const answered = Promise.all([...lanes, minting]);
  void Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 5000))]).then(() => {
    process.stdout.write(`${JSON.stringify(report)}\n`, () => {
      floodAgent.destroy();
      mintAgent.destroy();
      process.exit(0);
    });
  });
});
