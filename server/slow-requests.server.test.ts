import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { demoEventsPath } from "../common/api-contract";
import type { ConnectionBounds } from "./connections";
import { repositoryRoot } from "./start-command";
import { openEventStream } from "./test-support/event-stream";
import {
  request,
  startServer,
  stopServer,
  votingOpenEnv,
  type ServerProcess,
  type StartOptions,
} from "./test-support/server-process";

/**
 * Slow and idle requests end, and one client's cannot take the server (decision 082), over real connections to the
 * server in a process of its own. The attacker connects from another loopback address (Linux routes all of
 * 127.0.0.0/8 to lo), so the caps count it apart from the test's own requests from 127.0.0.1. Waits have outer
 * bounds only: no case asserts how long anything took (the machine is shared).
 */
const servers: ServerProcess[] = [];
const cleanups: (() => void)[] = [];

async function start(options: StartOptions) {
  const server = await startServer(options);
  servers.push(server);
  return server;
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await Promise.all(servers.splice(0).map(stopServer));
});

/** Bounds short enough for a test, long enough that a busy machine still connects every attacker within them. */
const bounds: ConnectionBounds = { headersMs: 3000, requestMs: 6000, keepAliveMs: 1000, checkEveryMs: 250 };
const heartbeatMs = 300;

/** The server's app with `bounds` and a quick heartbeat (test-support/serve-with-bounds.ts), configured by `env`. */
const withBounds = (port: number, env: Record<string, string>): StartOptions => ({
  port,
  env: { ...votingOpenEnv, ...env },
  nodeArgs: [
    "--import",
    "tsx",
    path.join(repositoryRoot, "server/test-support/serve-with-bounds.ts"),
    JSON.stringify(bounds),
    String(heartbeatMs),
  ],
});

interface SlowRequest {
  /** What the server sent back. */
  received: () => string;
  closed: () => boolean;
}

/**
 * The beginning of a request that never finishes arriving: its headers complete and a vote's body of 1,000 bytes
 * announced, under the vote's limit so that the server waits for it (`body`), or its headers never ended (`headers`).
 */
const slowHeads = {
  body: "POST /api/demos/demo-1/vote HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
  headers: "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ",
};

/** Sends `head` from the address `from`, then one byte every `dripMs`, until the server closes the connection. */
function slowRequest(port: number, head: string, from: string, dripMs = 200): SlowRequest {
  const socket = net.connect({ host: "127.0.0.1", port, localAddress: from });
  let received = "";
  let closed = false;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("error", () => undefined);
  socket.on("connect", () => socket.write(head));
  const drip = setInterval(() => {
    if (socket.writable) socket.write("a");
  }, dripMs);
  socket.on("close", () => {
    closed = true;
    clearInterval(drip);
  });
  cleanups.push(() => socket.destroy());
  return { received: () => received, closed: () => closed };
}

/** A connection kept alive after its one request, then left idle. */
function idleConnection(port: number) {
  const socket = net.connect({ host: "127.0.0.1", port });
  let received = "";
  let closed = false;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("close", () => (closed = true));
  socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
  cleanups.push(() => socket.destroy());
  return { received: () => received, closed: () => closed };
}

/** Resolves once `condition` holds, checking every 50 ms; rejects after `withinMs`, a bound on a hang only. */
async function until(condition: () => boolean, what: string, withinMs = 30_000) {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Still waiting after ${String(withinMs / 1000)} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const count = (requests: SlowRequest[], test: (request: SlowRequest) => boolean) => requests.filter(test).length;
const answered408 = (slow: SlowRequest) => slow.received().startsWith("HTTP/1.1 408 ");

describe("Slow and idle requests", { timeout: 90_000 }, () => {
  it("end after their bounds, past one address's cap at once, while health answers and a stream stays open", async () => {
    const { port } = await start(withBounds(4641, { MAX_CONNECTIONS_PER_ADDRESS: "20" }));
    const stream = await openEventStream(port, demoEventsPath);
    const streamOpenedAt = Date.now();
    expect(stream.status).toBe(200);

    const idle = idleConnection(port);

    const attack = [
      ...Array.from({ length: 20 }, () => slowRequest(port, slowHeads.body, "127.0.0.2")),
      ...Array.from({ length: 10 }, () => slowRequest(port, slowHeads.headers, "127.0.0.2")),
    ];
    await until(() => count(attack, (slow) => slow.closed()) >= 10, "the connections over the cap closed");
    // Twenty held by the attacker, and the server still answers everyone else.
    expect(count(attack, (slow) => !slow.closed())).toBe(20);
    for (let i = 0; i < 5; i++) expect((await request(port, "GET", "/api/health")).status).toBe(200);

    await until(() => attack.every((slow) => slow.closed()), "every slow request closed");
    // Those held were answered 408 at their bound; those over the cap were closed before a byte was read.
    expect(count(attack, answered408)).toBe(20);
    expect(count(attack, (slow) => slow.received() === "")).toBe(10);

    await until(() => idle.closed(), "the idle connection closed");
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200 /);

    // The stream has outlived every bound, and still carries its heartbeat.
    await until(() => Date.now() - streamOpenedAt > bounds.requestMs + 2 * bounds.checkEveryMs, "the stream's age");
    expect(stream.ended()).toBe(false);
    await stream.next(() => true, stream.events.length, 10_000);
    expect(stream.ended()).toBe(false);
    stream.close();
  });

  it("caps the connections of all addresses together", async () => {
    const { port } = await start(withBounds(4642, { MAX_CONNECTIONS: "10" }));
    const attack = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"].flatMap((from) =>
      Array.from({ length: 3 }, () => slowRequest(port, slowHeads.headers, from)),
    );
    await until(() => attack.every((slow) => slow.closed()), "every slow request closed");
    expect(count(attack, answered408)).toBe(10);
    expect(count(attack, (slow) => slow.received() === "")).toBe(2);
  });

  it("counts no address behind a proxy, where every connection comes from the proxy", async () => {
    const { port } = await start(withBounds(4643, { MAX_CONNECTIONS_PER_ADDRESS: "5", TRUST_PROXY: "1" }));
    const attack = Array.from({ length: 10 }, () => slowRequest(port, slowHeads.headers, "127.0.0.2"));
    await until(() => attack.every((slow) => slow.closed()), "every slow request closed");
    expect(count(attack, answered408)).toBe(10);
  });

  it("closes a slow request answered before its body arrived, without a second answer", async () => {
    const { port } = await start(withBounds(4645, {}));
    // A page takes no POST: refused at once, while the body is still on its way.
    const refused = slowRequest(
      port,
      "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n",
      "127.0.0.2",
    );
    await until(() => refused.closed(), "the slow request closed");
    expect(refused.received().match(/^HTTP\/1\.1 \d+/gm)).toEqual(["HTTP/1.1 405"]);
  });

  it("keeps health answering with 256 open files and 300 slow requests from one address (issue 41)", async () => {
    const server = await start({ port: 4644, env: votingOpenEnv, openFilesLimit: 256 });
    const warning =
      "The open-file limit is 256: MAX_CONNECTIONS lowered from 16000 to 128 and MAX_CONNECTIONS_PER_ADDRESS to 64";
    await until(() => server.stderr().includes(warning), "the warning");
    const attack = Array.from({ length: 300 }, () => slowRequest(server.port, slowHeads.body, "127.0.0.2", 1000));
    await until(() => count(attack, (slow) => slow.closed()) >= 236, "the connections over the cap closed");
    for (let i = 0; i < 5; i++) expect((await request(server.port, "GET", "/api/health")).status).toBe(200);
    expect(count(attack, (slow) => !slow.closed())).toBe(64);
  });
});
